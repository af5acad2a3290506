import { MessageOpsText } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'
import { conversationState } from '../../data/conversations.js'
import { visibleMessageAt, type Window } from '../../data/messageOps/window.js'
import { parseConversationId, type ConvRef } from '../../domain/conversationIds.js'
import type { MessageRow } from '../../domain/messages.js'
import { notFound } from '../../domain/refusal.js'

/** The conversation as this user may read it; 404 when it is not theirs. */
export async function openWindow(q: Queryable, me: string, conversationID: string): Promise<{ ref: ConvRef; window: Window }> {
  const ref = parseConversationId(me, conversationID)
  const window = ref && (await conversationState(q, me, conversationID))
  if (!ref || !window) throw notFound('会话不存在')
  return { ref, window }
}

/** One message the user may see, or a 404 with the spec's '无法定位到原消息'. */
export async function visibleMessage(q: Queryable, me: string, w: Window, seq: number): Promise<MessageRow> {
  const row = await visibleMessageAt(q, me, w, seq)
  if (!row) throw notFound(MessageOpsText.NotLocatable)
  return row
}
