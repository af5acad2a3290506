import {
  GroupIdentity,
  GroupText,
  JoinType,
  LeaveCode,
  SwitchValue,
  TipOp,
  type EditSelfBody,
  type JoinResult,
} from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { conflict, forbidden } from '../refusal.js'
import { patchConversation } from '../conversations.js'
import { nicksOf, outranks, type GroupAccess } from './access.js'
import { membersAmong, type MemberRow } from './currentMembers.js'
import type { GroupEffects } from './effects.js'
import { addMembers, endMemberships } from './membership.js'
import { writeTip } from './tips.js'

type Member = GroupAccess & { self: MemberRow }

/** Active accounts among wtIds that are neither members nor on the group's blacklist. */
async function invitable(q: Queryable, groupId: string, wtIds: string[]): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    `SELECT u.wt_id FROM users u
     WHERE u.wt_id = ANY($2::text[]) AND u.action_status = 0
       AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = $1 AND gm.wt_id = u.wt_id AND gm.left_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM group_blacklist b WHERE b.group_id = $1 AND b.wt_id = u.wt_id)`,
    [groupId, [...new Set(wtIds)]],
  )
  return rows.map((r) => r.wt_id)
}

/**
 * member/batchInvite. Admins and the owner add at once; an ordinary member's invite follows
 * inviteSwitch: 0 joins at once, 1 waits for an admin's approval, 2 is refused.
 */
export async function batchInvite(q: Queryable, fx: GroupEffects, access: Member, wtIds: string[]): Promise<JoinResult> {
  const me = access.self.wt_id
  const admin = access.self.identity >= GroupIdentity.Admin
  if (!admin && access.group.invite_switch === SwitchValue.Off) throw forbidden('群主或管理员已关闭成员邀请')
  const ok = await invitable(q, access.group.group_id, wtIds)
  const skipped = [...new Set(wtIds)].filter((id) => !ok.includes(id))
  if (admin || access.group.invite_switch === SwitchValue.AutoPass) {
    const joined = await addMembers(q, fx, access, me, ok, JoinType.Invite, me)
    return { joined, pending: [], skipped }
  }
  const { rows } = await q.query<{ applicant: string }>(
    `INSERT INTO group_applications (group_id, applicant, inviter, join_type) SELECT $1, u, $3, $4 FROM unnest($2::text[]) AS u
     ON CONFLICT (group_id, applicant) WHERE status = 0 DO NOTHING RETURNING applicant`,
    [access.group.group_id, ok, me, JoinType.Invite],
  )
  fx.counterGroups.add(access.group.group_id)
  const pending = rows.map((r) => r.applicant)
  return { joined: [], pending, skipped: [...skipped, ...ok.filter((id) => !pending.includes(id))] }
}

/** member/remove: the owner removes anyone, an admin ordinary members only. */
export async function removeMembers(q: Queryable, fx: GroupEffects, access: Member, wtIds: string[]): Promise<string[]> {
  const targets = await membersAmong(q, access.group.group_id, wtIds)
  if (targets.length === 0) throw conflict('所选用户不在群聊中')
  for (const t of targets) if (!outranks(access.self, t)) throw forbidden(t.wt_id === access.self.wt_id ? '不能移除自己' : '不能移除群主或管理员')
  await kick(q, fx, access, targets.map((t) => t.wt_id))
  return targets.map((t) => t.wt_id)
}

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
export async function quit(q: Queryable, fx: GroupEffects, access: Member): Promise<void> {
  const me = access.self.wt_id
  if (access.self.identity === GroupIdentity.Owner) throw conflict(GroupText.OwnerCannotQuit)
  const nicks = await nicksOf(q, [me])
  const seq = await writeTip(q, fx, access, me, TipOp.Quit, { ids: [me], nicks: [nicks.get(me) ?? ''] }, { adminOnly: true, extra: [me] })
  await endMemberships(q, fx, access, [me], LeaveCode.Left, seq, me)
  fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra: [me] })
}

/** member/editGroup: the caller's own group nickname and remark. */
export async function editSelf(q: Queryable, fx: GroupEffects, access: Member, body: EditSelfBody): Promise<void> {
  await q.query(
    `UPDATE group_members SET group_nickname = COALESCE($3, group_nickname), group_name_remark = COALESCE($4, group_name_remark)
     WHERE group_id = $1 AND wt_id = $2 AND left_at IS NULL`,
    [access.group.group_id, access.self.wt_id, body.groupNickname ?? null, body.groupNameRemark ?? null],
  )
  fx.conversations.push({ wtId: access.self.wt_id, conversationID: access.conversationID })
}

/** member/setTop: pins (1) or unpins (2) the group conversation for the caller. */
export async function setTop(q: Queryable, fx: GroupEffects, access: Member, topStatus: 1 | 2): Promise<void> {
  await patchConversation(q, access.self.wt_id, access.conversationID, { kind: 'pin', value: topStatus === 1 })
  fx.conversations.push({ wtId: access.self.wt_id, conversationID: access.conversationID })
}
