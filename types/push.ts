import { z } from 'zod'

/** Web Push (RFC 8030/8291/8292): what a device registers and what the service worker receives. */

/** A push subscription as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionBody = z.object({
  endpoint: z.string().url('endpoint: 不是有效的推送地址').max(1024, 'endpoint: 推送地址过长'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh: 格式不正确'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'keys.auth: 格式不正确'),
  }),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>

export const PushEndpointBody = z.object({ endpoint: z.string().min(1).max(1024) })
export type PushEndpointBody = z.infer<typeof PushEndpointBody>

export const VapidKeyAnswer = z.object({ vapidPublicKey: z.string() })
export type VapidKeyAnswer = z.infer<typeof VapidKeyAnswer>

export const PushPreviewBody = z.object({ showPreviews: z.boolean() })
export type PushPreviewBody = z.infer<typeof PushPreviewBody>

/** What this device's registration looks like to the server. */
export const PushStatusAnswer = z.object({ subscribed: z.boolean(), showPreviews: z.boolean() })
export type PushStatusAnswer = z.infer<typeof PushStatusAnswer>

/** The notification tag of a call's push: one per call, so its end can take it away. */
export const callPushTag = (inviteID: string) => `call:${inviteID}`
export const FRIEND_APPLY_PUSH_TAG = 'friendApply'

/** The JSON the server encrypts into a push (kept far below the 4 KB limit of push services). */
export const PushPayload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    tag: z.string(),
    title: z.string(),
    body: z.string(),
    conversationID: z.string(),
    /** Unread messages of every conversation that notifies, for the app badge. */
    badge: z.number().int().min(0),
  }),
  z.object({
    kind: z.literal('call'),
    tag: z.string(),
    title: z.string(),
    body: z.string(),
    inviteID: z.string(),
    conversationID: z.string(),
  }),
  z.object({ kind: z.literal('callEnd'), tag: z.string() }),
  z.object({ kind: z.literal('friendApply'), tag: z.string(), title: z.string(), body: z.string() }),
])
export type PushPayload = z.infer<typeof PushPayload>

/** Payloads past this many bytes are cut (the preview first): push services refuse more than 4 KB encrypted. */
export const PUSH_PAYLOAD_MAX_BYTES = 3000
