import { randomInt } from 'node:crypto'
import type { UserConfig } from '../../../types/auth.js'
import type { Queryable } from '../db/Db.js'
import { defaultAvatar } from '../domain/defaultAvatars.js'
import type { UserRow } from '../domain/users.js'

/**
 * A membership past its vip_expires_at reads as none at once (vipType 0, level 0): the daily call
 * limit is back on the next check, without waiting for a job to rewrite the row.
 */
export const EFFECTIVE_VIP_TYPE = '(CASE WHEN vip_expires_at IS NOT NULL AND vip_expires_at <= now() THEN 0 ELSE vip_type END)'
export const EFFECTIVE_VIP_LEVEL = '(CASE WHEN vip_expires_at IS NOT NULL AND vip_expires_at <= now() THEN 0 ELSE vip_level END)'

/** The users columns every UserRow read answers (the lookups and insertUser below). */
const USER_COLUMNS = `wt_id, phone, pwd_hash, nick_name, avatar, bio, ${EFFECTIVE_VIP_TYPE} AS vip_type, ${EFFECTIVE_VIP_LEVEL} AS vip_level, action_status, lock_pwd_hash, lock_pwd_tips, closed_by, is_operator`

export async function findUserById(db: Queryable, wtId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE wt_id = $1`, [wtId])
  return rows[0] ?? null
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE phone = $1`, [phone])
  return rows[0] ?? null
}

export interface NewUser {
  phone: string
  pwdHash: string
  nickName: string
  wtId?: string
  vipType?: number
  vipLevel?: number
}

/**
 * Creates a user with a random 8-digit numeric ID. Returns null when the phone is taken.
 * A collision on the random ID is retried; the phone's uniqueness is the database's to enforce.
 */
export async function insertUser(db: Queryable, u: NewUser): Promise<UserRow | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const wtId = u.wtId ?? String(randomInt(10_000_000, 100_000_000))
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar, vip_type, vip_level)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING
       RETURNING ${USER_COLUMNS}`,
      [wtId, u.phone, u.pwdHash, u.nickName, defaultAvatar(wtId), u.vipType ?? 0, u.vipLevel ?? 0],
    )
    if (rows[0]) {
      await db.query('INSERT INTO user_config (wt_id) VALUES ($1) ON CONFLICT DO NOTHING', [wtId])
      return rows[0]
    }
    if (await findUserByPhone(db, u.phone)) return null
    if (u.wtId) throw new Error(`user id ${u.wtId} is taken`)
  }
  throw new Error('could not allocate a user id')
}

export async function getUserConfig(db: Queryable, u: UserRow): Promise<UserConfig> {
  const { rows } = await db.query<{ phrase_switch: number; allow_notifications: boolean; show_previews: boolean }>(
    'SELECT phrase_switch, allow_notifications, show_previews FROM user_config WHERE wt_id = $1',
    [u.wt_id],
  )
  const c = rows[0] ?? { phrase_switch: 1, allow_notifications: true, show_previews: false }
  return {
    phraseSwitch: c.phrase_switch,
    lockPwdEnabled: u.lock_pwd_hash !== null,
    lockPwdTips: u.lock_pwd_tips,
    allowNotifications: c.allow_notifications,
    showPreviews: c.show_previews,
  }
}

export async function setLockPassword(q: Queryable, wtId: string, lockPwdHash: string, tips: string): Promise<void> {
  await q.query('UPDATE users SET lock_pwd_hash = $2, lock_pwd_tips = $3 WHERE wt_id = $1', [wtId, lockPwdHash, tips])
}

export async function clearLockPassword(q: Queryable, wtId: string): Promise<void> {
  await q.query(`UPDATE users SET lock_pwd_hash = NULL, lock_pwd_tips = '' WHERE wt_id = $1`, [wtId])
}

export async function setPasswordHash(q: Queryable, wtId: string, pwdHash: string): Promise<void> {
  await q.query('UPDATE users SET pwd_hash = $2 WHERE wt_id = $1', [wtId, pwdHash])
}

/** The SQL of a numbered user's ID: `9` and `n` as seven digits (the benchmark's users, 9NNNNNNN). */
export const NUMBERED_WT_ID = `'9' || lpad(n::text, 7, '0')`

/**
 * The numbered users from `first` to `last` and their settings rows, generated in the database
 * (phone 170 and the ID, nick name bench and the ID, one password hash for all); users that exist
 * stay as they are.
 */
export async function insertNumberedUsers(q: Queryable, first: number, last: number, pwdHash: string, avatarPrefix: string): Promise<void> {
  await q.query(
    `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
     SELECT ${NUMBERED_WT_ID}, '170' || ${NUMBERED_WT_ID}, $3, 'bench' || ${NUMBERED_WT_ID}, $4 || ${NUMBERED_WT_ID} || '.svg'
     FROM generate_series($1::int, $2::int) AS n ON CONFLICT DO NOTHING`,
    [first, last, pwdHash, avatarPrefix],
  )
  await q.query(`INSERT INTO user_config (wt_id) SELECT ${NUMBERED_WT_ID} FROM generate_series($1::int, $2::int) AS n ON CONFLICT DO NOTHING`, [first, last])
}
