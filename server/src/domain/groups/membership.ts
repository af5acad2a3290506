import { GROUP_TYPES, LEAVE_TEXT, LeaveCode, OtherNoticeKind, TipOp, type JoinType } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { conflict } from '../refusal.js'
import { nicksOf, type GroupAccess } from './access.js'
import { memberCount } from './currentMembers.js'
import type { GroupEffects } from './effects.js'
import { addOtherNotices } from './notices.js'
import { writeTip, writeWelcome } from './tips.js'

export function capacityOf(groupType: string): number {
  return GROUP_TYPES.find((t) => t.type === groupType)?.maxMembers ?? 2000
}

/**
 * Adds users to the group: a new or returning member starts as an ordinary member and sees
 * the history from the join on (cleared up to the current sequence), then the join tip (op 1)
 * and each newcomer's welcome message. Returns the users actually added.
 */
export async function addMembers(
  q: Queryable,
  fx: GroupEffects,
  access: Pick<GroupAccess, 'group' | 'channelId' | 'conversationID'>,
  operator: string,
  wtIds: string[],
  joinType: JoinType,
  inviter: string | null,
): Promise<string[]> {
  const groupId = access.group.group_id
  if (wtIds.length === 0) return []
  const count = await memberCount(q, groupId)
  if (count + wtIds.length > capacityOf(access.group.group_type)) throw conflict('群成员已满')
  const { rows: added } = await q.query<{ wt_id: string }>(
    `INSERT INTO group_members (group_id, wt_id, identity, join_type, inviter_wt_id)
     SELECT $1, u, 1, $3, $4 FROM unnest($2::text[]) AS u
     ON CONFLICT (group_id, wt_id) DO UPDATE SET identity = 1, join_type = EXCLUDED.join_type, inviter_wt_id = EXCLUDED.inviter_wt_id,
       joined_at = now(), left_at = NULL, leave_code = NULL, mute_until = NULL, last_send_at = NULL, group_nickname = ''
     WHERE group_members.left_at IS NOT NULL
     RETURNING wt_id`,
    [groupId, wtIds, joinType, inviter],
  )
  const ids = added.map((r) => r.wt_id)
  if (ids.length === 0) return []
  await q.query('INSERT INTO channels (channel_id) VALUES ($1) ON CONFLICT DO NOTHING', [access.channelId])
  await q.query(
    `INSERT INTO user_conversations (wt_id, conversation_id, channel_id, read_seq, cleared_seq)
     SELECT u, $2, $3, ch.last_seq, ch.last_seq FROM unnest($1::text[]) AS u, channels ch WHERE ch.channel_id = $3
     ON CONFLICT (wt_id, conversation_id) DO UPDATE SET read_seq = EXCLUDED.read_seq, cleared_seq = EXCLUDED.cleared_seq,
       end_seq = NULL, hidden_seq = NULL, former_hidden = FALSE, updated_at = now()`,
    [ids, access.conversationID, access.channelId],
  )
  const nicks = await nicksOf(q, ids)
  await writeTip(q, fx, access, operator, TipOp.Join, { ids, nicks: ids.map((id) => nicks.get(id) ?? '') })
  for (const id of ids) await writeWelcome(q, fx, access, id, nicks.get(id) ?? '')
  for (const id of ids) fx.conversations.push({ wtId: id, conversationID: access.conversationID })
  fx.changes.push({ groupId, groupNumber: access.group.group_number, extra: [] })
  return ids
}

/**
 * Ends memberships after their tip was written at `tipSeq`: the leavers keep the conversation
 * and its history up to that tip and get nothing later (end_seq), and learn why in their
 * 'others' notices when they did not leave by themselves.
 */
export async function endMemberships(
  q: Queryable,
  fx: GroupEffects,
  access: Pick<GroupAccess, 'group' | 'conversationID'>,
  wtIds: string[],
  code: LeaveCode,
  tipSeq: number,
  operator: string,
): Promise<void> {
  if (wtIds.length === 0) return
  await q.query(
    `UPDATE group_members SET left_at = now(), leave_code = $3, identity = 1, mute_until = NULL
     WHERE group_id = $1 AND wt_id = ANY($2::text[]) AND left_at IS NULL`,
    [access.group.group_id, wtIds, code],
  )
  await q.query(
    `UPDATE user_conversations SET end_seq = $3, updated_at = now() WHERE conversation_id = $1 AND wt_id = ANY($2::text[])`,
    [access.conversationID, wtIds, tipSeq],
  )
  await q.query(`DELETE FROM group_applications WHERE group_id = $1 AND applicant = ANY($2::text[]) AND status = 0`, [access.group.group_id, wtIds])
  for (const id of wtIds) fx.conversations.push({ wtId: id, conversationID: access.conversationID })
  if (code !== LeaveCode.Left) {
    const kind = code === LeaveCode.Dissolved ? OtherNoticeKind.Dissolved : OtherNoticeKind.Removed
    const told = wtIds.filter((id) => id !== operator)
    await addOtherNotices(q, fx, told, access.group.group_id, kind, operator, LEAVE_TEXT[code])
  }
}
