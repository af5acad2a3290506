import type { UserConfig } from '../../../types/auth.js'
import type { Queryable } from '../db/Db.js'
import { USER_COLUMNS, type UserRow } from '../domain/users.js'

export async function findUserById(db: Queryable, wtId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE wt_id = $1`, [wtId])
  return rows[0] ?? null
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
