import { GroupIdentity, GroupText } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { forbidden, notFound } from '../refusal.js'
import { groupChannel, groupConversationId } from '../conversationIds.js'
import { memberOf, type MemberRow } from './currentMembers.js'

export interface GroupRow {
  group_id: string
  group_number: string
  group_name: string
  group_avatar: string
  group_notice: string
  welcome_msg: string
  owner_wt_id: string
  group_type: string
  limit_level: number
  invite_switch: number
  confirm_invite_switch: number
  member_protect_switch: number
  banned_switch: number
  created_at: Date
}

/** The group, its channel and conversation, and the caller's membership (null for a non-member). */
export interface GroupAccess {
  group: GroupRow
  channelId: string
  conversationID: string
  self: MemberRow | null
}

const GROUP_COLUMNS = `group_id, group_number, group_name, group_avatar, group_notice, welcome_msg, owner_wt_id, group_type,
  limit_level, invite_switch, confirm_invite_switch, member_protect_switch, banned_switch, created_at`

/**
 * Loads a live group by number, locking its row when `lock` is set so that concurrent
 * membership changes of one group (admin cap, transfer, dissolve) apply one at a time.
 */
export async function loadGroup(q: Queryable, groupNumber: string, lock = false): Promise<GroupRow> {
  const { rows } = await q.query<GroupRow & { dissolved: boolean }>(
    `SELECT ${GROUP_COLUMNS}, dissolved_at IS NOT NULL AS dissolved FROM groups WHERE group_number = $1${lock ? ' FOR UPDATE' : ''}`,
    [groupNumber],
  )
  const g = rows[0]
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
export async function requireRole(q: Queryable, groupNumber: string, me: string, min: GroupIdentity, lock = false): Promise<GroupAccess & { self: MemberRow }> {
  const access = await openGroup(q, groupNumber, me, lock)
  if (!access.self) throw forbidden(GroupText.NotMember)
  if (access.self.identity < min) throw forbidden(GroupText.NoPermission)
  return access as GroupAccess & { self: MemberRow }
}

/**
 * Whether `actor` may act on `target` (remove, mute, revoke): the owner on anyone else, an
 * admin on ordinary members only (spec 6: "remove and mute non-admin members").
 */
export function outranks(actor: MemberRow, target: { identity: number; wt_id: string }): boolean {
  if (actor.wt_id === target.wt_id) return false
  if (actor.identity === GroupIdentity.Owner) return true
  return actor.identity === GroupIdentity.Admin && target.identity === GroupIdentity.Member
}

export async function nicksOf(q: Queryable, wtIds: string[]): Promise<Map<string, string>> {
  if (wtIds.length === 0) return new Map()
  const { rows } = await q.query<{ wt_id: string; nick_name: string }>('SELECT wt_id, nick_name FROM users WHERE wt_id = ANY($1::text[])', [wtIds])
  return new Map(rows.map((r) => [r.wt_id, r.nick_name]))
}

export const unixSeconds = (d: Date | null | undefined): number => (d ? Math.floor(new Date(d).getTime() / 1000) : 0)

/**
 * Member protection (spec 6): whether `applicant` may not add `target` as a friend from a
 * group, because they share a group with memberProtectSwitch on where both are ordinary
 * members. For the friend-request check of requests whose applySource is 5 (group).
 */
export async function memberProtectionBlocks(q: Queryable, applicant: string, target: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM group_members a JOIN group_members b ON b.group_id = a.group_id JOIN groups g ON g.group_id = a.group_id
     WHERE a.wt_id = $1 AND b.wt_id = $2 AND a.left_at IS NULL AND b.left_at IS NULL AND a.identity = 1 AND b.identity = 1
       AND g.member_protect_switch = 1 AND g.dissolved_at IS NULL
     LIMIT 1`,
    [applicant, target],
  )
  return rows.length > 0
}
