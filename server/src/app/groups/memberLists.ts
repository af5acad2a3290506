import type { Queryable } from '../../db/Db.js'
import { memberIdsAmong } from '../../data/groups/currentMembers.js'
import { membersIfMember, membersUnlessKept } from '../../data/groups/memberLists.js'
import { FANOUT_LIST_MAX, WHOLE_LIST_MAX, type MemberListCache } from '../../domain/groups/memberListCache.js'

/**
 * Who is told that `wtId` is typing in a group: the same audience as a message (members, from
 * the list kept for sends while the group's member version is unchanged), or null when `wtId` is
 * not a current member. `members` is null for a group too large to list; `version` is the
 * member version read with the membership.
 */
export async function typingAudience(q: Queryable, cache: MemberListCache, groupId: string, wtId: string): Promise<{ members: readonly string[] | null; version: string } | null> {
  const kept = cache.get(groupId)
  const r = await membersIfMember(q, groupId, wtId, kept?.version ?? null, FANOUT_LIST_MAX + 1)
  if (!r) return null
  return { members: cache.settle(groupId, kept, r.member_version, r.members ?? [wtId]), version: r.member_version }
}

/**
 * The whole member list of a group too large to list on a send, for the fan-out of its messages
 * on this process: the kept one when it is at `version` (the member version the send's rules
 * were read at), else read with its current version in one statement and kept. Null when the
 * group has more than WHOLE_LIST_MAX members (the fan-out then asks the database each time).
 */
export async function wholeMemberList(q: Queryable, cache: MemberListCache, groupId: string, version: string | undefined): Promise<readonly string[] | null> {
  const kept = cache.get(groupId)
  if (kept?.members && kept.version === version) return kept.members
  const r = await membersUnlessKept(q, groupId, kept?.members ? kept.version : null, WHOLE_LIST_MAX + 1)
  if (!r) return []
  if (kept?.members && r.member_version === kept.version) return kept.members
  const members = r.members ?? []
  if (members.length > WHOLE_LIST_MAX) return null
  cache.set(groupId, r.member_version, members)
  return members
}

/**
 * Which of `online` (the users connected to this process) are members of the group now: the
 * fan-out's lookup for a group event when this process keeps no whole list at the event's member
 * version (realtime/fanout.ts, which reads no data itself).
 */
export const connectedMembers = (q: Queryable, groupId: string, online: string[]): Promise<string[]> => memberIdsAmong(q, groupId, online)
