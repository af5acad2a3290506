import { GroupIdentity } from '../../../../types/group.js'

/** A current member's row of group_members, as data/groups/currentMembers.ts reads it. */
export interface MemberRow {
  wt_id: string
  identity: number
  group_nickname: string
  group_name_remark: string
  join_type: number
  inviter_wt_id: string | null
  mute_until: Date | null
  joined_at: Date
  last_send_at: Date | null
}

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

/** A current member's access to their group. */
export type Member = GroupAccess & { self: MemberRow }

/**
 * Whether `actor` may act on `target` (remove, mute, revoke): the owner on anyone else, an
 * admin on ordinary members only (spec 6: "remove and mute non-admin members").
 */
export function outranks(actor: MemberRow, target: { identity: number; wt_id: string }): boolean {
  if (actor.wt_id === target.wt_id) return false
  if (actor.identity === GroupIdentity.Owner) return true
  return actor.identity === GroupIdentity.Admin && target.identity === GroupIdentity.Member
}

export const unixSeconds = (d: Date | null | undefined): number => (d ? Math.floor(new Date(d).getTime() / 1000) : 0)
