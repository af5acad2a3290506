import type { Queryable } from '../../db/Db.js'
import type { MessageRow } from '../../domain/messages.js'

/** Columns of a message with the sender's nick, avatar, group name card and receipt counts. */
export const MESSAGE_SELECT = `
  SELECT m.channel_id, m.seq::int AS seq, m.client_msg_id, m.sender, m.type, m.payload, m.created_at, m.cloud_custom_data,
         m.at_users, m.need_read_receipt, m.is_revoked, m.revoker, m.has_risk,
         u.nick_name AS nick, u.avatar,
         gm.group_nickname AS name_card,
         CASE WHEN m.need_read_receipt THEN (SELECT count(*)::int FROM message_reads r WHERE r.channel_id = m.channel_id AND r.seq = m.seq) END AS read_count,
         CASE WHEN m.need_read_receipt AND m.channel_id LIKE 'group:%' THEN
           (SELECT count(*)::int FROM group_members x WHERE x.group_id = substr(m.channel_id, 7) AND x.left_at IS NULL AND x.joined_at <= m.created_at) END AS member_count
  FROM messages m
  LEFT JOIN users u ON u.wt_id = m.sender
  LEFT JOIN group_members gm ON m.channel_id LIKE 'group:%' AND gm.group_id = substr(m.channel_id, 7) AND gm.wt_id = m.sender`

/** The message at `seq` of a channel; with `lock`, its row stays locked until the transaction ends. */
export async function messageAt(q: Queryable, channelId: string, seq: number, lock = false): Promise<MessageRow | null> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.channel_id = $1 AND m.seq = $2${lock ? ' FOR UPDATE OF m' : ''}`, [channelId, seq])
  return rows[0] ?? null
}

/** The message a sender stored under a client message ID, in whatever channel. */
export async function messageByClientId(q: Queryable, sender: string, clientMsgId: string): Promise<MessageRow | null> {
  const { rows } = await q.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.sender = $1 AND m.client_msg_id = $2`, [sender, clientMsgId])
  return rows[0] ?? null
}

/** Marks a message revoked by `revoker`; its payload is hidden from then on, and its search keys go (migration 160). */
export async function markRevoked(q: Queryable, channelId: string, seq: number, revoker: string): Promise<void> {
  await q.query('UPDATE messages SET is_revoked = TRUE, revoker = $3 WHERE channel_id = $1 AND seq = $2', [channelId, seq, revoker])
}
