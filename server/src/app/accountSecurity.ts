import type { LockPwdSetBody } from '../../../types/auth.js'
import { revokeUserSessions } from '../data/sessions.js'
import * as users from '../data/users.js'
import type { Db, Queryable } from '../db/Db.js'
import type { PasswordHasher } from '../domain/passwords.js'
import { badRequest, notFound } from '../domain/refusal.js'
import type { UserRow } from '../domain/users.js'

/** The account behind a session. */
export async function requireUser(q: Queryable, wtId: string): Promise<UserRow> {
  const user = await users.findUserById(q, wtId)
  if (!user) throw notFound('用户不存在')
  return user
}

/** Security settings change only with the login password. */
async function userWithPassword(q: Queryable, hashing: PasswordHasher, wtId: string, pwd: string): Promise<UserRow> {
  const user = await requireUser(q, wtId)
  if (!(await hashing.verify(pwd, user.pwd_hash))) throw badRequest('登录密码错误')
  return user
}

export async function setLockPassword(q: Queryable, hashing: PasswordHasher, wtId: string, body: LockPwdSetBody): Promise<void> {
  const user = await userWithPassword(q, hashing, wtId, body.pwd)
  await users.setLockPassword(q, user.wt_id, await hashing.hash(body.lockPwd), body.tips)
}

export async function clearLockPassword(q: Queryable, hashing: PasswordHasher, wtId: string, pwd: string): Promise<void> {
  const user = await userWithPassword(q, hashing, wtId, pwd)
  await users.clearLockPassword(q, user.wt_id)
}

/** A new login password ends every other session of the user; answers the ended sessions' token hashes. */
export async function changePassword(db: Db, hashing: PasswordHasher, wtId: string, keepSession: string, oldPwd: string, newPwd: string): Promise<string[]> {
  const user = await userWithPassword(db, hashing, wtId, oldPwd)
  return db.tx(async (q) => {
    await users.setPasswordHash(q, user.wt_id, await hashing.hash(newPwd))
    return revokeUserSessions(q, user.wt_id, keepSession)
  })
}

/** The account's settings (安全设置 and notifications). */
export async function userConfig(q: Queryable, wtId: string) {
  return users.getUserConfig(q, await requireUser(q, wtId))
}
