import { randomUUID } from 'node:crypto'
import { AdminText } from '../../../../types/admin.js'
import { ConvType, MsgType, SendError, type OutgoingBody, type OutgoingMessage } from '../../../../types/chat.js'
import { FORWARD_SENSITIVE_TEXT, MessageOpsError, type ForwardBody, type MergedItem } from '../../../../types/messageOps.js'
import { Refusal, badRequest, notFound } from '../refusal.js'
import { conversationState, messagesAt } from '../conversations.js'
import { parseConversationId } from '../conversationIds.js'
import { sendMessage, SendFailure, type SendContext, type SendResult } from '../messages.js'
import type { MessageRow } from '../messages.js'
import { serverMsgId } from '../serverMsgIds.js'

const SUMMARY: Record<string, string> = {
  [MsgType.Face]: '[动画表情]',
  [MsgType.Image]: '[图片]',
  [MsgType.Video]: '[视频]',
  [MsgType.Audio]: '[语音]',
  [MsgType.File]: '[文件]',
  [MsgType.Location]: '[位置]',
  [MsgType.Merger]: '[聊天记录]',
  [MsgType.Custom]: '[自定义消息]',
}

function summaryOf(type: string, payload: Record<string, unknown>): string {
  if (type === MsgType.Text) return String(payload.text ?? '').slice(0, 200)
  if (type === MsgType.File) return `[文件] ${String(payload.fileName ?? '')}`.slice(0, 200)
  return SUMMARY[type] ?? '[消息]'
}

/** Every piece of text a forward would carry, merged records included at any depth. */
export function textsOf(type: string, payload: Record<string, unknown>, depth = 0): string[] {
  if (type === MsgType.Text) return [String(payload.text ?? '')]
  if (type === MsgType.Custom) return [String(payload.data ?? '')]
  if (type !== MsgType.Merger || depth > 8) return []
  const out = [String(payload.title ?? ''), ...((payload.abstractList as unknown[]) ?? []).map(String)]
  for (const item of (payload.messageList as Array<Partial<MergedItem>>) ?? []) {
    if (item && typeof item.type === 'string' && item.payload && typeof item.payload === 'object') out.push(...textsOf(item.type, item.payload, depth + 1))
  }
  return out
}

/** A call's signalling is not content: spec 4 allows forwarding successful, non-call messages only. */
function isCallMessage(row: MessageRow): boolean {
  if (row.type !== MsgType.Custom) return false
  try {
    const data = JSON.parse(String(row.payload.data ?? '')) as { businessID?: unknown }
    return data.businessID === 1 || data.businessID === 'av_call'
  } catch {
    return false
  }
}

function itemOf(row: MessageRow): MergedItem {
  return {
    ID: `${row.sender}-${row.client_msg_id}`,
    type: row.type,
    payload: row.payload,
    from: row.sender,
    nick: row.name_card || row.nick || row.sender,
    avatar: row.avatar ?? '',
    time: Math.floor(new Date(row.created_at).getTime() / 1000),
  }
}

export interface Forwarded {
  sent: SendResult[]
  results: Array<{ conversationID: string; sent: number; code: number; msg: string }>
}

/**
 * Forwards messages the caller can see to other conversations, each send under the ordinary send
 * rules of the target (membership, mutes, blacklist…). The content is read from the store, never
 * taken from the client, and checked against the word lists first: a sensitive word stops the
 * whole forward with 80001 '内容包含敏感词汇'. A banned sender hears 20012 before that, as on
 * every other send path.
 */
export async function forwardMessages(ctx: SendContext, me: string, myNick: string, body: ForwardBody): Promise<Forwarded> {
  const source = parseConversationId(me, body.conversationID)
  const state = source && (await conversationState(ctx.db, me, body.conversationID))
  if (!source || !state) throw notFound('会话不存在')
  const rows = await messagesAt(ctx.db, me, state, [...new Set(body.sequences)])
  if (rows.length !== new Set(body.sequences).size) throw notFound('消息不存在')
  if (rows.some((r) => r.is_revoked || r.type === MsgType.GroupTip || r.has_risk || isCallMessage(r))) throw badRequest('所选消息不能转发')
  const { rows: sender } = await ctx.db.query<{ banned: boolean }>('SELECT (banned_until IS NOT NULL AND banned_until > now()) AS banned FROM users WHERE wt_id = $1', [me])
  if (sender[0]?.banned) throw new Refusal(SendError.Banned, AdminText.BannedSend)
  for (const r of rows) {
    for (const text of textsOf(r.type, r.payload)) {
      if (ctx.moderation.checkText(text)) throw new Refusal(MessageOpsError.ForwardSensitive, FORWARD_SENSITIVE_TEXT)
    }
  }
  let bodies: OutgoingBody[]
  if (body.merged) {
    const title = body.title.trim() || (source.type === ConvType.Group ? '群聊的聊天记录' : `${myNick}的聊天记录`)
    const payload = {
      title,
      abstractList: rows.slice(0, 50).map((r) => `${r.name_card || r.nick || r.sender}: ${summaryOf(r.type, r.payload)}`.slice(0, 256)),
      messageList: rows.map(itemOf) as unknown as Array<Record<string, unknown>>,
      downloadKey: '',
    }
    bodies = [{ type: MsgType.Merger, payload }]
  } else {
    bodies = rows.map((r) => ({ type: r.type, payload: r.payload }) as OutgoingBody)
  }
  const sent: SendResult[] = []
  const results: Forwarded['results'] = []
  for (const target of [...new Set(body.targets)]) {
    let count = 0
    let code = 200
    let msg = ''
    for (const b of bodies) {
      const message = { ...b, clientMsgId: serverMsgId('fw', randomUUID()), conversationID: target, cloudCustomData: '', atUserList: [], needReadReceipt: target.startsWith('GROUP') } as OutgoingMessage
      try {
        sent.push(await sendMessage(ctx, me, message))
        count++
      } catch (err) {
        if (!(err instanceof SendFailure)) throw err
        code = err.code
        msg = err.message
        break
      }
    }
    results.push({ conversationID: target, sent: count, code, msg })
  }
  return { sent, results }
}
