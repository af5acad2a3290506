import { GroupIdentity, GroupText, JoinType, LeaveCode, SwitchValue, TipOp, type EditSelfBody, type JoinResult } from '../../../../types/group.js'
import type { AppContext } from '../../context.js'
import type { Queryable } from '../../db/Db.js'
import { insertInvites } from '../../data/groups/applications.js'
import { patchConversation } from '../../data/conversations.js'
import { nicksOf } from '../../data/groups/groups.js'
import { invitable, updateOwnProfile } from '../../data/groups/members.js'
import { outranks, type Member } from '../../domain/groups/access.js'
import { membersAmong } from '../../data/groups/currentMembers.js'
import type { GroupEffects } from '../../domain/groups/effects.js'
import { conflict, forbidden } from '../../domain/refusal.js'
import { requireRole } from './access.js'
import { addMembers, endMemberships } from './membership.js'
import { runGroupChange } from './run.js'
import { writeTip } from './tips.js'

/** Group members: inviting, removing, quitting, and one's own nickname, remark and pin. */

/**
 * member/batchInvite. Admins and the owner add at once; an ordinary member's invite follows
 * inviteSwitch: 0 joins at once, 1 waits for an admin's approval, 2 is refused.
 */
export const batchInvite = (ctx: AppContext, me: string, groupNumber: string, wtIds: string[]): Promise<JoinResult> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Member, true)
    const admin = access.self.identity >= GroupIdentity.Admin
    if (!admin && access.group.invite_switch === SwitchValue.Off) throw forbidden('群主或管理员已关闭成员邀请')
    const ok = await invitable(q, access.group.group_id, wtIds)
    const skipped = [...new Set(wtIds)].filter((id) => !ok.includes(id))
    if (admin || access.group.invite_switch === SwitchValue.AutoPass) {
      const joined = await addMembers(q, fx, access, me, ok, JoinType.Invite, me)
      return { joined, pending: [], skipped }
    }
    const pending = await insertInvites(q, access.group.group_id, ok, me, JoinType.Invite)
    fx.counterGroups.add(access.group.group_id)
    return { joined: [], pending, skipped: [...skipped, ...ok.filter((id) => !pending.includes(id))] }
  })

/** member/remove: the owner removes anyone, an admin ordinary members only. */
export const removeMembers = (ctx: AppContext, me: string, groupNumber: string, wtIds: string[]): Promise<string[]> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Admin, true)
    const targets = await membersAmong(q, access.group.group_id, wtIds)
    if (targets.length === 0) throw conflict('所选用户不在群聊中')
    for (const t of targets) if (!outranks(access.self, t)) throw forbidden(t.wt_id === access.self.wt_id ? '不能移除自己' : '不能移除群主或管理员')
    await kick(q, fx, access, targets.map((t) => t.wt_id))
    return targets.map((t) => t.wt_id)
  })

/** The kicked tip (op 3, which the removed also see) and the end of their membership (leave code 4). */
export async function kick(q: Queryable, fx: GroupEffects, access: Member, ids: string[]): Promise<void> {
  const nicks = await nicksOf(q, ids)
  const seq = await writeTip(q, fx, access, access.self.wt_id, TipOp.Kicked, { ids, nicks: ids.map((id) => nicks.get(id) ?? '') }, { extra: ids })
  await endMemberships(q, fx, access, ids, LeaveCode.Removed, seq, access.self.wt_id)
  fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra: ids })
}

/**
 * member/quit ('删除并退出'). The exit tip (op 2) is admin-only: written with visible_identity 2
 * and visible_to the quitter, so ordinary members never receive or read it.
 */
export const quit = (ctx: AppContext, me: string, groupNumber: string): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Member, true)
    if (access.self.identity === GroupIdentity.Owner) throw conflict(GroupText.OwnerCannotQuit)
    const nicks = await nicksOf(q, [me])
    const seq = await writeTip(q, fx, access, me, TipOp.Quit, { ids: [me], nicks: [nicks.get(me) ?? ''] }, { adminOnly: true, extra: [me] })
    await endMemberships(q, fx, access, [me], LeaveCode.Left, seq, me)
    fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra: [me] })
  })

/** member/editGroup: the caller's own group nickname and remark. */
export const editSelf = (ctx: AppContext, me: string, body: EditSelfBody): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, body.groupNumber, me, GroupIdentity.Member)
    await updateOwnProfile(q, access.group.group_id, me, body.groupNickname ?? null, body.groupNameRemark ?? null)
    fx.conversations.push({ wtId: me, conversationID: access.conversationID })
  })

/** member/setTop: pins (1) or unpins (2) the group conversation for the caller. */
export const setTop = (ctx: AppContext, me: string, groupNumber: string, topStatus: 1 | 2): Promise<void> =>
  runGroupChange(ctx, async (q, fx) => {
    const access = await requireRole(q, groupNumber, me, GroupIdentity.Member)
    await patchConversation(q, me, access.conversationID, { kind: 'pin', value: topStatus === 1 })
    fx.conversations.push({ wtId: me, conversationID: access.conversationID })
  })
