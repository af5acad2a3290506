import { GroupText, type GroupIdentity } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { groupByNumber } from '../../data/groups/groups.js'
import { groupChannel, groupConversationId } from '../../domain/conversationIds.js'
import type { GroupAccess, GroupRow, Member } from '../../domain/groups/access.js'
import { memberOf } from '../../data/groups/currentMembers.js'
import { forbidden, notFound } from '../../domain/refusal.js'

/**
 * Loads a live group by number, locking its row when `lock` is set so that concurrent
 * membership changes of one group (admin cap, transfer, dissolve) apply one at a time.
 */
export async function loadGroup(q: Queryable, groupNumber: string, lock = false): Promise<GroupRow> {
  const g = await groupByNumber(q, groupNumber, lock)
  if (!g) throw notFound(GroupText.GroupNotFound)
  if (g.dissolved) throw notFound(GroupText.Dissolved)
  return g
}

/** The group and the caller's membership, without any role requirement (cards, applying). */
export async function openGroup(q: Queryable, groupNumber: string, me: string, lock = false): Promise<GroupAccess> {
  const group = await loadGroup(q, groupNumber, lock)
  const self = await memberOf(q, group.group_id, me)
  return { group, channelId: groupChannel(group.group_id), conversationID: groupConversationId(group.group_id), self }
}

/**
 * The role check of every group endpoint: the caller must be a current member with at least
 * `min` identity (1 member, 2 admin, 3 owner). A non-member is refused with 403.
 */
export async function requireRole(q: Queryable, groupNumber: string, me: string, min: GroupIdentity, lock = false): Promise<Member> {
  const access = await openGroup(q, groupNumber, me, lock)
  if (!access.self) throw forbidden(GroupText.NotMember)
  if (access.self.identity < min) throw forbidden(GroupText.NoPermission)
  return access as Member
}
