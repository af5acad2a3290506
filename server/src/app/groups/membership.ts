import { LEAVE_TEXT, LeaveCode, OtherNoticeKind, TipOp, type JoinType } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { deletePendingOf } from '../../data/groups/applications.js'
import { nicksOf } from '../../data/groups/groups.js'
import * as members from '../../data/groups/members.js'
import { addOtherNotices } from '../../data/groups/notices.js'
import type { GroupAccess } from '../../domain/groups/access.js'
import { memberCount } from '../../data/groups/currentMembers.js'
import type { GroupEffects } from '../../domain/groups/effects.js'
import { capacityOf } from '../../domain/groups/membership.js'
import { conflict } from '../../domain/refusal.js'
import { writeTip, writeWelcome } from './tips.js'

/** Puts a notice in each user's 'others' list; their notice counters change. */
export async function tellOthers(q: Queryable, fx: GroupEffects, wtIds: string[], groupId: string, kind: OtherNoticeKind, operator: string, content: string): Promise<void> {
  if (wtIds.length === 0) return
  await addOtherNotices(q, wtIds, groupId, kind, operator, content)
  for (const id of wtIds) fx.counters.add(id)
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
  const ids = await members.insertMembers(q, groupId, wtIds, joinType, inviter)
  if (ids.length === 0) return []
  await members.openChannel(q, access.channelId)
  await members.openConversationsFromNow(q, ids, access.conversationID, access.channelId)
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
  await members.endMemberRows(q, access.group.group_id, wtIds, code)
  await members.endConversations(q, access.conversationID, wtIds, tipSeq)
  await deletePendingOf(q, access.group.group_id, wtIds)
  for (const id of wtIds) fx.conversations.push({ wtId: id, conversationID: access.conversationID })
  if (code !== LeaveCode.Left) {
    const kind = code === LeaveCode.Dissolved ? OtherNoticeKind.Dissolved : OtherNoticeKind.Removed
    const told = wtIds.filter((id) => id !== operator)
    await tellOthers(q, fx, told, access.group.group_id, kind, operator, LEAVE_TEXT[code])
  }
}
