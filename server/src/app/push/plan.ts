import { ConvType, type Message } from '../../../../types/chat.js'
import { callPushTag, FRIEND_APPLY_PUSH_TAG, PUSH_PAYLOAD_MAX_BYTES, type PushPayload } from '../../../../types/push.js'
import type { Presence } from '../../adapters/presence.js'
import { pushTopic, type PushOptions } from '../../adapters/webPush.js'
import { messageTargets, nickOf, targetsOf, type MessageAudience, type PushTarget } from '../../data/push.js'
import type { Queryable } from '../../db/Db.js'
import {
  callAudience,
  callWording,
  FRIEND_APPLY_TEXT,
  mentions,
  messageWording,
  noticeOf,
  NOTIFY_TITLE,
  NOTIFY_TTL_SECONDS,
  shouldNotifyMessage,
  type NotifyKind,
} from '../../domain/notifyRules.js'

/** Something that happened, as the push side took it from the bus. */
export type PushEvent =
  | { kind: 'message'; message: Message; audience: MessageAudience }
  | { kind: 'friendApply'; to: string; from: string }

/** One push to send: to whom, what, and how long it may wait for the device. */
export interface PlannedPush {
  to: PushTarget
  payload: PushPayload
  kind: NotifyKind
  options: PushOptions
}

export interface PlanDeps {
  db: Queryable
  presence: Presence
  sessionIdleSeconds: number
}

/** Subscribers read per query. */
const TARGET_PAGE = 500

const optionsFor = (kind: NotifyKind, topicKey: string): PushOptions => ({
  ttlSeconds: NOTIFY_TTL_SECONDS[kind],
  // A call rings now or never; a message may wait for a phone's next wake-up.
  urgency: kind === 'call' || kind === 'callEnd' ? 'high' : 'normal',
  topic: pushTopic(topicKey),
})

async function offline(presence: Presence, targets: PushTarget[]): Promise<PushTarget[]> {
  const online = await presence.online([...new Set(targets.map((t) => t.wtId))])
  return targets.filter((t) => !online.has(t.wtId))
}

/** Whether a one-to-one message's recipient is online (never pushed to then); a promise only when presence must ask. */
const toOnlineRecipient = (presence: Presence, event: Extract<PushEvent, { kind: 'message' }>): Promise<boolean> | boolean => {
  if (event.audience.conversationOf !== 'c2c') return false
  const now = presence.onlineNow(event.audience.recipient)
  return now ?? presence.online([event.audience.recipient]).then((online) => online.size > 0)
}

/**
 * True when the event plans no push, decided without waiting (no query, no presence lookup):
 * most one-to-one messages go to an online recipient, and those need not queue for the planner.
 */
export function plansNothing(presence: Presence, event: PushEvent): boolean {
  if (event.kind !== 'message') return false
  const notice = noticeOf(event.message)
  return notice.kind === 'none' || (notice.kind === 'message' && toOnlineRecipient(presence, event) === true)
}

/** Whom an event reaches with a push, and with which words. */
export async function planPushes(deps: PlanDeps, event: PushEvent): Promise<PlannedPush[]> {
  if (event.kind === 'friendApply') {
    const targets = await offline(deps.presence, await targetsOf(deps.db, [event.to], event.from, deps.sessionIdleSeconds))
    return targets
      .filter((t) => t.allowNotifications && !t.blacklisted)
      .map((to) => ({
        to,
        kind: 'friendApply' as const,
        payload: { kind: 'friendApply' as const, tag: FRIEND_APPLY_PUSH_TAG, title: NOTIFY_TITLE, body: FRIEND_APPLY_TEXT },
        options: optionsFor('friendApply', `${FRIEND_APPLY_PUSH_TAG}`),
      }))
  }
  const { message } = event
  const notice = noticeOf(message)
  if (notice.kind === 'none') return []
  if (notice.kind === 'callInvite' || notice.kind === 'callEnd') {
    const { signal } = notice
    const people = callAudience(signal, message.from)
    const targets = (await offline(deps.presence, await targetsOf(deps.db, people, message.from, deps.sessionIdleSeconds))).filter(
      (t) => t.allowNotifications && !t.blacklisted,
    )
    const tag = callPushTag(signal.inviteID)
    if (notice.kind === 'callEnd') {
      return targets.map((to) => ({ to, kind: 'callEnd' as const, payload: { kind: 'callEnd' as const, tag }, options: optionsFor('callEnd', tag) }))
    }
    const caller = targets.some((t) => t.showPreviews) ? message.nick || (await nickOf(deps.db, message.from)) : ''
    return targets.map((to) => {
      // The C2C conversation seen from the callee is named after the caller.
      const conversationID = message.conversationType === ConvType.Group ? message.conversationID : `C2C${message.from}`
      const words = callWording(signal, caller, to.showPreviews)
      return { to, kind: 'call' as const, payload: { kind: 'call' as const, tag, ...words, inviteID: signal.inviteID, conversationID }, options: optionsFor('call', tag) }
    })
  }
  // An online recipient is never pushed to: most one-to-one messages end here, before any query.
  if (await toOnlineRecipient(deps.presence, event)) return []
  const isGroup = message.conversationType === ConvType.Group
  const conversationID = isGroup ? message.conversationID : `C2C${message.from}`
  const planned: PlannedPush[] = []
  // A page at a time: reading 5,000 subscribers' rows at once is one long stretch of the event loop.
  for (let after = ''; ; ) {
    const candidates = await messageTargets(deps.db, message.from, event.audience, deps.sessionIdleSeconds, { after, limit: TARGET_PAGE })
    const online = await deps.presence.online([...new Set(candidates.map((t) => t.wtId))])
    for (const to of candidates) {
      const facts = { ...to, online: online.has(to.wtId), mentioned: isGroup && mentions(message, to.wtId) }
      if (!shouldNotifyMessage(facts)) continue
      let words = messageWording(message, Math.max(1, to.unread), to.showPreviews, to.groupName)
      let payload: PushPayload = { kind: 'message', tag: conversationID, ...words, conversationID, badge: Math.max(to.badge, to.unread, 1) }
      // Without a preview the words are a few bytes; only a preview (a long group name) can grow.
      if (to.showPreviews && Buffer.byteLength(JSON.stringify(payload)) > PUSH_PAYLOAD_MAX_BYTES) {
        words = messageWording(message, Math.max(1, to.unread), false)
        payload = { ...payload, ...words }
      }
      planned.push({ to, kind: 'message', payload, options: optionsFor('message', conversationID) })
    }
    if (candidates.length < TARGET_PAGE) return planned
    after = candidates[candidates.length - 1]!.endpoint
  }
}
