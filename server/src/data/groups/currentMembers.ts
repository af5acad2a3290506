import type { Queryable } from '../../db/Db.js'
import type { MemberRow } from '../../domain/groups/access.js'

/**
 * Who is in a group now. A membership ends by setting left_at (the row stays: a former member
 * keeps the history up to their leaving), so every "is X a member" or "who are the members"
 * question must leave those rows out; it is asked here and nowhere else.
 */

const MEMBER_COLUMNS = `wt_id, identity, group_nickname, group_name_remark, join_type, inviter_wt_id, mute_until, joined_at, last_send_at`

/**
 * A SQL expression: the avatars of up to 9 members of the group `group` (an SQL group row with
 * group_id and group_avatar) for the mosaic of a group without an uploaded avatar, owner and
 * admins first, then by joining; NULL for a group with its own avatar. Conversations, search
 * results, the group card and the type 5 change all use this one ordering.
 */
export const mosaicAvatarsSql = (group: string) => `(SELECT json_agg(ma.avatar) FROM (SELECT mu.avatar FROM group_members mm JOIN users mu ON mu.wt_id = mm.wt_id
   WHERE ${group}.group_avatar = '' AND mm.group_id = ${group}.group_id AND mm.left_at IS NULL
   ORDER BY mm.identity DESC, mm.joined_at, mm.wt_id LIMIT 9) ma)`

/** The mosaic avatars of a group (see mosaicAvatarsSql); null when the group has its own avatar. */
export async function mosaicAvatars(q: Queryable, groupId: string): Promise<string[] | null> {
  const { rows } = await q.query<{ avatar: string; avatars: string[] | null }>(
    `SELECT g.group_avatar AS avatar, ${mosaicAvatarsSql('g')} AS avatars FROM groups g WHERE g.group_id = $1`,
    [groupId],
  )
  const r = rows[0]
  if (!r || r.avatar) return null
  return r.avatars ?? []
}

export async function memberOf(q: Queryable, groupId: string, wtId: string): Promise<MemberRow | null> {
  const { rows } = await q.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM group_members WHERE group_id = $1 AND wt_id = $2 AND left_at IS NULL`, [groupId, wtId])
  return rows[0] ?? null
}

export async function isCurrentMember(q: Queryable, groupId: string, wtId: string): Promise<boolean> {
  return (await memberOf(q, groupId, wtId)) !== null
}

/** The memberships of those of `wtIds` who are members. */
export async function membersAmong(q: Queryable, groupId: string, wtIds: string[]): Promise<MemberRow[]> {
  const { rows } = await q.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM group_members WHERE group_id = $1 AND wt_id = ANY($2::text[]) AND left_at IS NULL`,
    [groupId, wtIds],
  )
  return rows
}

/** Which of `wtIds` are members: IDs only, for the fan-out to a large group's connected users. */
export async function memberIdsAmong(q: Queryable, groupId: string, wtIds: string[]): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    'SELECT wt_id FROM group_members WHERE group_id = $1 AND left_at IS NULL AND wt_id = ANY($2::text[])',
    [groupId, wtIds],
  )
  return rows.map((r) => r.wt_id)
}

/** The members with at least `minIdentity` (1 member, 2 admin, 3 owner), at most `limit` of them. */
export async function memberIds(q: Queryable, groupId: string, opts: { minIdentity?: number; limit?: number } = {}): Promise<string[]> {
  const { rows } = await q.query<{ wt_id: string }>(
    'SELECT wt_id FROM group_members WHERE group_id = $1 AND left_at IS NULL AND identity >= $2 LIMIT $3',
    [groupId, opts.minIdentity ?? 0, opts.limit ?? null],
  )
  return rows.map((r) => r.wt_id)
}

/** How many members there are, or how many of one identity. */
export async function memberCount(q: Queryable, groupId: string, identity?: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM group_members WHERE group_id = $1 AND left_at IS NULL AND ($2::int IS NULL OR identity = $2)',
    [groupId, identity ?? null],
  )
  return rows[0]!.n
}
