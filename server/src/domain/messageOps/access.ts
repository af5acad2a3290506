import type { Queryable } from '../../db/Db.js'
import { MessageOpsText } from '../../../../types/messageOps.js'
import type { ChatFeatureKey, ChatFeatures } from '../../../../types/messageOps.js'
import { parseConversationId, type ConvRef } from '../conversationIds.js'
import { conversationState } from '../conversations.js'
import { MESSAGE_SELECT, type MessageRow } from '../messages.js'
import { forbidden, notFound } from '../refusal.js'

export type Window = NonNullable<Awaited<ReturnType<typeof conversationState>>>

/** The conversation as this user may read it; 404 when it is not theirs. */
export async function openWindow(q: Queryable, me: string, conversationID: string): Promise<{ ref: ConvRef; window: Window }> {
  const ref = parseConversationId(me, conversationID)
  const window = ref && (await conversationState(q, me, conversationID))
  if (!ref || !window) throw notFound('会话不存在')
  return { ref, window }
}

/** SQL condition: message `m` lies in the user's window. $1 channel, $2 cleared, $3 end, $4 identity, $5 viewer. */
export const IN_WINDOW = `m.channel_id = $1 AND m.seq > $2 AND ($3::bigint IS NULL OR m.seq <= $3)
  AND (m.visible_identity = 0 OR m.visible_to = $5 OR m.visible_identity <= $4::int)`
export const windowParams = (w: Window, me: string) => [w.channel_id, w.cleared_seq, w.end_seq, w.identity, me]

/** One message the user may see, or a 404 with the spec's '无法定位到原消息'. */
export async function visibleMessage(q: Queryable, me: string, w: Window, seq: number): Promise<MessageRow> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE ${IN_WINDOW} AND m.seq = $6`, [...windowParams(w, me), seq])
  if (!rows[0]) throw notFound(MessageOpsText.NotLocatable)
  return rows[0]
}

export function requireFeature(features: ChatFeatures, key: ChatFeatureKey): void {
  if (!features[key]) throw forbidden(MessageOpsText.FeatureOff)
}
