import type { Paged } from '../../../../types/envelope.js'
import { GroupIdentity, type GroupMember, type GroupMemberDetail, type JoinType, type MemberListBody } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { notFound } from '../refusal.js'
import { unixSeconds, type GroupAccess } from './access.js'
import type { MemberRow } from './currentMembers.js'

/** Which members a list shows (the member list and the candidate lists of the management screens). */
export const MemberFilter = {
  All: 'TRUE',
  Members: 'gm.identity = 1',
  Admins: 'gm.identity = 2',
  Managers: 'gm.identity >= 2',
  Muted: 'gm.mute_until > now()',
} as const
export type MemberFilter = (typeof MemberFilter)[keyof typeof MemberFilter]

interface MemberListRow {
  wt_id: string
  nick_name: string
  avatar: string
  group_nickname: string
  identity: number
  mute_until: Date | null
  join_type: number
  joined_at: Date
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One page of members in SQL (owner and admins first, then by join time), so a 100000-member
 * group never loads whole. The keyword matches user ID, nickname or group nickname.
 */
export async function memberPage(q: Queryable, groupId: string, filter: MemberFilter, body: Pick<MemberListBody, 'pageNum' | 'pageSize' | 'keyword'>): Promise<Paged<GroupMember>> {
  const keyword = body.keyword ? `%${escapeLike(body.keyword)}%` : null
  const where = `gm.group_id = $1 AND gm.left_at IS NULL AND ${filter}
    AND ($2::text IS NULL OR gm.wt_id LIKE $2 OR u.nick_name ILIKE $2 OR gm.group_nickname ILIKE $2)`
  const { rows } = await q.query<MemberListRow>(
    `SELECT gm.wt_id, u.nick_name, u.avatar, gm.group_nickname, gm.identity, gm.mute_until, gm.join_type, gm.joined_at
     FROM group_members gm JOIN users u ON u.wt_id = gm.wt_id
     WHERE ${where}
     ORDER BY gm.identity DESC, gm.joined_at, gm.wt_id LIMIT $3 OFFSET $4`,
    [groupId, keyword, body.pageSize, (body.pageNum - 1) * body.pageSize],
  )
  const { rows: n } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM group_members gm JOIN users u ON u.wt_id = gm.wt_id WHERE ${where}`, [
    groupId,
    keyword,
  ])
  return { rows: rows.map(toMember), total: n[0]!.n }
}

/**
 * One member's card. Join type, inviter, join and last-send times are for admins, the owner
 * and the member themself (spec 6: admins "see group-member info of others").
 */
export async function memberDetail(q: Queryable, access: GroupAccess & { self: MemberRow }, wtId: string): Promise<GroupMemberDetail> {
  const { rows } = await q.query<MemberListRow & { inviter_wt_id: string | null; inviter_nick: string | null; last_send_at: Date | null }>(
    `SELECT gm.wt_id, u.nick_name, u.avatar, gm.group_nickname, gm.identity, gm.mute_until, gm.join_type, gm.joined_at,
            gm.inviter_wt_id, iu.nick_name AS inviter_nick, gm.last_send_at
     FROM group_members gm JOIN users u ON u.wt_id = gm.wt_id LEFT JOIN users iu ON iu.wt_id = gm.inviter_wt_id
     WHERE gm.group_id = $1 AND gm.wt_id = $2 AND gm.left_at IS NULL`,
    [access.group.group_id, wtId],
  )
  const r = rows[0]
  if (!r) throw notFound('该用户不在群聊中')
  const full = access.self.identity >= GroupIdentity.Admin || wtId === access.self.wt_id
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
    canAddFriend: wtId !== access.self.wt_id && !protectedPair,
  }
}
