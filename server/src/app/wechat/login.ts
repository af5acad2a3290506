import { ResultCode } from '../../../../types/codes.js'
import { WECHAT_TICKET_TTL_S, WechatText, type WechatConfigAnswer, type WechatLoginAnswer } from '../../../../types/wechat.js'
import { WechatErr, WechatError, type WechatApi, type WechatIdentity } from '../../adapters/wechat.js'
import type { AppContext } from '../../context.js'
import { bind, boundAccount, isBound, saveTicket, spendTicket, unbind } from '../../data/wechat.js'
import type { ClientInfo } from '../../domain/clientInfo.js'
import { finishLogin, throttledAttempt } from '../login.js'
import { Refusal, badRequest, conflict } from '../../domain/refusal.js'
import { addressKey, pairKey } from '../../domain/throttle.js'
import { hashToken, newToken } from '../../domain/tokens.js'
import { findUserById } from '../../data/users.js'

/** 微信一键登录 and the binding of a WeChat to an account (README, "The WeChat mini-program"). */

export function requireWechat(ctx: AppContext): WechatApi {
  if (!ctx.wechat) throw new Refusal(ResultCode.NotConfigured, WechatText.NotConfigured)
  return ctx.wechat
}

export const configuredTemplates = (ctx: AppContext): string[] =>
  ctx.wechat && ctx.config.wechat ? [ctx.config.wechat.templates.message, ctx.config.wechat.templates.call].filter((t): t is string => !!t) : []

export function wechatSettings(ctx: AppContext): WechatConfigAnswer {
  return { login: ctx.wechat !== null, templateIds: [...new Set(configuredTemplates(ctx))] }
}

/** WeChat's refusals other than a bad code, in the user's words. */
export function wechatRefusal(err: unknown): never {
  if (err instanceof WechatError) {
    if (err.errcode === WechatErr.RateLimited || err.errcode === WechatErr.Busy) throw new Refusal(ResultCode.TooManyRequests, WechatText.Unavailable)
    throw new Refusal(ResultCode.ServiceUnavailable, WechatText.Unavailable)
  }
  throw err
}

const isBadCode = (err: unknown) => err instanceof WechatError && (err.errcode === WechatErr.InvalidCode || err.errcode === WechatErr.CodeUsed)

/** A code for the identity behind it, or the refusal the user reads. */
export async function exchangeCode(api: WechatApi, code: string): Promise<WechatIdentity> {
  try {
    return await api.codeToSession(code)
  } catch (err) {
    if (isBadCode(err)) throw badRequest(WechatText.InvalidCode)
    return wechatRefusal(err)
  }
}

/**
 * A wx.login code for a login. A bad or spent code counts as a failed attempt of the address
 * (the password logins' throttle, docs/security.md), so an address cannot try codes without end;
 * WeChat being away counts as nothing.
 */
export async function wechatLogin(ctx: AppContext, code: string, client: ClientInfo): Promise<WechatLoginAnswer> {
  const api = requireWechat(ctx)
  let identity: WechatIdentity | null = null
  const valid = await throttledAttempt(ctx, pairKey('wechat', client.ip), [addressKey(client.ip)], async () => {
    try {
      identity = await api.codeToSession(code)
      return true
    } catch (err) {
      if (isBadCode(err)) return false
      return wechatRefusal(err)
    }
  })
  if (!valid || !identity) throw badRequest(WechatText.InvalidCode)
  const wtId = await boundAccount(ctx.db, identity)
  const user = wtId ? await findUserById(ctx.db, wtId) : null
  if (user) return { status: 'ok', ...(await finishLogin(ctx, user, client)) }
  const ticket = newToken(24)
  await saveTicket(ctx.db, hashToken(ticket), identity, WECHAT_TICKET_TTL_S)
  return { status: 'unbound', ticket, expiresIn: WECHAT_TICKET_TTL_S }
}

/** After a phone login or a registration: the ticket's WeChat becomes this account's. */
export async function bindWechat(ctx: AppContext, wtId: string, ticket: string): Promise<void> {
  requireWechat(ctx)
  const identity = await spendTicket(ctx.db, hashToken(ticket))
  if (!identity) throw badRequest(WechatText.TicketExpired)
  const outcome = await bind(ctx.db, wtId, identity)
  if (outcome === 'takenByOther') throw conflict(WechatText.BoundElsewhere)
  if (outcome === 'accountHasOther') throw conflict(WechatText.AccountBound)
}

export const wechatBound = (ctx: AppContext, wtId: string): Promise<boolean> => isBound(ctx.db, wtId)

export async function unbindWechat(ctx: AppContext, wtId: string): Promise<void> {
  if (!(await unbind(ctx.db, wtId))) throw badRequest(WechatText.NotBound)
}
