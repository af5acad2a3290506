import { MsgType, type Conversation, type Message, type StoredBody } from '@shared/chat'
import { LeaveCode } from '@shared/group'
import type { ChatFeatures } from '@shared/messageOps'

/** Spec section 4 "Timestamps": a time row when 600 s or more passed since the previous message. */
export const TIME_DIVIDER_GAP_S = 600

export function needsTimeDivider(prev: Pick<Message, 'time'> | undefined, cur: Pick<Message, 'time'>): boolean {
  return !prev || cur.time - prev.time >= TIME_DIVIDER_GAP_S
}

const RISK_PREFIX = '涉及敏感内容, '

/** Spec 4 "Risk content": what a flagged message shows instead of its content. */
export function riskText(message: Pick<Message, 'type'>, own: boolean): string {
  if (own) return `${RISK_PREFIX}发送失败`
  if (message.type === MsgType.Audio) return `${RISK_PREFIX}无法收听`
  return `${RISK_PREFIX}无法查看`
}

/** Full-width characters take two units, others one (spec 5: file names cut at about 16 units). */
function widthOf(ch: string): number {
  return /[^\x00-\xff]/.test(ch) ? 2 : 1
}

/**
 * Shortens a file name to about `units` width units, keeping the extension so the kind of file
 * stays recognisable: 'quarterly-report-2024.pdf' → 'quarterly-r….pdf'.
 */
export function truncateFileName(name: string, units = 16): string {
  const chars = Array.from(name)
  const total = chars.reduce((n, c) => n + widthOf(c), 0)
  if (total <= units) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : ''
  let budget = units - 1 - Array.from(ext).reduce((n, c) => n + widthOf(c), 0)
  let head = ''
  for (const c of chars) {
    const w = widthOf(c)
    if (w > budget) break
    head += c
    budget -= w
  }
  return `${head}…${ext}`
}

export interface LocationView {
  title: string
  detail: string
  latitude: number
  longitude: number
}

/** The location payload's description is JSON {title, detail}; older senders put plain text there. */
export function parseLocation(payload: Record<string, unknown>): LocationView {
  const latitude = Number(payload.latitude)
  const longitude = Number(payload.longitude)
  const raw = typeof payload.description === 'string' ? payload.description : ''
  let title = raw
  let detail = ''
  try {
    const d: unknown = JSON.parse(raw)
    if (d && typeof d === 'object') {
      const o = d as Record<string, unknown>
      title = typeof o.title === 'string' ? o.title : ''
      detail = typeof o.detail === 'string' ? o.detail : ''
    }
  } catch {
    // plain text description
  }
  return {
    title: title || '位置',
    detail,
    latitude: Number.isFinite(latitude) ? latitude : 0,
    longitude: Number.isFinite(longitude) ? longitude : 0,
  }
}

export type ReadStatus =
  | { kind: 'c2c'; read: boolean; text: '已读' | '未读' }
  | { kind: 'group'; readCount: number; unreadCount: number; text: string }

/**
 * The read mark under one's own sent message (spec 4 "Read receipts"): C2C read when its sequence
 * is at most the peer's read sequence; group messages sent with receipts: 全部已读 (state 2),
 * 'n人已读' (state 4) or 未读 (state 1). Nothing for messages that are not (yet) sent, nor
 * anywhere while the readStatus feature flag is off.
 */
export function readStatusOf(
  message: Pick<Message, 'conversationType' | 'sequence' | 'needReadReceipt' | 'readReceiptInfo' | 'type'>,
  conversation: Pick<Conversation, 'peerReadSequence'> | undefined,
  features: Pick<ChatFeatures, 'readStatus'> = { readStatus: true },
): ReadStatus | null {
  if (!features.readStatus) return null
  if (message.type === MsgType.GroupTip || !(message.sequence > 0)) return null
  if (message.conversationType === 'C2C') {
    const read = message.sequence <= (conversation?.peerReadSequence ?? 0)
    return { kind: 'c2c', read, text: read ? '已读' : '未读' }
  }
  if (!message.needReadReceipt) return null
  const { readCount, unreadCount } = message.readReceiptInfo ?? { readCount: 0, unreadCount: 0 }
  const text = readCount > 0 && unreadCount === 0 ? '全部已读' : readCount > 0 ? `${readCount}人已读` : '未读'
  return { kind: 'group', readCount, unreadCount, text }
}

export interface TipNames {
  selfID: string
}

/**
 * Why the reader is no longer in the group, read from the newest tip that concerns them (leave
 * codes of the spec: 4 removed by an admin, 5 dissolved, 8 left); null when nothing says.
 */
export function leaveCodeOf(messages: ReadonlyArray<StoredBody & Pick<Message, 'from'>>, selfID: string): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.type !== MsgType.GroupTip) continue
    const p = m.payload
    const ids = Array.isArray(p.userIDList) ? p.userIDList.map(String) : []
    const op = Number(p.operationType)
    const profile = p.newGroupProfile && typeof p.newGroupProfile === 'object' ? p.newGroupProfile : {}
    if (profile.dissolved === true) return LeaveCode.Dissolved
    if (op === 3 && ids.includes(selfID)) return LeaveCode.Removed
    if (op === 2 && (ids.includes(selfID) || (ids.length === 0 && p.operatorID === selfID))) return LeaveCode.Left
    if (op === 1 && ids.includes(selfID)) return null
  }
  return null
}

export const LEAVE_BANNER_TEXT = '你已不在该群聊中'

/** The reason under the leave banner (the spec's translation texts for leave codes 4, 5 and 8). */
export function leaveReasonText(code: number | null): string | null {
  switch (code) {
    case LeaveCode.Removed:
      return '您已被管理员移出群聊'
    case LeaveCode.Dissolved:
      return '该群聊已被解散'
    case LeaveCode.Left:
      return '您已退出该群聊'
    default:
      return null
  }
}
