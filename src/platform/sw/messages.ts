import type { PushPayload } from '@shared/push'

/** Messages between the pages and the service worker. */
export const SW_MESSAGES = { skipWaiting: 'skipWaiting', open: 'open' } as const

export interface SwOpenMessage {
  type: typeof SW_MESSAGES.open
  /** An address of the app: /messages?conversationID=… */
  url: string
}

/** Where a click on a push's notification (or one of its buttons) takes the user. */
export function openUrlOf(p: PushPayload, action = ''): string {
  if (p.kind === 'message') return `/messages?conversationID=${encodeURIComponent(p.conversationID)}`
  if (p.kind === 'call') {
    const callAction = action === 'accept' || action === 'reject' ? `&callAction=${action}` : ''
    return `/messages?conversationID=${encodeURIComponent(p.conversationID)}&call=${encodeURIComponent(p.inviteID)}${callAction}`
  }
  if (p.kind === 'friendApply') return '/contacts?view=applications'
  return '/messages'
}

const isText = (v: unknown): v is string => typeof v === 'string'

/**
 * A push's JSON as the server writes it (types/push.ts), checked by hand: the worker stays free
 * of the schema library, and anything else is ignored.
 */
export function readPushPayload(raw: unknown): PushPayload | null {
  if (!raw || typeof raw !== 'object') return null
  const p = raw as Record<string, unknown>
  if (!isText(p.tag)) return null
  switch (p.kind) {
    case 'message':
      return isText(p.title) && isText(p.body) && isText(p.conversationID) && typeof p.badge === 'number'
        ? { kind: 'message', tag: p.tag, title: p.title, body: p.body, conversationID: p.conversationID, badge: p.badge }
        : null
    case 'call':
      return isText(p.title) && isText(p.body) && isText(p.inviteID) && isText(p.conversationID)
        ? { kind: 'call', tag: p.tag, title: p.title, body: p.body, inviteID: p.inviteID, conversationID: p.conversationID }
        : null
    case 'callEnd':
      return { kind: 'callEnd', tag: p.tag }
    case 'friendApply':
      return isText(p.title) && isText(p.body) ? { kind: 'friendApply', tag: p.tag, title: p.title, body: p.body } : null
    default:
      return null
  }
}
