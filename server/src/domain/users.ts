import { randomInt } from 'node:crypto'
import type { LoginResult, UserInfo } from '../../../types/auth.js'
import type { Queryable } from '../db/Db.js'
import { holdsOperatorRole } from './admin/role.js'
import { defaultAvatar } from './defaultAvatars.js'

export interface UserRow {
  wt_id: string
  phone: string
  pwd_hash: string
  nick_name: string
  avatar: string
  bio: string
  vip_type: number
  vip_level: number
  action_status: number
  lock_pwd_hash: string | null
  lock_pwd_tips: string
  /** Who closed the account (action_status 1): 'operator' (deactivated) or 'self' (deleted). */
  closed_by: string | null
  /** Set by `npm run admin -- promote`; the role also comes from ADMIN_PHONES (admin/role.ts). */
  is_operator: boolean
}

/**
 * A membership past its vip_expires_at reads as none at once (vipType 0, level 0): the daily call
 * limit is back on the next check, without waiting for a job to rewrite the row.
 */
export const EFFECTIVE_VIP_TYPE = '(CASE WHEN vip_expires_at IS NOT NULL AND vip_expires_at <= now() THEN 0 ELSE vip_type END)'
export const EFFECTIVE_VIP_LEVEL = '(CASE WHEN vip_expires_at IS NOT NULL AND vip_expires_at <= now() THEN 0 ELSE vip_level END)'

/** The users columns every UserRow read answers (data/users.ts and insertUser below). */
export const USER_COLUMNS = `wt_id, phone, pwd_hash, nick_name, avatar, bio, ${EFFECTIVE_VIP_TYPE} AS vip_type, ${EFFECTIVE_VIP_LEVEL} AS vip_level, action_status, lock_pwd_hash, lock_pwd_tips, closed_by, is_operator`

export { defaultAvatar } from './defaultAvatars.js'

/**
 * The phone lookup and the insert stay beside the rules while domain/demo.ts seeds its accounts
 * through insertUser; they go to data/users.ts when the demo seeding moves to app/.
 */
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

export function toUserInfo(u: UserRow): UserInfo {
  return {
    wtId: u.wt_id,
    phone: u.phone,
    avatar: u.avatar,
    nickName: u.nick_name,
    vipLevel: u.vip_level,
    vipType: u.vip_type,
    bio: u.bio,
    operator: holdsOperatorRole(u),
  }
}

export function toLoginResult(u: UserRow, token: string, imToken: string): LoginResult {
  return {
    token,
    wtId: u.wt_id,
    imToken,
    avatar: u.avatar,
    nickName: u.nick_name,
    vipLevel: u.vip_level,
    vipType: u.vip_type,
  }
}
