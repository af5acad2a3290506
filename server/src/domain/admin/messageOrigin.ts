import { SERVER_MSG_ID_KINDS, type ServerMsgIdKind } from '../../../../types/chat.js'
import type { Queryable } from '../../db/Db.js'
import { parseConversationId } from '../conversationIds.js'
import { badRequest, notFound } from '../refusal.js'

/** Who wrote a message of each server-made kind (the rest come from a client of the sender). */
const WRITTEN_BY: Record<ServerMsgIdKind, string> = {
  fw: 'a copy written by a forward of the sender (one by one or merged; the server log line "messages forwarded" names the source conversation and sequences)',
  faq: 'a question the sender asked by clicking a FAQ entry of the helper',
  re: "the helper's answer",
  contact: 'a contact notice written when the sender added, blacklisted or deleted a friend',
  tip: 'a group tip written by the server',
  welcome: 'a welcome card written by the server',
  busy: 'a busy reply written by the server for a callee already in a call',
  end: 'a call ended by the server for a participant who logged out',
  ban: 'a ban notice from the operators',
  report: 'a report notice from the operators',
  warn: 'a warning from the operators',
}
const CLIENT_SENT = "sent by one of the sender's clients (composer, resend or offline outbox) with this client ID"

export interface MessageOrigin {
  channel: string
  seq: number
  sender: string
  type: string
  clientMsgId: string
  createdAt: string
  needReadReceipt: boolean
  writtenBy: string
}

/** Where a message of a conversation came from, as `viewer` sees the conversation. */
export async function messageOrigin(q: Queryable, viewer: string, conversationID: string, seq: number): Promise<MessageOrigin> {
  const ref = parseConversationId(viewer, conversationID)
  if (!ref) throw badRequest('会话ID无效')
  const { rows } = await q.query<{ sender: string; type: string; client_msg_id: string; created_at: Date; need_read_receipt: boolean }>(
    'SELECT sender, type, client_msg_id, created_at, need_read_receipt FROM messages WHERE channel_id = $1 AND seq = $2',
    [ref.channelId, seq],
  )
  const row = rows[0]
  if (!row) throw notFound('消息不存在')
  const kind = SERVER_MSG_ID_KINDS.find((k) => row.client_msg_id.startsWith(`${k}-`))
  return {
    channel: ref.channelId,
    seq,
    sender: row.sender,
    type: row.type,
    clientMsgId: row.client_msg_id,
    createdAt: new Date(row.created_at).toISOString(),
    needReadReceipt: row.need_read_receipt,
    writtenBy: kind ? WRITTEN_BY[kind] : CLIENT_SENT,
  }
}
