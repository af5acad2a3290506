import { MsgType, SummaryLabel } from '../../../../types/chat.js'
import { MessageOpsText, type PinnedMessage } from '../../../../types/messageOps.js'
import { forbidden, notFound } from '../refusal.js'

const MSG_CONTENT_MAX = 200

export interface PinRow {
  id: string
  msg_id: string
  msg_content: string
  sender_wt_id: string
  seq: number
  nick_name: string | null
}

export const toPinned = (r: PinRow, me: string, peer: string): PinnedMessage => ({
  id: Number(r.id),
  msgId: r.msg_id,
  msgContent: r.msg_content,
  nickName: r.nick_name ?? '',
  oneSelf: r.sender_wt_id === me ? 1 : 0,
  conversationID: `C2C${peer}`,
  senderWtId: r.sender_wt_id,
  sequence: Number(r.seq),
})

/** What the bar shows when the client sends no text: the message's own summary. */
function summaryOf(type: string, payload: Record<string, unknown>): string {
  switch (type) {
    case MsgType.Text:
      return String(payload.text ?? '')
    case MsgType.Image:
      return SummaryLabel.Image
    case MsgType.Video:
      return SummaryLabel.Video
    case MsgType.File:
      return `${SummaryLabel.File} ${String(payload.fileName ?? '')}`
    case MsgType.Location:
      return SummaryLabel.Location
    case MsgType.Face:
      return SummaryLabel.Face
    case MsgType.Merger:
      return SummaryLabel.Merger
    default:
      return SummaryLabel.Message
  }
}

/** The pin rules of the message: present, not revoked, and neither a voice message nor a group tip. */
export function checkPinnable(msg: { type: string; is_revoked: boolean } | null): asserts msg is { type: string; is_revoked: false } {
  if (!msg || msg.is_revoked) throw notFound(MessageOpsText.NotLocatable)
  if (msg.type === MsgType.Audio) throw forbidden('语音消息不能置顶')
  if (msg.type === MsgType.GroupTip) throw forbidden('该消息不能置顶')
}

/** The bar's text: the client's, or the message's own summary, cut to MSG_CONTENT_MAX characters. */
export const pinContent = (given: string, type: string, payload: Record<string, unknown>): string =>
  [...(given || summaryOf(type, payload))].slice(0, MSG_CONTENT_MAX).join('')
