import type { Queryable } from '../../db/Db.js'

export interface StoredMessageOrigin {
  sender: string
  type: string
  client_msg_id: string
  created_at: Date
  need_read_receipt: boolean
}

/** What the messages row says about where a message came from, or null. */
export async function storedMessageOrigin(q: Queryable, channelId: string, seq: number): Promise<StoredMessageOrigin | null> {
  const { rows } = await q.query<StoredMessageOrigin>('SELECT sender, type, client_msg_id, created_at, need_read_receipt FROM messages WHERE channel_id = $1 AND seq = $2', [
    channelId,
    seq,
  ])
  return rows[0] ?? null
}
