import type { JoinType, LeaveCode } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'

/** Writes on group memberships: joining, leaving, roles, muting and one's own group profile. */

/** The creator as owner and each invited user as a member of a new group (join type 2, invited by the owner). */
export async function insertFounders(q: Queryable, groupId: string, owner: string, ownerIdentity: number, members: string[]): Promise<void> {
  await q.query(`INSERT INTO group_members (group_id, wt_id, identity, join_type) VALUES ($1, $2, $3, 2)`, [groupId, owner, ownerIdentity])
  for (const wtId of members) {
    await q.query(`INSERT INTO group_members (group_id, wt_id, identity, join_type, inviter_wt_id) VALUES ($1, $2, 1, 2, $3)`, [groupId, wtId, owner])
  }
}

/**
 * New or returning users as ordinary members (a returning member starts afresh); current members
 * are left as they are. Answers those actually added.
 */
export async function insertMembers(q: Queryable, groupId: string, wtIds: string[], joinType: JoinType, inviter: string | null): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    `INSERT INTO group_members (group_id, wt_id, identity, join_type, inviter_wt_id)
     SELECT $1, u, 1, $3, $4 FROM unnest($2::text[]) AS u
     ON CONFLICT (group_id, wt_id) DO UPDATE SET identity = 1, join_type = EXCLUDED.join_type, inviter_wt_id = EXCLUDED.inviter_wt_id,
       joined_at = now(), left_at = NULL, leave_code = NULL, mute_until = NULL, last_send_at = NULL, group_nickname = ''
     WHERE group_members.left_at IS NOT NULL
     RETURNING wt_id`,
    [groupId, wtIds, joinType, inviter],
  )
  return rows.map((r) => r.wt_id)
}

export async function openChannel(q: Queryable, channelId: string): Promise<void> {
  await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [channelId])
}

/** Newcomers see the group's history from their join on: read and cleared up to the channel's current sequence. */
export async function openConversationsFromNow(q: Queryable, wtIds: string[], conversationID: string, channelId: string): Promise<void> {
  await q.query(
    `INSERT INTO user_conversations (wt_id, conversation_id, channel_id, read_seq, cleared_seq)
     SELECT u, $2, $3, ch.last_seq, ch.last_seq FROM unnest($1::text[]) AS u, channels ch WHERE ch.channel_id = $3
     ON CONFLICT (wt_id, conversation_id) DO UPDATE SET read_seq = EXCLUDED.read_seq, cleared_seq = EXCLUDED.cleared_seq,
       end_seq = NULL, hidden_seq = NULL, former_hidden = FALSE, updated_at = now()`,
    [wtIds, conversationID, channelId],
  )
}

/** Ends memberships (the rows stay, with why they ended). */
export async function endMemberRows(q: Queryable, groupId: string, wtIds: string[], code: LeaveCode): Promise<void> {
  await q.query(
    `UPDATE group_members SET left_at = now(), leave_code = $3, identity = 1, mute_until = NULL
     WHERE group_id = $1 AND wt_id = ANY($2::text[]) AND left_at IS NULL`,
    [groupId, wtIds, code],
  )
}

/** Leavers keep the conversation up to `endSeq` and get nothing later. */
export async function endConversations(q: Queryable, conversationID: string, wtIds: string[], endSeq: number): Promise<void> {
  await q.query(`UPDATE user_conversations SET end_seq = $3, updated_at = now() WHERE conversation_id = $1 AND wt_id = ANY($2::text[])`, [
    conversationID,
    wtIds,
    endSeq,
  ])
}

/** Active accounts among wtIds that are neither members nor on the group's blacklist. */
export async function invitable(q: Queryable, groupId: string, wtIds: string[]): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    `SELECT u.wt_id FROM users u
     WHERE u.wt_id = ANY($2::text[]) AND u.action_status = 0
       AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = $1 AND gm.wt_id = u.wt_id AND gm.left_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM group_blacklist b WHERE b.group_id = $1 AND b.wt_id = u.wt_id)`,
    [groupId, [...new Set(wtIds)]],
  )
  return rows.map((r) => r.wt_id)
}

/** Promotes to admin (which lifts a mute) or demotes to member. */
export async function setIdentity(q: Queryable, groupId: string, wtIds: string[], identity: 1 | 2): Promise<void> {
  await q.query('UPDATE group_members SET identity = $3, mute_until = CASE WHEN $3 = 2 THEN NULL ELSE mute_until END WHERE group_id = $1 AND wt_id = ANY($2::text[])', [
    groupId,
    wtIds,
    identity,
  ])
}

/** The new owner (unmuted) and the former owner, now an ordinary member. */
export async function swapOwner(q: Queryable, groupId: string, newOwner: string, formerOwner: string): Promise<void> {
  await q.query('UPDATE group_members SET identity = 3, mute_until = NULL WHERE group_id = $1 AND wt_id = $2', [groupId, newOwner])
  await q.query('UPDATE group_members SET identity = 1 WHERE group_id = $1 AND wt_id = $2', [groupId, formerOwner])
}

/** Mutes for `muteTime` seconds from now; 0 lifts it. */
export async function setMute(q: Queryable, groupId: string, wtIds: string[], muteTime: number): Promise<void> {
  await q.query(
    `UPDATE group_members SET mute_until = CASE WHEN $3::int = 0 THEN NULL ELSE now() + make_interval(secs => $3::int) END
     WHERE group_id = $1 AND wt_id = ANY($2::text[])`,
    [groupId, wtIds, muteTime],
  )
}

/** A member's own group nickname and remark; null leaves one as it is. */
export async function updateOwnProfile(q: Queryable, groupId: string, wtId: string, nickname: string | null, remark: string | null): Promise<void> {
  await q.query(
    `UPDATE group_members SET group_nickname = COALESCE($3, group_nickname), group_name_remark = COALESCE($4, group_name_remark)
     WHERE group_id = $1 AND wt_id = $2 AND left_at IS NULL`,
    [groupId, wtId, nickname, remark],
  )
}
