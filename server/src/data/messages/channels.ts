import type { Queryable } from '../../db/Db.js'

/**
 * A channel, its conversation rows, and the messages the server writes in it in its own name
 * (group tips, the helper's and the robots' messages); the users' own sends go through
 * sendBatcher.ts.
 */

export async function ensureChannel(q: Queryable, channelId: string): Promise<void> {
  await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [channelId])
}

/** Makes sure each user has a conversation row for the channel (shown again if it was deleted). */
export async function ensureConversationRows(q: Queryable, channelId: string, rows: Array<{ wtId: string; conversationID: string }>): Promise<void> {
  // One statement per 5,000 members instead of one round trip each; a row may appear once per
  // statement (ON CONFLICT DO UPDATE cannot touch the same row twice).
  const unique = [...new Map(rows.map((r) => [`${r.wtId}\u0000${r.conversationID}`, r])).values()]
  for (let i = 0; i < unique.length; i += 5000) {
    const chunk = unique.slice(i, i + 5000)
    await q.query(
      `INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
       SELECT w, c, $3 FROM unnest($1::text[], $2::text[]) AS t(w, c)
       ON CONFLICT (wt_id, conversation_id) DO UPDATE SET updated_at = now()`,
      [chunk.map((r) => r.wtId), chunk.map((r) => r.conversationID), channelId],
    )
  }
}

/** Writes a server-authored message (group tips, system cards) in a transaction the caller holds. */
export async function insertSystemMessage(
  q: Queryable,
  channelId: string,
  sender: string,
  type: string,
  payload: Record<string, unknown>,
  clientMsgId: string,
): Promise<number> {
  await ensureChannel(q, channelId)
  await q.query('SELECT last_seq FROM channels WHERE channel_id = $1 FOR UPDATE', [channelId])
  const { rows } = await q.query<{ last_seq: number }>(
    'UPDATE channels SET last_seq = last_seq + 1 WHERE channel_id = $1 RETURNING last_seq::int AS last_seq',
    [channelId],
  )
  const seq = rows[0]!.last_seq
  await q.query(
    `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload) VALUES ($1, $2, $3, $4, $5, $6)`,
    [channelId, seq, clientMsgId, sender, type, JSON.stringify(payload)],
  )
  return seq
}
