import { GROUP_MEMBER_FETCH_COUNT, GroupIdentity, joinModeOf, type GroupCard, type GroupInfo, type GroupInfoAnswer, type GroupListItem, type GroupMemberDetail, type GroupType } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import { hasPending } from '../../data/groups/applications.js'
import { isPinned, listGroups } from '../../data/groups/groups.js'
import { memberDetailRow, memberPage } from '../../data/groups/memberLists.js'
import type { Member } from '../../domain/groups/access.js'
import { memberCount, mosaicAvatars } from '../../data/groups/currentMembers.js'
import { MemberFilter, memberCard } from '../../domain/groups/memberLists.js'
import { groupInfoOf, selfMember } from '../../domain/groups/reading.js'
import { notFound } from '../../domain/refusal.js'
import { openGroup, requireRole } from './access.js'

/** Reading a group: the group, its card, one member, the count, and the caller's groups. */

type Ctx = Pick<AppContext, 'db'>

async function infoOf(ctx: Ctx, access: Member, origin: string): Promise<GroupInfo> {
  const q = ctx.db
  const g = access.group
  const [count, admins, members, pinned] = await Promise.all([
    memberCount(q, g.group_id),
    memberCount(q, g.group_id, GroupIdentity.Admin),
    memberPage(q, g.group_id, MemberFilter.All, { pageNum: 1, pageSize: GROUP_MEMBER_FETCH_COUNT, keyword: '' }),
    isPinned(q, access.self.wt_id, access.conversationID),
  ])
  return groupInfoOf(access, origin, { count, admins, members: members.rows, self: selfMember(access, pinned) })
}

/** getInfoById: the whole group as a member sees it, with the first page of members. `origin` is the app's public origin, for the QR code. */
export async function groupInfo(ctx: Ctx, me: string, groupNumber: string, origin: string): Promise<GroupInfo> {
  return infoOf(ctx, await requireRole(ctx.db, groupNumber, me, GroupIdentity.Member), origin)
}

/** The `info` fetch: notice, own membership and the group (groupchatVo). */
export async function groupInfoAnswer(ctx: Ctx, me: string, groupNumber: string, origin: string): Promise<GroupInfoAnswer> {
  const { groupchatMemberList: _members, selfMember: self, ...vo } = await groupInfo(ctx, me, groupNumber, origin)
  return { groupNotice: vo.groupNotice, selfMember: self, groupchatVo: vo }
}

/** getCardInfoById: what anyone sees before joining, so any logged-in user may read it. */
export async function groupCard(ctx: Ctx, me: string, groupNumber: string): Promise<GroupCard> {
  const q = ctx.db
  const access = await openGroup(q, groupNumber, me)
  const g = access.group
  const pending = await hasPending(q, g.group_id, me)
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
    applyStatus: pending ? 'pending' : 'none',
  }
}

/** The caller's current groups, newest first. */
export const myGroups = (ctx: Ctx, me: string): Promise<GroupListItem[]> => listGroups(ctx.db, me)

/** listByName: the caller's groups whose name, remark or number contains the text. */
export const listByName = (ctx: Ctx, me: string, text: string): Promise<GroupListItem[]> => listGroups(ctx.db, me, text)

/** One member's card, as the caller may see it. */
export async function memberDetail(ctx: Ctx, me: string, groupNumber: string, wtId: string): Promise<GroupMemberDetail> {
  const access = await requireRole(ctx.db, groupNumber, me, GroupIdentity.Member)
  const r = await memberDetailRow(ctx.db, access.group.group_id, wtId)
  if (!r) throw notFound('该用户不在群聊中')
  return memberCard(r, access)
}

export async function groupMemberCount(ctx: Ctx, me: string, groupNumber: string): Promise<{ groupNumber: string; count: number }> {
  const access = await requireRole(ctx.db, groupNumber, me, GroupIdentity.Member)
  return { groupNumber: access.group.group_number, count: await memberCount(ctx.db, access.group.group_id) }
}
