import { MsgType } from '../../../../types/chat.js'
import { ADMIN_REVOKER } from '../../../../types/messageOps.js'
import type { Queryable } from '../../db/Db.js'

/** What group rules write on a group's stored messages: who sees a tip, and revoking by an admin. */

/** Narrows who sees one message: members of at least `minIdentity`, plus `visibleTo`. */
export async function restrictVisibility(q: Queryable, channelId: string, seq: number, minIdentity: number, visibleTo: string | null): Promise<void> {
  await q.query('UPDATE messages SET visible_identity = $3, visible_to = $4 WHERE channel_id = $1 AND seq = $2', [channelId, seq, minIdentity, visibleTo])
}

/**
 * Revokes in the name of ADMIN_REVOKER ('administrator') the messages of one sender, at `seq` or up to it; tips
 * are never revoked. Answers the sequences revoked.
 */
export async function revokeBySender(q: Queryable, channelId: string, sender: string, seq: number, single: boolean): Promise<number[]> {
  const { rows } = await q.query<{ seq: number }>(
    `UPDATE messages SET is_revoked = TRUE, revoker = $5
     WHERE channel_id = $1 AND sender = $2 AND ${single ? 'seq = $3' : 'seq <= $3'} AND NOT is_revoked AND type <> $4
     RETURNING seq::int AS seq`,
    [channelId, sender, seq, MsgType.GroupTip, ADMIN_REVOKER],
  )
  return rows.map((r) => r.seq)
}
