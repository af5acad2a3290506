import type { Queryable } from '../../db/Db.js'

/** Hides messages from this user only. */
export async function deleteForUser(q: Queryable, me: string, channelId: string, seqs: number[]): Promise<void> {
  for (const seq of seqs) {
    await q.query('INSERT INTO message_deletions (wt_id, channel_id, seq) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [me, channelId, seq])
  }
}
