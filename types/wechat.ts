import { z } from 'zod'
import { LoginResult } from './auth'

export * from './plain/wechat'

/**
 * WeChat login and subscription messages for the mini-program (docs: README "The WeChat
 * mini-program"). The WeChat identity (openid, unionid) never leaves the server: answers say only
 * whether an account is bound or subscribed.
 */

/** A code from wx.login: valid once, for five minutes. */
export const WechatCodeBody = z.object({ code: z.string().trim().min(1, '缺少微信登录凭证').max(128, '微信登录凭证过长') })
export type WechatCodeBody = z.infer<typeof WechatCodeBody>

/** What the login page and the settings need to know before showing WeChat's buttons. */
export const WechatConfigAnswer = z.object({
  login: z.boolean(),
  /** The templates of wx.requestSubscribeMessage, in the order to ask; empty: no subscription messages. */
  templateIds: z.array(z.string()),
})
export type WechatConfigAnswer = z.infer<typeof WechatConfigAnswer>

/** A bound WeChat logs in at once; an unbound one gets a ticket to bind after a phone login or a registration. */
export const WechatLoginAnswer = z.discriminatedUnion('status', [
  LoginResult.extend({ status: z.literal('ok') }),
  z.object({ status: z.literal('unbound'), ticket: z.string(), expiresIn: z.number().int() }),
])
export type WechatLoginAnswer = z.infer<typeof WechatLoginAnswer>

export const WechatBindBody = z.object({ ticket: z.string().min(8).max(128) })
export type WechatBindBody = z.infer<typeof WechatBindBody>

export const WechatBindingAnswer = z.object({ bound: z.boolean() })
export type WechatBindingAnswer = z.infer<typeof WechatBindingAnswer>

/** The templates the user accepted in wx.requestSubscribeMessage, with a fresh wx.login code naming who they are. */
export const WechatSubscribeBody = z.object({
  code: WechatCodeBody.shape.code,
  accepted: z.array(z.string().min(1).max(128)).max(3),
})
export type WechatSubscribeBody = z.infer<typeof WechatSubscribeBody>

/** Notices the server may still send (each acceptance is good for one, as WeChat counts them). */
export const WechatSubscriptionAnswer = z.object({ subscribed: z.boolean(), remaining: z.number().int() })
export type WechatSubscriptionAnswer = z.infer<typeof WechatSubscriptionAnswer>
