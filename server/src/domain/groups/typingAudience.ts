import type { Queryable } from '../../db/Db.js'
import { FANOUT_LIST_MAX, memberListCache } from './memberListCache.js'

/**
 * Who is told that `wtId` is typing in a group: the same audience as a message (members, from
 * the list kept for sends while the group's member version is unchanged), or null when `wtId` is
 * not a current member. `members` is null for a group too large to list; `version` is the
 * member version read with the membership.
 */
export async function typingAudience(q: Queryable, groupId: string, wtId: string): Promise<{ members: readonly string[] | null; version: string } | null> {
  const cache = memberListCache(q)
  const kept = cache.get(groupId)
  const { rows } = await q.query<{ member_version: string; members: string[] | null }>(
    `SELECT g.member_version::text AS member_version,
            CASE WHEN g.member_version IS DISTINCT FROM $3::bigint THEN
              (SELECT array_agg(x.wt_id) FROM (SELECT x.wt_id FROM group_members x WHERE x.group_id = $1 AND x.left_at IS NULL LIMIT $4) x) END AS members
     FROM group_members gm JOIN groups g ON g.group_id = gm.group_id AND g.dissolved_at IS NULL
     WHERE gm.group_id = $1 AND gm.wt_id = $2 AND gm.left_at IS NULL`,
    [groupId, wtId, kept?.version ?? null, FANOUT_LIST_MAX + 1],
  )
  const r = rows[0]
  if (!r) return null
  return { members: cache.settle(groupId, kept, r.member_version, r.members ?? [wtId]), version: r.member_version }
}
