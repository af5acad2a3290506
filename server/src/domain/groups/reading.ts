import { groupLink, GroupIdentity, joinModeOf, type GroupInfo, type GroupMember, type GroupSelfMember, type GroupType, type SwitchValue } from '../../../../types/group.js'
import { unixSeconds, type Member } from './access.js'

const ROLE = { [GroupIdentity.Member]: 'Member', [GroupIdentity.Admin]: 'Admin', [GroupIdentity.Owner]: 'Owner' } as const

/** The caller's own membership as the group panel shows it; a lapsed mute shows as none. */
export function selfMember(access: Member, pinned: boolean): GroupSelfMember {
  const s = access.self
  const muted = s.mute_until && new Date(s.mute_until).getTime() > Date.now()
  return {
    userId: s.wt_id,
    identity: s.identity as GroupIdentity,
    groupNickname: s.group_nickname,
    groupNameRemark: s.group_name_remark,
    muteUntil: muted ? unixSeconds(s.mute_until) : 0,
    topStatus: pinned ? 1 : 2,
  }
}

/**
 * getInfoById: the whole group as a member sees it, with the first page of members. `origin` is
 * the app's public origin, for the QR code's link.
 */
export function groupInfoOf(
  access: Member,
  origin: string,
  facts: { count: number; admins: number; members: GroupMember[]; self: GroupSelfMember },
): GroupInfo {
  const g = access.group
  return {
    groupID: g.group_id,
    txGroupid: g.group_id,
    groupNumber: g.group_number,
    groupName: g.group_name,
    groupNameRemark: access.self.group_name_remark,
    groupNickname: access.self.group_nickname,
    groupAvatar: g.group_avatar,
    qrcode: groupLink(origin, g.group_number),
    groupNotice: g.group_notice,
    groupWelcomeMsg: g.welcome_msg,
    groupType: g.group_type as GroupType,
    limitLevel: g.limit_level,
    inviteSwitch: g.invite_switch as SwitchValue,
    confirminviteSwitch: g.confirm_invite_switch as SwitchValue,
    memberProtectSwitch: g.member_protect_switch === 1 ? 1 : 0,
    bannedSwitch: g.banned_switch === 1 ? 1 : 0,
    joinMode: joinModeOf(g.confirm_invite_switch),
    groupMemberCount: facts.count,
    adminCount: facts.admins,
    ownerWtId: g.owner_wt_id,
    createTime: unixSeconds(g.created_at),
    selfMember: facts.self,
    selfInfo: { role: ROLE[access.self.identity as GroupIdentity] ?? 'Member' },
    groupchatMemberList: facts.members,
  }
}
