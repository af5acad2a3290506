import type { LockPwdSetBody } from '../../../types/auth.js'
import type { Db, Queryable } from '../db/Db.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { badRequest, notFound } from './refusal.js'
import { revokeUserSessions } from './sessions.js'
import { findUserById, type UserRow } from './users.js'

/** The account behind a session. */
export async function requireUser(q: Queryable, wtId: string): Promise<UserRow> {
  const user = await findUserById(q, wtId)
  if (!user) throw notFound('用户不存在')
  return user
}

/** Security settings change only with the login password. */
async function userWithPassword(q: Queryable, wtId: string, pwd: string): Promise<UserRow> {
  const user = await requireUser(q, wtId)
  if (!(await verifyPassword(pwd, user.pwd_hash))) throw badRequest('登录密码错误')
  return user
}

export async function setLockPassword(q: Queryable, wtId: string, body: LockPwdSetBody): Promise<void> {
  const user = await userWithPassword(q, wtId, body.pwd)
  await q.query('UPDATE users SET lock_pwd_hash = $2, lock_pwd_tips = $3 WHERE wt_id = $1', [user.wt_id, await hashPassword(body.lockPwd), body.tips])
}

export async function clearLockPassword(q: Queryable, wtId: string, pwd: string): Promise<void> {
  const user = await userWithPassword(q, wtId, pwd)
  await q.query(`UPDATE users SET lock_pwd_hash = NULL, lock_pwd_tips = '' WHERE wt_id = $1`, [user.wt_id])
}

/** A new login password ends every other session of the user; answers the ended sessions' token hashes. */
export async function changePassword(db: Db, wtId: string, keepSession: string, oldPwd: string, newPwd: string): Promise<string[]> {
  const user = await userWithPassword(db, wtId, oldPwd)
  return db.tx(async (q) => {
    await q.query('UPDATE users SET pwd_hash = $2 WHERE wt_id = $1', [user.wt_id, await hashPassword(newPwd)])
    return revokeUserSessions(q, user.wt_id, keepSession)
  })
}
