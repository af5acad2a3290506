import type { Paged } from '../../../../types/envelope.js'
import type { GroupMember, MemberListBody } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { toMember, type MemberDetailRow, type MemberFilter, type MemberListRow } from '../../domain/groups/memberLists.js'

const FILTER: Record<MemberFilter, string> = {
  All: 'TRUE',
  Members: 'gm.identity = 1',
  Admins: 'gm.identity = 2',
  Managers: 'gm.identity >= 2',
  Muted: 'gm.mute_until > now()',
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One page of members in SQL (owner and admins first, then by join time), so a 100000-member
 * group never loads whole. The keyword matches user ID, nickname or group nickname.
 */
export async function memberPage(q: Queryable, groupId: string, filter: MemberFilter, body: Pick<MemberListBody, 'pageNum' | 'pageSize' | 'keyword'>): Promise<Paged<GroupMember>> {
  const keyword = body.keyword ? `%${escapeLike(body.keyword)}%` : null
  const where = `gm.group_id = $1 AND gm.left_at IS NULL AND ${FILTER[filter]}
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

/** One current member with their inviter and last send. */
export async function memberDetailRow(q: Queryable, groupId: string, wtId: string): Promise<MemberDetailRow | undefined> {
  const { rows } = await q.query<MemberDetailRow>(
    `SELECT gm.wt_id, u.nick_name, u.avatar, gm.group_nickname, gm.identity, gm.mute_until, gm.join_type, gm.joined_at,
            gm.inviter_wt_id, iu.nick_name AS inviter_nick, gm.last_send_at
     FROM group_members gm JOIN users u ON u.wt_id = gm.wt_id LEFT JOIN users iu ON iu.wt_id = gm.inviter_wt_id
     WHERE gm.group_id = $1 AND gm.wt_id = $2 AND gm.left_at IS NULL`,
    [groupId, wtId],
  )
  return rows[0]
}

/**
 * The member lists kept for sends and fan-outs (domain/groups/memberListCache.ts): each read with
 * the group's member version in the same statement, and only when the kept one is not that version.
 */
export interface VersionedMembers {
  member_version: string
  members: string[] | null
}

/**
 * The group's member version and, unless `keptVersion` is current, up to `limit` members; none
 * when `wtId` is not a current member of a live group (who may type there).
 */
export async function membersIfMember(q: Queryable, groupId: string, wtId: string, keptVersion: string | null, limit: number): Promise<VersionedMembers | undefined> {
  const { rows } = await q.query<VersionedMembers>(
    `SELECT g.member_version::text AS member_version,
            CASE WHEN g.member_version IS DISTINCT FROM $3::bigint THEN
              (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = $1 AND x.left_at IS NULL LIMIT $4) x) END AS members
     FROM group_members gm JOIN groups g ON g.group_id = gm.group_id AND g.dissolved_at IS NULL
     WHERE gm.group_id = $1 AND gm.wt_id = $2 AND gm.left_at IS NULL`,
    [groupId, wtId, keptVersion, limit],
  )
  return rows[0]
}

/** The group's member version and, unless `keptVersion` is current, up to `limit` members. */
export async function membersUnlessKept(q: Queryable, groupId: string, keptVersion: string | null, limit: number): Promise<VersionedMembers | undefined> {
  const { rows } = await q.query<VersionedMembers>(
    `SELECT g.member_version::text AS member_version,
            CASE WHEN g.member_version IS DISTINCT FROM $2::bigint THEN
              (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = $1 AND x.left_at IS NULL LIMIT $3) x) END AS members
     FROM groups g WHERE g.group_id = $1`,
    [groupId, keptVersion, limit],
  )
  return rows[0]
}

/** The live groups these users are current members of. */
export async function groupsOfUsers(q: Queryable, wtIds: string[]): Promise<string[]> {
  const { rows } = await q.query<{ group_id: string }>(
    `SELECT DISTINCT gm.group_id FROM group_members gm JOIN groups g ON g.group_id = gm.group_id AND g.dissolved_at IS NULL
     WHERE gm.wt_id = ANY($1::text[]) AND gm.left_at IS NULL`,
    [wtIds],
  )
  return rows.map((g) => g.group_id)
}

/**
 * Of these live groups, those with at least `minMembers` members, each with its member version
 * and up to `limit` members (the OFFSET probe stops counting at `minMembers`).
 */
export async function largeGroupLists(q: Queryable, groupIds: string[], limit: number, minMembers: number): Promise<Array<{ group_id: string; member_version: string; members: string[] }>> {
  const { rows } = await q.query<{ group_id: string; member_version: string; members: string[] }>(
    `SELECT g.group_id, g.member_version::text AS member_version,
            (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = g.group_id AND x.left_at IS NULL LIMIT $2) x) AS members
     FROM groups g
     WHERE g.group_id = ANY($1::text[]) AND g.dissolved_at IS NULL
       AND EXISTS (SELECT 1 FROM group_members p WHERE p.group_id = g.group_id AND p.left_at IS NULL OFFSET $3 LIMIT 1)`,
    [groupIds, limit, minMembers - 1],
  )
  return rows
}
