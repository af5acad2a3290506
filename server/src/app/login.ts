import { QR_CODE_TTL_S, TWO_FACTOR_TICKET_TTL_S, type LoginResult } from '../../../types/auth.js'
import { AdminText } from '../../../types/admin.js'
import { ResultCode } from '../../../types/codes.js'
import type { AppContext } from '../context.js'
import * as login from '../data/login.js'
import { isKnownAddress, rememberAddress } from '../data/throttle.js'
import { findUserById, findUserByPhone, insertUser } from '../data/users.js'
import type { ClientInfo } from '../domain/clientInfo.js'
import { ATTEMPT_POLL_MS, ATTEMPT_QUEUE_MS, WRONG_CREDENTIALS } from '../domain/login.js'
import { HASHING_BUSY_TEXT } from '../domain/passwords.js'
import { Refusal, badRequest } from '../domain/refusal.js'
import { accountKey, addressKey, pairKey, throttledText, type AttemptOutcome, type ThrottleKey } from '../domain/throttle.js'
import { hashToken, newToken, signImToken } from '../domain/tokens.js'
import { toLoginResult, type UserRow } from '../domain/users.js'
import { createSession } from './sessions.js'
import { reserveAttempt, settleAttempt } from './throttle.js'

export async function issueLogin(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResult> {
  const token = await createSession(ctx.db, user.wt_id, client)
  await rememberAddress(ctx.db, user.wt_id, client.ip)
  return toLoginResult(user, token, signImToken(ctx.imSecret, user.wt_id))
}

/**
 * One password attempt under the throttle (callers hold a place in the hashing pool first, so a
 * login refused for a full pool is not counted). It is reserved before `check` runs, so a
 * parallel burst reaches the check no more often than the free failures allow; an attempt that
 * finds others in flight waits for them to settle (failures then block it, successes let it
 * through), so a right password is never refused for failures it did not make. `account` is the
 * same key whatever the login form. An address the account has logged in from before feels only
 * its own pair's limit, so failures elsewhere never lock the owner out of a usual place.
 */
async function throttledCheck(ctx: AppContext, account: string, wtId: string | null, ip: string, check: () => Promise<boolean>): Promise<boolean> {
  const known = wtId !== null && (await isKnownAddress(ctx.db, wtId, ip))
  return throttledAttempt(ctx, pairKey(account, ip), known ? [] : [accountKey(account), addressKey(ip)], check)
}

/**
 * One attempt under the throttle's keys: `pair` ends its streak on a success, `wider` keys only
 * count. `check` answers whether the attempt succeeded; when it throws, the attempt counts as
 * neither. Other ways to log in (WeChat's codes) go through here too.
 */
export async function throttledAttempt(ctx: AppContext, pair: ThrottleKey, wider: ThrottleKey[], check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ATTEMPT_QUEUE_MS
  for (;;) {
    const reservation = await reserveAttempt(ctx.db, [pair, ...wider])
    if (reservation.kind === 'go') break
    if (reservation.kind === 'blocked') throw new Refusal(ResultCode.TooManyRequests, throttledText(reservation.seconds))
    if (Date.now() > deadline) throw new Refusal(ResultCode.TooManyRequests, HASHING_BUSY_TEXT)
    await new Promise((resolve) => setTimeout(resolve, ATTEMPT_POLL_MS))
  }
  let outcome: AttemptOutcome = 'abandoned'
  try {
    const valid = await check()
    outcome = valid ? 'succeeded' : 'failed'
    return valid
  } finally {
    await settleAttempt(ctx.db, pair, wider, outcome)
  }
}

/**
 * Password login by phone or ID. Throttled per account, whichever form names it.
 */
export async function passwordLogin(
  ctx: AppContext,
  by: { phone: string } | { wtId: string },
  pwd: string,
  client: ClientInfo,
): Promise<LoginResult> {
  const user = 'phone' in by ? await findUserByPhone(ctx.db, by.phone) : await findUserById(ctx.db, by.wtId)
  const account = user ? `user:${user.wt_id}` : 'phone' in by ? `phone:${by.phone}` : `id:${by.wtId}`
  const valid = await ctx.passwords.withHasher((hasher) =>
    throttledCheck(ctx, account, user?.wt_id ?? null, client.ip, async () =>
      hasher.verify(pwd, user?.pwd_hash ?? ctx.passwords.dummyHash()).then((ok) => ok && user !== null),
    ),
  )
  if (!user || !valid) throw badRequest(WRONG_CREDENTIALS)
  return finishLogin(ctx, user, client)
}

/**
 * An account whose owner has been recognised (a password, a bound WeChat): refused when closed;
 * with a lock password set, it answers 712 with a single-use ticket as `msg` instead of logging in.
 */
export async function finishLogin(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResult> {
  if (user.action_status !== 0) {
    throw user.closed_by === 'operator' ? new Refusal(ResultCode.AccountDisabled, AdminText.Deactivated) : new Refusal(ResultCode.AccountDeleted, AdminText.Deleted)
  }
  if (user.lock_pwd_hash) {
    const ticket = newToken(24)
    await login.insertLoginTicket(ctx.db, hashToken(ticket), user.wt_id, TWO_FACTOR_TICKET_TTL_S)
    throw new Refusal(ResultCode.TwoFactorRequired, ticket)
  }
  return issueLogin(ctx, user, client)
}

async function liveTicketUser(ctx: AppContext, ticket: string): Promise<UserRow> {
  const wtId = await login.liveTicketOwner(ctx.db, hashToken(ticket))
  const user = wtId !== null && (await findUserById(ctx.db, wtId))
  if (!user) throw badRequest('验证已过期，请重新登录')
  return user
}

export async function lockPasswordTips(ctx: AppContext, ticket: string): Promise<string> {
  return (await liveTicketUser(ctx, ticket)).lock_pwd_tips
}

/** Second step: the lock password against a live ticket. The ticket is spent only on success. */
export async function completeTwoFactor(ctx: AppContext, ticket: string, lockPwd: string, client: ClientInfo): Promise<LoginResult> {
  const user = await liveTicketUser(ctx, ticket)
  const valid = await ctx.passwords.withHasher((hasher) =>
    throttledCheck(ctx, `lock:${user.wt_id}`, user.wt_id, client.ip, async () =>
      user.lock_pwd_hash ? hasher.verify(lockPwd, user.lock_pwd_hash) : false,
    ),
  )
  if (!valid) throw badRequest('锁密码错误')
  if (!(await login.spendLoginTicket(ctx.db, hashToken(ticket)))) throw badRequest('验证已过期，请重新登录')
  return issueLogin(ctx, user, client)
}

export async function createQrLogin(ctx: AppContext): Promise<{ code: string; expiresIn: number }> {
  const code = newToken(18)
  await login.insertQrLogin(ctx.db, code, QR_CODE_TTL_S)
  await login.deleteOldQrLogins(ctx.db)
  return { code, expiresIn: QR_CODE_TTL_S }
}

async function qrRow(ctx: AppContext, code: string): Promise<login.QrRow> {
  const row = await login.qrLogin(ctx.db, code)
  if (!row) throw badRequest('二维码无效，请刷新')
  return row
}

/** What the waiting browser sees when it polls. A confirmed code logs it in exactly once. */
export async function pollQrLogin(
  ctx: AppContext,
  code: string,
  client: ClientInfo,
): Promise<{ status: 'pending' | 'scanned' | 'expired' } | (LoginResult & { status: 'confirmed' })> {
  const row = await qrRow(ctx, code)
  if (row.status === 'consumed' || row.expired) return { status: 'expired' }
  if (row.status !== 'confirmed') return { status: row.status === 'scanned' ? 'scanned' : 'pending' }
  const taken = await login.consumeQrLogin(ctx.db, code)
  const user = taken !== null && (await findUserById(ctx.db, taken))
  if (!user) return { status: 'expired' }
  return { status: 'confirmed', ...(await issueLogin(ctx, user, client)) }
}

/** A logged-in device marks the code scanned, then confirms it for its own account. */
export async function advanceQrLogin(ctx: AppContext, code: string, wtId: string, to: 'scanned' | 'confirmed'): Promise<void> {
  const row = await qrRow(ctx, code)
  if (row.expired || row.status === 'consumed' || row.status === 'confirmed') throw badRequest('二维码已过期，请在网页上刷新')
  if (!(await login.advanceQrLogin(ctx.db, code, to, wtId))) throw badRequest('二维码已过期，请在网页上刷新')
}

/** A new account with its phone and password; logged in at once. The phone may be registered once. */
export async function register(ctx: AppContext, u: { phone: string; nickName: string; pwd: string }, client: ClientInfo): Promise<LoginResult> {
  const user = await insertUser(ctx.db, { phone: u.phone, pwdHash: await ctx.passwords.hash(u.pwd), nickName: u.nickName })
  if (!user) throw new Refusal(ResultCode.Conflict, '该手机号已注册，请直接登录')
  return issueLogin(ctx, user, client)
}
