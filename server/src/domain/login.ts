import { QR_CODE_TTL_S, TWO_FACTOR_TICKET_TTL_S, type LoginResult } from '../../../types/auth.js'
import { AdminText } from '../../../types/admin.js'
import { ResultCode } from '../../../types/codes.js'
import type { AppContext } from '../context.js'
import { Refusal, badRequest } from './refusal.js'
import { dummyPasswordHash, withPasswordHashing } from './passwords.js'
import { createSession } from './sessions.js'
import { accountKey, addressKey, forgiveAttempt, isKnownAddress, pairKey, rememberAddress, reserveAttempt, throttledText } from './throttle.js'
import { hashToken, newToken, signImToken } from './tokens.js'
import { findUserById, findUserByPhone, toLoginResult, type UserRow } from './users.js'

export interface ClientInfo {
  ip: string
  deviceId: string
  userAgent: string
}

export const WRONG_CREDENTIALS = '账号或密码错误'

export async function issueLogin(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResult> {
  const token = await createSession(ctx.db, user.wt_id, client)
  await rememberAddress(ctx.db, user.wt_id, client.ip)
  return toLoginResult(user, token, signImToken(ctx.imSecret, user.wt_id))
}

/**
 * One password attempt under the throttle (callers hold a place in the hashing pool first, so a
 * login refused for a full pool is not counted): reserved before `check` runs (so a parallel burst is
 * counted before any password is compared), forgiven when it succeeds. `account` is the same
 * key whatever the login form. An address the account has logged in from before feels only its
 * own pair's limit, so failures elsewhere never lock the owner out of a usual place.
 */
async function throttledCheck(ctx: AppContext, account: string, wtId: string | null, ip: string, check: () => Promise<boolean>): Promise<boolean> {
  const known = wtId !== null && (await isKnownAddress(ctx.db, wtId, ip))
  const pair = pairKey(account, ip)
  const wider = known ? [] : [accountKey(account), addressKey(ip)]
  const wait = await reserveAttempt(ctx.db, [pair, ...wider])
  if (wait > 0) throw new Refusal(ResultCode.TooManyRequests, throttledText(wait))
  const valid = await check()
  if (valid) await forgiveAttempt(ctx.db, pair, wider)
  return valid
}

/**
 * Password login by phone or ID. Throttled per account, whichever form names it. With a lock
 * password set, it answers 712 with a single-use ticket as `msg` instead of logging in.
 */
export async function passwordLogin(
  ctx: AppContext,
  by: { phone: string } | { wtId: string },
  pwd: string,
  client: ClientInfo,
): Promise<LoginResult> {
  const user = 'phone' in by ? await findUserByPhone(ctx.db, by.phone) : await findUserById(ctx.db, by.wtId)
  const account = user ? `user:${user.wt_id}` : 'phone' in by ? `phone:${by.phone}` : `id:${by.wtId}`
  const valid = await withPasswordHashing((hasher) =>
    throttledCheck(ctx, account, user?.wt_id ?? null, client.ip, async () =>
      hasher.verify(pwd, user?.pwd_hash ?? dummyPasswordHash()).then((ok) => ok && user !== null),
    ),
  )
  if (!user || !valid) throw badRequest(WRONG_CREDENTIALS)
  if (user.action_status !== 0) {
    throw user.closed_by === 'operator' ? new Refusal(ResultCode.AccountDisabled, AdminText.Deactivated) : new Refusal(ResultCode.AccountDeleted, AdminText.Deleted)
  }
  if (user.lock_pwd_hash) {
    const ticket = newToken(24)
    await ctx.db.query(
      `INSERT INTO login_tickets (ticket_hash, wt_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [hashToken(ticket), user.wt_id, TWO_FACTOR_TICKET_TTL_S],
    )
    throw new Refusal(ResultCode.TwoFactorRequired, ticket)
  }
  return issueLogin(ctx, user, client)
}

async function liveTicketUser(ctx: AppContext, ticket: string): Promise<UserRow> {
  const { rows } = await ctx.db.query<{ wt_id: string }>(
    'SELECT wt_id FROM login_tickets WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [hashToken(ticket)],
  )
  const user = rows[0] && (await findUserById(ctx.db, rows[0].wt_id))
  if (!user) throw badRequest('验证已过期，请重新登录')
  return user
}

export async function lockPasswordTips(ctx: AppContext, ticket: string): Promise<string> {
  return (await liveTicketUser(ctx, ticket)).lock_pwd_tips
}

/** Second step: the lock password against a live ticket. The ticket is spent only on success. */
export async function completeTwoFactor(ctx: AppContext, ticket: string, lockPwd: string, client: ClientInfo): Promise<LoginResult> {
  const user = await liveTicketUser(ctx, ticket)
  const valid = await withPasswordHashing((hasher) =>
    throttledCheck(ctx, `lock:${user.wt_id}`, user.wt_id, client.ip, async () =>
      user.lock_pwd_hash ? hasher.verify(lockPwd, user.lock_pwd_hash) : false,
    ),
  )
  if (!valid) throw badRequest('锁密码错误')
  const spent = await ctx.db.query(
    'UPDATE login_tickets SET used_at = now() WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [hashToken(ticket)],
  )
  if (spent.rowCount !== 1) throw badRequest('验证已过期，请重新登录')
  return issueLogin(ctx, user, client)
}

export async function createQrLogin(ctx: AppContext): Promise<{ code: string; expiresIn: number }> {
  const code = newToken(18)
  await ctx.db.query(`INSERT INTO qr_logins (code, expires_at) VALUES ($1, now() + make_interval(secs => $2))`, [code, QR_CODE_TTL_S])
  await ctx.db.query(`DELETE FROM qr_logins WHERE expires_at < now() - interval '1 hour'`)
  return { code, expiresIn: QR_CODE_TTL_S }
}

type QrRow = { status: string; wt_id: string | null; expired: boolean }

async function qrRow(ctx: AppContext, code: string): Promise<QrRow> {
  const { rows } = await ctx.db.query<QrRow>('SELECT status, wt_id, expires_at < now() AS expired FROM qr_logins WHERE code = $1', [code])
  if (!rows[0]) throw badRequest('二维码无效，请刷新')
  return rows[0]
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
  const taken = await ctx.db.query<{ wt_id: string }>(
    `UPDATE qr_logins SET status = 'consumed' WHERE code = $1 AND status = 'confirmed' RETURNING wt_id`,
    [code],
  )
  const user = taken.rows[0] && (await findUserById(ctx.db, taken.rows[0].wt_id))
  if (!user) return { status: 'expired' }
  return { status: 'confirmed', ...(await issueLogin(ctx, user, client)) }
}

/** A logged-in device marks the code scanned, then confirms it for its own account. */
export async function advanceQrLogin(ctx: AppContext, code: string, wtId: string, to: 'scanned' | 'confirmed'): Promise<void> {
  const row = await qrRow(ctx, code)
  if (row.expired || row.status === 'consumed' || row.status === 'confirmed') throw badRequest('二维码已过期，请在网页上刷新')
  const { rowCount } = await ctx.db.query(
    `UPDATE qr_logins SET status = $2, wt_id = $3 WHERE code = $1 AND status IN ('pending', 'scanned') AND expires_at > now()`,
    [code, to, wtId],
  )
  if (rowCount !== 1) throw badRequest('二维码已过期，请在网页上刷新')
}
