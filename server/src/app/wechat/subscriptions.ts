import { ResultCode } from '../../../../types/codes.js'
import { WechatText, type WechatSubscriptionAnswer } from '../../../../types/wechat.js'
import type { AppContext } from '../../context.js'
import { addAcceptances, remainingNotices } from '../../data/wechat.js'
import { Refusal, badRequest } from '../../domain/refusal.js'
import { configuredTemplates, exchangeCode, requireWechat } from './login.js'

/** The subscription messages a user accepted in 设置 → 消息提醒 (wx.requestSubscribeMessage). */

function templatesOrRefuse(ctx: AppContext): string[] {
  requireWechat(ctx)
  const templates = configuredTemplates(ctx)
  if (templates.length === 0) throw new Refusal(ResultCode.NotConfigured, WechatText.NoTemplates)
  return templates
}

export async function subscriptionStatus(ctx: AppContext, wtId: string): Promise<WechatSubscriptionAnswer> {
  const remaining = await remainingNotices(ctx.db, wtId, templatesOrRefuse(ctx))
  return { subscribed: remaining > 0, remaining }
}

/**
 * Records the templates the user accepted, for the openid of the WeChat that accepted them (a
 * fresh wx.login code says which): notices go there whether or not the account is bound for login.
 */
export async function acceptSubscriptions(ctx: AppContext, wtId: string, code: string, accepted: readonly string[]): Promise<WechatSubscriptionAnswer> {
  const templates = templatesOrRefuse(ctx)
  const known = accepted.filter((t) => templates.includes(t))
  if (known.length === 0) throw badRequest(WechatText.NothingAccepted)
  const { openid } = await exchangeCode(requireWechat(ctx), code)
  await addAcceptances(ctx.db, wtId, openid, known)
  return subscriptionStatus(ctx, wtId)
}
