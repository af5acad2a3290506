import type { Paged } from '../../../../types/envelope.js'
import type { GroupBlackEntry } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { unixSeconds } from '../../domain/groups/access.js'

/** A group's blacklist: who may neither join, apply nor be invited. */

export async function isBlacklisted(q: Queryable, groupId: string, wtId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM group_blacklist WHERE group_id = $1 AND wt_id = $2', [groupId, wtId])
  return rows.length > 0
}

export async function addToBlacklist(q: Queryable, groupId: string, wtIds: string[], operator: string): Promise<void> {
  await q.query(`INSERT INTO group_blacklist (group_id, wt_id, operator) SELECT $1, u, $3 FROM unnest($2::text[]) AS u ON CONFLICT DO NOTHING`, [
    groupId,
    wtIds,
    operator,
  ])
}

export async function removeFromBlacklist(q: Queryable, groupId: string, wtIds: string[]): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM group_blacklist WHERE group_id = $1 AND wt_id = ANY($2::text[])', [groupId, wtIds])
  return rowCount
}

export async function blacklistPage(q: Queryable, groupId: string, pageNum: number, pageSize: number): Promise<Paged<GroupBlackEntry>> {
  const { rows } = await q.query<{ wt_id: string; nick_name: string; avatar: string; operator: string; created_at: Date }>(
    `SELECT b.wt_id, u.nick_name, u.avatar, b.operator, b.created_at FROM group_blacklist b JOIN users u ON u.wt_id = b.wt_id
     WHERE b.group_id = $1 ORDER BY b.created_at DESC, b.wt_id LIMIT $2 OFFSET $3`,
    [groupId, pageSize, (pageNum - 1) * pageSize],
  )
  const { rows: n } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM group_blacklist WHERE group_id = $1', [groupId])
  return {
    rows: rows.map((r) => ({ userId: r.wt_id, userID: r.wt_id, wtId: r.wt_id, nickname: r.nick_name, avatar: r.avatar, operatorWtId: r.operator, createTime: unixSeconds(r.created_at) })),
    total: n[0]!.n,
  }
}
