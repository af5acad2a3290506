import { z } from 'zod'

/**
 * What the member centre and the account settings exchange with the server. Kept apart from the
 * console's schemas (types/admin.ts), which only the /admin page loads.
 */

export const Membership = z.object({
  vipType: z.number().int(),
  vipLevel: z.number().int(),
  /** ISO time; null: no end (or not a member). */
  expiresAt: z.string().nullable(),
})
export type Membership = z.infer<typeof Membership>

export const MembershipEvent = z.object({
  id: z.number().int(),
  wtId: z.string(),
  nickName: z.string(),
  at: z.string(),
  /** grant (operator), code (redeemed), revoke (operator ended it). */
  source: z.string(),
  vipType: z.number().int(),
  vipLevel: z.number().int(),
  expiresAt: z.string().nullable(),
  operator: z.string(),
  code: z.string(),
})
export type MembershipEvent = z.infer<typeof MembershipEvent>

/** Upload budget of members, as a multiple of everyone's (the server's RATE_UPLOAD_MB_PER_HOUR). */
export const MEMBER_UPLOAD_FACTOR = 5

export const MemberCentre = z.object({
  membership: Membership,
  /** True while the membership is in force. */
  active: z.boolean(),
  history: z.array(MembershipEvent),
  /** Seconds of calls a non-member may place per day. */
  dailyCallLimitSeconds: z.number().int(),
  /** Upload budget per hour, in MB, for a non-member and for a member. */
  uploadMbPerHour: z.object({ regular: z.number(), member: z.number() }),
})
export type MemberCentre = z.infer<typeof MemberCentre>
export const RedeemBody = z.object({ code: z.string().trim().min(1, '请输入兑换码').max(32) })
export const DeleteAccountBody = z.object({ pwd: z.string().min(1, '请输入登录密码').max(64) })
