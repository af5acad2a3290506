import {
  GROUP_MEMBER_FETCH_COUNT,
  groupLink,
  GroupIdentity,
  joinModeOf,
  type GroupCard,
  type GroupInfo,
  type GroupInfoAnswer,
  type GroupListItem,
  type GroupSelfMember,
  type GroupType,
  type SwitchValue,
} from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { unixSeconds, type GroupAccess } from './access.js'
import { memberCount, mosaicAvatars, type MemberRow } from './currentMembers.js'
import { MemberFilter, memberPage } from './memberLists.js'
import { listGroups } from '../groups.js'


const ROLE = { [GroupIdentity.Member]: 'Member', [GroupIdentity.Admin]: 'Admin', [GroupIdentity.Owner]: 'Owner' } as const

async function selfMember(q: Queryable, access: GroupAccess & { self: MemberRow }): Promise<GroupSelfMember> {
  const { rows } = await q.query<{ pinned: boolean }>(
    'SELECT pinned_at IS NOT NULL AS pinned FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2',
    [access.self.wt_id, access.conversationID],
  )
  const s = access.self
  const muted = s.mute_until && new Date(s.mute_until).getTime() > Date.now()
  return {
    userId: s.wt_id,
    identity: s.identity as GroupIdentity,
    groupNickname: s.group_nickname,
    groupNameRemark: s.group_name_remark,
    muteUntil: muted ? unixSeconds(s.mute_until) : 0,
    topStatus: rows[0]?.pinned ? 1 : 2,
  }
}

/**
 * getInfoById: the whole group as a member sees it, with the first page of members. `origin` is
 * the app's public origin, for the QR code's link.
 */
export async function groupInfo(q: Queryable, access: GroupAccess & { self: MemberRow }, origin: string): Promise<GroupInfo> {
  const g = access.group
  const [count, admins, members, self] = await Promise.all([
    memberCount(q, g.group_id),
    memberCount(q, g.group_id, GroupIdentity.Admin),
    memberPage(q, g.group_id, MemberFilter.All, { pageNum: 1, pageSize: GROUP_MEMBER_FETCH_COUNT, keyword: '' }),
    selfMember(q, access),
  ])
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
    groupMemberCount: count,
    adminCount: admins,
    ownerWtId: g.owner_wt_id,
    createTime: unixSeconds(g.created_at),
    selfMember: self,
    selfInfo: { role: ROLE[access.self.identity as GroupIdentity] ?? 'Member' },
    groupchatMemberList: members.rows,
  }
}

/** The `info` fetch: notice, own membership and the group (groupchatVo). */
export async function groupInfoAnswer(q: Queryable, access: GroupAccess & { self: MemberRow }, origin: string): Promise<GroupInfoAnswer> {
  const { groupchatMemberList: _members, selfMember: self, ...vo } = await groupInfo(q, access, origin)
  return { groupNotice: vo.groupNotice, selfMember: self, groupchatVo: vo }
}

/** getCardInfoById: what anyone sees before joining. */
export async function groupCard(q: Queryable, access: GroupAccess, me: string): Promise<GroupCard> {
  const g = access.group
  const { rows } = await q.query<{ pending: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM group_applications WHERE group_id = $1 AND applicant = $2 AND status = 0) AS pending',
    [g.group_id, me],
  )
  return {
    groupID: g.group_id,
    groupNumber: g.group_number,
    groupName: g.group_name,
    groupAvatar: g.group_avatar,
    ...(g.group_avatar ? {} : { memberAvatars: (await mosaicAvatars(q, g.group_id)) ?? [] }),
    groupType: g.group_type as GroupType,
    groupMemberCount: await memberCount(q, g.group_id),
    joinMode: joinModeOf(g.confirm_invite_switch),
    limitLevel: g.limit_level,
    isMember: access.self !== null,
    applyStatus: rows[0]!.pending ? 'pending' : 'none',
  }
}

/** listByName: the caller's groups whose name, remark or number contains the text. */
export function listByName(q: Queryable, me: string, text: string): Promise<GroupListItem[]> {
  return listGroups(q, me, text)
}
