import type { Paged } from '../../../../types/envelope.js'
import {
  GROUP_ADMIN_MAX,
  GroupIdentity,
  GroupText,
  LeaveCode,
  MUTED_BY_ADMIN_TEXT,
  OtherNoticeKind,
  TipOp,
  type GroupBlackEntry,
  type GroupMember,
  type MemberListBody,
  type WithdrawResult,
} from '../../../../types/group.js'
import { NoticeType } from '../../../../types/ws.js'
import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import { rejectAllPending, rejectPendingOf } from '../../data/groups/applications.js'
import * as blacklist from '../../data/groups/blacklist.js'
import { existingUsers, markDissolved, nicksOf, setOwner } from '../../data/groups/groups.js'
import { memberPage } from '../../data/groups/memberLists.js'
import { setIdentity, setMute, swapOwner } from '../../data/groups/members.js'
import { revokeBySender } from '../../data/groups/messages.js'
import { outranks, type Member } from '../../domain/groups/access.js'
import { memberCount, memberIds, membersAmong, memberOf } from '../../data/groups/currentMembers.js'
import type { GroupEffects } from '../../domain/groups/effects.js'
import type { MemberFilter } from '../../domain/groups/memberLists.js'
import { badRequest, conflict, forbidden, notFound } from '../../domain/refusal.js'
import { requireRole } from './access.js'
import { kick } from './members.js'
import { endMemberships, tellOthers } from './membership.js'
import { runGroupChange } from './run.js'
import { writeTip } from './tips.js'

/** Group management: admins and ownership, dissolving, muting, the blacklist, revoking, and the candidate lists. */

const changed = (fx: GroupEffects, access: Member, extra: string[] = []) =>
  fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra })

/** admin/addOrRemove (owner only): identity 2 promotes members, 1 demotes admins; at most 20 admins. */
export const setAdmins = (ctx: AppContext, me: string, groupNumber: string, wtIds: string[], identity: 1 | 2): Promise<string[]> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Owner, true)
    const targets = await membersAmong(q, access.group.group_id, wtIds)
    if (targets.some((t) => t.identity === GroupIdentity.Owner)) throw badRequest('不能修改群主的身份')
    const from = identity === GroupIdentity.Admin ? GroupIdentity.Member : GroupIdentity.Admin
    const ids = targets.filter((t) => t.identity === from).map((t) => t.wt_id)
    if (ids.length === 0) throw conflict(identity === GroupIdentity.Admin ? '所选成员已是管理员或不在群聊中' : '所选成员不是管理员')
    if (identity === GroupIdentity.Admin) {
      if ((await memberCount(q, access.group.group_id, GroupIdentity.Admin)) + ids.length > GROUP_ADMIN_MAX) throw conflict(GroupText.AdminCap)
    }
    await setIdentity(q, access.group.group_id, ids, identity)
    const nicks = await nicksOf(q, ids)
    const op = identity === GroupIdentity.Admin ? TipOp.SetAdmin : TipOp.RemoveAdmin
    await writeTip(q, fx, access, me, op, { ids, nicks: ids.map((id) => nicks.get(id) ?? '') })
    const kind = identity === GroupIdentity.Admin ? OtherNoticeKind.SetAdmin : OtherNoticeKind.RemoveAdmin
    await tellOthers(q, fx, ids, access.group.group_id, kind, me, identity === GroupIdentity.Admin ? '你已被设置为管理员' : '你已被取消管理员')
    changed(fx, access)
    return ids
  })

/** transfer (owner only): the chosen member becomes owner and the caller an ordinary member, at once. */
export const transfer = (ctx: AppContext, me: string, groupNumber: string, wtId: string): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Owner, true)
    if (wtId === me) throw badRequest('不能转让给自己')
    const target = await memberOf(q, access.group.group_id, wtId)
    if (!target) throw notFound('该用户不在群聊中')
    await swapOwner(q, access.group.group_id, wtId, me)
    await setOwner(q, access.group.group_id, wtId)
    const nicks = await nicksOf(q, [wtId])
    await writeTip(q, fx, access, me, TipOp.Profile, { ids: [wtId], nicks: [nicks.get(wtId) ?? ''] }, {
      newGroupProfile: { ownerID: wtId, ownerNick: nicks.get(wtId) ?? '' },
    })
    await tellOthers(q, fx, [wtId], access.group.group_id, OtherNoticeKind.Owner, me, '你已成为新群主')
    fx.counters.add(me)
    changed(fx, access)
  })

/**
 * remove (owner only): dissolves the group. Every member gets the tip (profile
 * {dissolved: true}, leave code 5), keeps the history up to it and receives nothing later.
 */
export const dissolve = (ctx: AppContext, me: string, groupNumber: string): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Owner, true)
    const everyone = await memberIds(q, access.group.group_id)
    const seq = await writeTip(q, fx, access, me, TipOp.Profile, { ids: [], nicks: [] }, { newGroupProfile: { dissolved: true }, extra: everyone })
    await endMemberships(q, fx, access, everyone, LeaveCode.Dissolved, seq, me)
    await rejectAllPending(q, access.group.group_id, me)
    await markDissolved(q, access.group.group_id)
    changed(fx, access, everyone)
  })

/** admin/batchMuted: muteTime seconds from now (0 lifts it), on ordinary members only; tip op 7. */
export const batchMute = (ctx: AppContext, me: string, groupNumber: string, wtIds: string[], muteTime: number): Promise<string[]> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Admin, true)
    const targets = await membersAmong(q, access.group.group_id, wtIds)
    if (targets.length === 0) throw conflict('所选用户不在群聊中')
    for (const t of targets) if (t.identity !== GroupIdentity.Member || !outranks(access.self, t)) throw forbidden('只能禁言普通成员')
    const ids = targets.map((t) => t.wt_id)
    await setMute(q, access.group.group_id, ids, muteTime)
    const nicks = await nicksOf(q, ids)
    await writeTip(q, fx, access, me, TipOp.Mute, { ids, nicks: ids.map((id) => nicks.get(id) ?? '') }, { muteTime })
    if (muteTime > 0) await tellOthers(q, fx, ids, access.group.group_id, OtherNoticeKind.Muted, me, MUTED_BY_ADMIN_TEXT)
    return ids
  })

/**
 * memberBlack/add: blacklisted users cannot join, apply or be invited; members among them are
 * removed (the owner may blacklist anyone, an admin ordinary members and non-members).
 */
export const blacklistAdd = (ctx: AppContext, me: string, groupNumber: string, wtIds: string[]): Promise<string[]> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Admin, true)
    if (wtIds.includes(me)) throw badRequest('不能拉黑自己')
    const ids = await existingUsers(q, [...new Set(wtIds)])
    if (ids.length === 0) throw notFound(GroupText.UserNotFound)
    const members = await membersAmong(q, access.group.group_id, ids)
    for (const m of members) if (!outranks(access.self, m)) throw forbidden('不能拉黑群主或管理员')
    await blacklist.addToBlacklist(q, access.group.group_id, ids, me)
    await rejectPendingOf(q, access.group.group_id, ids, me)
    fx.counterGroups.add(access.group.group_id)
    if (members.length > 0) await kick(q, fx, access, members.map((m) => m.wt_id))
    return ids
  })

export const blacklistRemove = (ctx: AppContext, me: string, groupNumber: string, wtIds: string[]): Promise<number> =>
  ctx.db.tx(async (q) => blacklist.removeFromBlacklist(q, (await requireRole(q, groupNumber, me, GroupIdentity.Admin)).group.group_id, wtIds))

export async function blacklistPage(ctx: AppContext, me: string, groupNumber: string, pageNum: number, pageSize: number): Promise<Paged<GroupBlackEntry>> {
  const access = await requireRole(ctx.db, groupNumber, me, GroupIdentity.Admin)
  return blacklist.blacklistPage(ctx.db, access.group.group_id, pageNum, pageSize)
}

/** A page of the members `filter` picks, for a caller of at least `min` identity (member lists, candidate lists). */
export async function membersOf(
  ctx: AppContext,
  me: string,
  min: GroupIdentity,
  filter: MemberFilter,
  body: Pick<MemberListBody, 'groupNumber' | 'pageNum' | 'pageSize' | 'keyword'>,
): Promise<Paged<GroupMember>> {
  const access = await requireRole(ctx.db, body.groupNumber, me, min)
  return memberPage(ctx.db, access.group.group_id, filter, body)
}

/**
 * Whether the caller may revoke messages of `sender`: their own, an ordinary member's (also a
 * former member's), or anyone's for the owner.
 */
async function mayRevoke(q: Queryable, access: Member, sender: string): Promise<void> {
  if (sender === access.self.wt_id || access.self.identity === GroupIdentity.Owner) return
  const target = await memberOf(q, access.group.group_id, sender)
  if (!outranks(access.self, target ?? { wt_id: sender, identity: GroupIdentity.Member })) throw forbidden('不能撤回群主或管理员的消息')
}

/**
 * Revokes messages of one sender: one sequence (admin/withdrawMsg) or every message up to a
 * sequence (admin/withdrawWebMsgByUser). The messages show as revoked by 'administrator'; the
 * group hears it through socket type 7 (with `sequences` for a single revoke).
 */
export const withdraw = (ctx: AppContext, me: string, groupNumber: string, sender: string, seq: number, single: boolean): Promise<WithdrawResult> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Admin)
    await mayRevoke(q, access, sender)
    const revoked = await revokeBySender(q, access.channelId, sender, seq, single)
    if (single && revoked.length === 0) throw notFound('消息不存在或已撤回')
    const sequences = revoked.sort((a, b) => a - b)
    if (sequences.length > 0) {
      fx.frames.push({
        groupId: access.group.group_id,
        frame: {
          type: NoticeType.Withdraw,
          groupNumber: access.group.group_number,
          withdrawUserWtId: sender,
          lastMessageSequence: seq,
          ...(single ? { sequences } : {}),
        },
      })
    }
    return { groupNumber: access.group.group_number, withdrawUserWtId: sender, sequences, lastMessageSequence: seq }
  })
