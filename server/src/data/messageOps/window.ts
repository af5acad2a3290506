import type { Queryable } from '../../db/Db.js'
import type { MessageRow } from '../../domain/messages.js'
import { conversationState } from '../conversations.js'
import { MESSAGE_SELECT } from '../messages/rows.js'

/** The part of a conversation a user may read, with their read point and its last sequence. */
export type Window = NonNullable<Awaited<ReturnType<typeof conversationState>>>

/** SQL condition: message `m` lies in the user's window. $1 channel, $2 cleared, $3 end, $4 identity, $5 viewer. */
export const IN_WINDOW = `m.channel_id = $1 AND m.seq > $2 AND ($3::bigint IS NULL OR m.seq <= $3)
  AND (m.visible_identity = 0 OR m.visible_to = $5 OR m.visible_identity <= $4::int)`
export const windowParams = (w: Window, me: string) => [w.channel_id, w.cleared_seq, w.end_seq, w.identity, me]

/** One message in the user's window, or null. */
export async function visibleMessageAt(q: Queryable, me: string, w: Window, seq: number): Promise<MessageRow | null> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE ${IN_WINDOW} AND m.seq = $6`, [...windowParams(w, me), seq])
  return rows[0] ?? null
}
