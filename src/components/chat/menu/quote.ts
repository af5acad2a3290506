import type { UiMessage } from '@/stores/slices/messages'
import { messageSummary } from '@/utils/summary'

/** Spec 3 "Message": cloudCustomData.messageReply, what a quoting message keeps of the original. */
export interface MessageReply {
  messageID: string
  /** The element name of the original (TIMTextElem…). */
  messageType: string
  /** The original sender's shown name. */
  messageSender: string
  messageAbstract: string
}

export const QUOTE_NOT_FOUND_TEXT = '无法定位到原消息'
export const QUOTE_REVOKED_TEXT = '引用内容已撤回'
/** Spec 9: the original blinks for 3 s after a jump. */
export const BLINK_MS = 3000

export function replyFor(m: UiMessage, viewerID: string): MessageReply {
  return {
    messageID: m.ID,
    messageType: m.type,
    messageSender: m.nameCard || m.nick || m.from,
    messageAbstract: messageSummary({ ...m, isRevoked: false }, viewerID).slice(0, 200),
  }
}

export function cloudDataWithReply(reply: MessageReply): string {
  return JSON.stringify({ messageReply: reply })
}

/** The quote a message carries, if its cloudCustomData has a well-formed one. */
export function replyOf(m: Pick<UiMessage, 'cloudCustomData'>): MessageReply | null {
  if (!m.cloudCustomData || !m.cloudCustomData.includes('messageReply')) return null
  try {
    const r = (JSON.parse(m.cloudCustomData) as { messageReply?: Partial<MessageReply> }).messageReply
    if (!r || typeof r.messageID !== 'string' || !r.messageID) return null
    return {
      messageID: r.messageID,
      messageType: String(r.messageType ?? ''),
      messageSender: String(r.messageSender ?? ''),
      messageAbstract: String(r.messageAbstract ?? ''),
    }
  } catch {
    return null
  }
}
