import { storedMessageOrigin } from '../../data/admin/messageOrigin.js'
import type { Queryable } from '../../db/Db.js'
import { writtenBy, type MessageOrigin } from '../../domain/admin/messageOrigin.js'
import { parseConversationId } from '../../domain/conversationIds.js'
import { badRequest, notFound } from '../../domain/refusal.js'

/** Where a message of a conversation came from, as `viewer` sees the conversation. */
export async function messageOrigin(q: Queryable, viewer: string, conversationID: string, seq: number): Promise<MessageOrigin> {
  const ref = parseConversationId(viewer, conversationID)
  if (!ref) throw badRequest('会话ID无效')
  const row = await storedMessageOrigin(q, ref.channelId, seq)
  if (!row) throw notFound('消息不存在')
  return {
    channel: ref.channelId,
    seq,
    sender: row.sender,
    type: row.type,
    clientMsgId: row.client_msg_id,
    createdAt: new Date(row.created_at).toISOString(),
    needReadReceipt: row.need_read_receipt,
    writtenBy: writtenBy(row.client_msg_id),
  }
}
