import { MsgType } from '../../../../types/chat.js'
import { MessageOpsText, type PinnedMessage } from '../../../../types/messageOps.js'
import { NoticeType } from '../../../../types/ws.js'
import { userTopic } from '../../bus/Bus.js'
import type { AppContext } from '../../context.js'
import { badRequest, forbidden, notFound } from '../refusal.js'
import { c2cChannel } from '../conversationIds.js'
import { openWindow, windowParams, IN_WINDOW } from './access.js'

const MSG_CONTENT_MAX = 200

interface PinRow {
  id: string
  msg_id: string
  msg_content: string
  sender_wt_id: string
  seq: number
  nick_name: string | null
}

const toPinned = (r: PinRow, me: string, peer: string): PinnedMessage => ({
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
      return '[图片]'
    case MsgType.Video:
      return '[视频]'
    case MsgType.File:
      return `[文件] ${String(payload.fileName ?? '')}`
    case MsgType.Location:
      return '[位置]'
    case MsgType.Face:
      return '[动画表情]'
    case MsgType.Merger:
      return '[聊天记录]'
    default:
      return '[消息]'
  }
}

/** The pinned messages of the one-to-one chat with `peer`, newest first. */
export async function listPins(ctx: AppContext, me: string, peer: string): Promise<PinnedMessage[]> {
  if (peer === me) return []
  const { rows } = await ctx.db.query<PinRow>(
    `SELECT p.id::text AS id, p.msg_id, p.msg_content, p.sender_wt_id, p.seq::int AS seq, u.nick_name
     FROM c2c_pins p LEFT JOIN users u ON u.wt_id = p.sender_wt_id
     WHERE p.channel_id = $1 ORDER BY p.created_at DESC, p.id DESC`,
    [c2cChannel(me, peer)],
  )
  return rows.map((r) => toPinned(r, me, peer))
}

async function announce(ctx: AppContext, a: string, b: string) {
  // Type 3 only says "refresh": each side reads the list again, so no per-viewer payload is needed.
  for (const wtId of [a, b]) await ctx.bus.publish(userTopic(wtId), { frame: { type: NoticeType.TopMessageChanged } })
}

export async function addPin(
  ctx: AppContext,
  me: string,
  body: { toUserWtId: string; senderWtId: string; msgId: string; msgContent: string },
): Promise<PinnedMessage> {
  const peer = body.toUserWtId
  if (peer === me) throw badRequest('toUserWtId: 不能是自己')
  if (body.senderWtId !== me && body.senderWtId !== peer) throw badRequest('senderWtId: 必须是会话双方之一')
  const prefix = `${body.senderWtId}-`
  if (!body.msgId.startsWith(prefix)) throw badRequest('msgId: 与 senderWtId 不符')
  const { window } = await openWindow(ctx.db, me, `C2C${peer}`)
  const { rows } = await ctx.db.query<{ seq: number; type: string; payload: Record<string, unknown>; is_revoked: boolean }>(
    `SELECT m.seq::int AS seq, m.type, m.payload, m.is_revoked FROM messages m
     WHERE ${IN_WINDOW} AND m.sender = $6 AND m.client_msg_id = $7`,
    [...windowParams(window, me), body.senderWtId, body.msgId.slice(prefix.length)],
  )
  const msg = rows[0]
  if (!msg || msg.is_revoked) throw notFound(MessageOpsText.NotLocatable)
  if (msg.type === MsgType.Audio) throw forbidden('语音消息不能置顶')
  if (msg.type === MsgType.GroupTip) throw forbidden('该消息不能置顶')
  const content = [...(body.msgContent || summaryOf(msg.type, msg.payload))].slice(0, MSG_CONTENT_MAX).join('')
  await ctx.db.query(
    `INSERT INTO c2c_pins (channel_id, seq, msg_id, sender_wt_id, msg_content, pinned_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (channel_id, msg_id) DO NOTHING`,
    [window.channel_id, msg.seq, body.msgId, body.senderWtId, content, me],
  )
  await announce(ctx, me, peer)
  const pinned = (await listPins(ctx, me, peer)).find((p) => p.msgId === body.msgId)
  return pinned!
}

export async function deletePin(ctx: AppContext, me: string, id: number): Promise<void> {
  const { rows } = await ctx.db.query<{ channel_id: string }>('SELECT channel_id FROM c2c_pins WHERE id = $1', [id])
  const channel = rows[0]?.channel_id
  const [, a, b] = channel?.split(':') ?? []
  // Someone else's pin reads as missing, so IDs of other chats cannot be probed.
  if (!channel || (a !== me && b !== me)) throw notFound('置顶消息不存在')
  await ctx.db.query('DELETE FROM c2c_pins WHERE id = $1', [id])
  await announce(ctx, a!, b!)
}
