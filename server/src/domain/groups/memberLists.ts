import { GroupIdentity, type GroupMember, type GroupMemberDetail, type JoinType } from '../../../../types/group.js'
import { unixSeconds, type GroupAccess, type MemberRow } from './access.js'

/** Which members a list shows (the member list and the candidate lists of the management screens). */
export const MemberFilter = {
  All: 'All',
  Members: 'Members',
  Admins: 'Admins',
  Managers: 'Managers',
  Muted: 'Muted',
} as const
export type MemberFilter = (typeof MemberFilter)[keyof typeof MemberFilter]

export interface MemberListRow {
  wt_id: string
  nick_name: string
  avatar: string
  group_nickname: string
  identity: number
  mute_until: Date | null
  join_type: number
  joined_at: Date
}

export interface MemberDetailRow extends MemberListRow {
  inviter_wt_id: string | null
  inviter_nick: string | null
  last_send_at: Date | null
}

const positionOf = (identity: number) => (identity === GroupIdentity.Owner ? '群主' : identity === GroupIdentity.Admin ? '管理员' : '')

export function toMember(r: MemberListRow): GroupMember {
  const muteUntil = r.mute_until && new Date(r.mute_until).getTime() > Date.now() ? unixSeconds(r.mute_until) : 0
  return {
    userId: r.wt_id,
    userID: r.wt_id,
    wtId: r.wt_id,
    nickname: r.nick_name,
    groupNickname: r.group_nickname,
    avatar: r.avatar,
    identity: r.identity as GroupIdentity,
    position: positionOf(r.identity),
    muteUntil,
    joinType: r.join_type as JoinType,
    createTime: unixSeconds(r.joined_at),
  }
}

/**
 * One member's card as the caller sees it. Join type, inviter, join and last-send times are for
 * admins, the owner and the member themself (spec 6: admins "see group-member info of others").
 */
export function memberCard(r: MemberDetailRow, access: GroupAccess & { self: MemberRow }): GroupMemberDetail {
  const full = access.self.identity >= GroupIdentity.Admin || r.wt_id === access.self.wt_id
  const member = toMember(r)
  const protectedPair =
    access.group.member_protect_switch === 1 && access.self.identity === GroupIdentity.Member && r.identity === GroupIdentity.Member
  return {
    ...member,
    joinType: full ? member.joinType : (0 as JoinType),
    createTime: full ? member.createTime : 0,
    lastSendMsgTime: full ? unixSeconds(r.last_send_at) : 0,
    inviterUserName: full ? (r.inviter_nick ?? '') : '',
    inviterWtId: full ? (r.inviter_wt_id ?? '') : '',
    memberProtectSwitch: access.group.member_protect_switch === 1 ? 1 : 0,
    canAddFriend: r.wt_id !== access.self.wt_id && !protectedPair,
  }
}
