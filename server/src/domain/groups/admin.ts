import { MsgType } from '../../../../types/chat.js'
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
  type WithdrawResult,
} from '../../../../types/group.js'
import { NoticeType } from '../../../../types/ws.js'
import type { Queryable } from '../../db/Db.js'
import { badRequest, conflict, forbidden, notFound } from '../refusal.js'
import { nicksOf, outranks, unixSeconds, type GroupAccess } from './access.js'
import { memberCount, memberIds, membersAmong, memberOf, type MemberRow } from './currentMembers.js'
import type { GroupEffects } from './effects.js'
import { kick } from './members.js'
import { endMemberships } from './membership.js'
import { addOtherNotices } from './notices.js'
import { writeTip } from './tips.js'

type Member = GroupAccess & { self: MemberRow }

const changed = (fx: GroupEffects, access: Member, extra: string[] = []) =>
  fx.changes.push({ groupId: access.group.group_id, groupNumber: access.group.group_number, extra })

/** admin/addOrRemove (owner only): identity 2 promotes members, 1 demotes admins; at most 20 admins. */
export async function setAdmins(q: Queryable, fx: GroupEffects, access: Member, wtIds: string[], identity: 1 | 2): Promise<string[]> {
  const targets = await membersAmong(q, access.group.group_id, wtIds)
  if (targets.some((t) => t.identity === GroupIdentity.Owner)) throw badRequest('不能修改群主的身份')
  const from = identity === GroupIdentity.Admin ? GroupIdentity.Member : GroupIdentity.Admin
  const ids = targets.filter((t) => t.identity === from).map((t) => t.wt_id)
  if (ids.length === 0) throw conflict(identity === GroupIdentity.Admin ? '所选成员已是管理员或不在群聊中' : '所选成员不是管理员')
  if (identity === GroupIdentity.Admin) {
    if ((await memberCount(q, access.group.group_id, GroupIdentity.Admin)) + ids.length > GROUP_ADMIN_MAX) throw conflict(GroupText.AdminCap)
  }
  await q.query('UPDATE group_members SET identity = $3, mute_until = CASE WHEN $3 = 2 THEN NULL ELSE mute_until END WHERE group_id = $1 AND wt_id = ANY($2::text[])', [
    access.group.group_id,
    ids,
    identity,
  ])
  const nicks = await nicksOf(q, ids)
  const op = identity === GroupIdentity.Admin ? TipOp.SetAdmin : TipOp.RemoveAdmin
  await writeTip(q, fx, access, access.self.wt_id, op, { ids, nicks: ids.map((id) => nicks.get(id) ?? '') })
  const kind = identity === GroupIdentity.Admin ? OtherNoticeKind.SetAdmin : OtherNoticeKind.RemoveAdmin
  await addOtherNotices(q, fx, ids, access.group.group_id, kind, access.self.wt_id, identity === GroupIdentity.Admin ? '你已被设置为管理员' : '你已被取消管理员')
  changed(fx, access)
  return ids
}

/** transfer (owner only): the chosen member becomes owner and the caller an ordinary member, at once. */
export async function transfer(q: Queryable, fx: GroupEffects, access: Member, wtId: string): Promise<void> {
  if (wtId === access.self.wt_id) throw badRequest('不能转让给自己')
  const target = await memberOf(q, access.group.group_id, wtId)
  if (!target) throw notFound('该用户不在群聊中')
  await q.query('UPDATE group_members SET identity = 3, mute_until = NULL WHERE group_id = $1 AND wt_id = $2', [access.group.group_id, wtId])
  await q.query('UPDATE group_members SET identity = 1 WHERE group_id = $1 AND wt_id = $2', [access.group.group_id, access.self.wt_id])
  await q.query('UPDATE groups SET owner_wt_id = $2 WHERE group_id = $1', [access.group.group_id, wtId])
  const nicks = await nicksOf(q, [wtId])
  await writeTip(q, fx, access, access.self.wt_id, TipOp.Profile, { ids: [wtId], nicks: [nicks.get(wtId) ?? ''] }, {
    newGroupProfile: { ownerID: wtId, ownerNick: nicks.get(wtId) ?? '' },
  })
  await addOtherNotices(q, fx, [wtId], access.group.group_id, OtherNoticeKind.Owner, access.self.wt_id, '你已成为新群主')
  fx.counters.add(access.self.wt_id)
  changed(fx, access)
}

/**
 * remove (owner only): dissolves the group. Every member gets the tip (profile
 * {dissolved: true}, leave code 5), keeps the history up to it and receives nothing later.
 */
export async function dissolve(q: Queryable, fx: GroupEffects, access: Member): Promise<void> {
  const everyone = await memberIds(q, access.group.group_id)
  const seq = await writeTip(q, fx, access, access.self.wt_id, TipOp.Profile, { ids: [], nicks: [] }, {
    newGroupProfile: { dissolved: true },
    extra: everyone,
  })
  await endMemberships(q, fx, access, everyone, LeaveCode.Dissolved, seq, access.self.wt_id)
  await q.query(`UPDATE group_applications SET status = 2, handled_at = now(), handler = $2 WHERE group_id = $1 AND status = 0`, [
    access.group.group_id,
    access.self.wt_id,
  ])
  await q.query('UPDATE groups SET dissolved_at = now() WHERE group_id = $1', [access.group.group_id])
  changed(fx, access, everyone)
}

/** admin/batchMuted: muteTime seconds from now (0 lifts it), on ordinary members only; tip op 7. */
export async function batchMute(q: Queryable, fx: GroupEffects, access: Member, wtIds: string[], muteTime: number): Promise<string[]> {
  const targets = await membersAmong(q, access.group.group_id, wtIds)
  if (targets.length === 0) throw conflict('所选用户不在群聊中')
  for (const t of targets) if (t.identity !== GroupIdentity.Member || !outranks(access.self, t)) throw forbidden('只能禁言普通成员')
  const ids = targets.map((t) => t.wt_id)
  await q.query(
    `UPDATE group_members SET mute_until = CASE WHEN $3::int = 0 THEN NULL ELSE now() + make_interval(secs => $3::int) END
     WHERE group_id = $1 AND wt_id = ANY($2::text[])`,
    [access.group.group_id, ids, muteTime],
  )
  const nicks = await nicksOf(q, ids)
  await writeTip(q, fx, access, access.self.wt_id, TipOp.Mute, { ids, nicks: ids.map((id) => nicks.get(id) ?? '') }, { muteTime })
  if (muteTime > 0) await addOtherNotices(q, fx, ids, access.group.group_id, OtherNoticeKind.Muted, access.self.wt_id, MUTED_BY_ADMIN_TEXT)
  return ids
}

/**
 * memberBlack/add: blacklisted users cannot join, apply or be invited; members among them are
 * removed (the owner may blacklist anyone, an admin ordinary members and non-members).
 */
export async function blacklistAdd(q: Queryable, fx: GroupEffects, access: Member, wtIds: string[]): Promise<string[]> {
  if (wtIds.includes(access.self.wt_id)) throw badRequest('不能拉黑自己')
  const unique = [...new Set(wtIds)]
  const { rows: users } = await q.query<{ wt_id: string }>('SELECT wt_id FROM users WHERE wt_id = ANY($1::text[])', [unique])
  const ids = users.map((u) => u.wt_id)
  if (ids.length === 0) throw notFound(GroupText.UserNotFound)
  const members = await membersAmong(q, access.group.group_id, ids)
  for (const m of members) if (!outranks(access.self, m)) throw forbidden('不能拉黑群主或管理员')
  await q.query(
    `INSERT INTO group_blacklist (group_id, wt_id, operator) SELECT $1, u, $3 FROM unnest($2::text[]) AS u ON CONFLICT DO NOTHING`,
    [access.group.group_id, ids, access.self.wt_id],
  )
  await q.query(`UPDATE group_applications SET status = 2, handled_at = now(), handler = $3 WHERE group_id = $1 AND applicant = ANY($2::text[]) AND status = 0`, [
    access.group.group_id,
    ids,
    access.self.wt_id,
  ])
  fx.counterGroups.add(access.group.group_id)
  if (members.length > 0) await kick(q, fx, access, members.map((m) => m.wt_id))
  return ids
}

export async function blacklistRemove(q: Queryable, access: Member, wtIds: string[]): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM group_blacklist WHERE group_id = $1 AND wt_id = ANY($2::text[])', [access.group.group_id, wtIds])
  return rowCount
}

export async function blacklistPage(q: Queryable, access: Member, pageNum: number, pageSize: number): Promise<Paged<GroupBlackEntry>> {
  const { rows } = await q.query<{ wt_id: string; nick_name: string; avatar: string; operator: string; created_at: Date }>(
    `SELECT b.wt_id, u.nick_name, u.avatar, b.operator, b.created_at FROM group_blacklist b JOIN users u ON u.wt_id = b.wt_id
     WHERE b.group_id = $1 ORDER BY b.created_at DESC, b.wt_id LIMIT $2 OFFSET $3`,
    [access.group.group_id, pageSize, (pageNum - 1) * pageSize],
  )
  const { rows: n } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM group_blacklist WHERE group_id = $1', [access.group.group_id])
  return {
    rows: rows.map((r) => ({ userId: r.wt_id, userID: r.wt_id, wtId: r.wt_id, nickname: r.nick_name, avatar: r.avatar, operatorWtId: r.operator, createTime: unixSeconds(r.created_at) })),
    total: n[0]!.n,
  }
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
export async function withdraw(q: Queryable, fx: GroupEffects, access: Member, sender: string, seq: number, single: boolean): Promise<WithdrawResult> {
  await mayRevoke(q, access, sender)
  const { rows } = await q.query<{ seq: number }>(
    `UPDATE messages SET is_revoked = TRUE, revoker = 'administrator'
     WHERE channel_id = $1 AND sender = $2 AND ${single ? 'seq = $3' : 'seq <= $3'} AND NOT is_revoked AND type <> $4
     RETURNING seq::int AS seq`,
    [access.channelId, sender, seq, MsgType.GroupTip],
  )
  if (single && rows.length === 0) throw notFound('消息不存在或已撤回')
  const sequences = rows.map((r) => r.seq).sort((a, b) => a - b)
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
}
