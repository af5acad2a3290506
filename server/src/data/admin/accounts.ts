import type { AdminUserRow } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Queryable } from '../../db/Db.js'
import { toAdminUserRow, type AccountRow } from '../../domain/admin/accounts.js'
import { EFFECTIVE_VIP_LEVEL, EFFECTIVE_VIP_TYPE } from '../users.js'
import { ROBOT_PWD_HASH } from '../bots.js'

const SELECT = `SELECT wt_id, phone, nick_name, avatar, bio, action_status, closed_by, banned_until,
  (banned_until IS NOT NULL AND banned_until > now()) AS banned, ban_reason, is_operator,
  ${EFFECTIVE_VIP_TYPE} AS vip_type, ${EFFECTIVE_VIP_LEVEL} AS vip_level,
  CASE WHEN ${EFFECTIVE_VIP_TYPE} = 0 THEN NULL ELSE vip_expires_at END AS vip_expires_at, created_at
  FROM users`

/** Accounts a person can hold: the helper, other system accounts and group robots are not listed or counted. */
export const PEOPLE = `phone NOT LIKE 'system:%' AND pwd_hash <> '${ROBOT_PWD_HASH}'`

/** A person's account as the console reads it, or null (unknown, or a system account). */
export async function accountRow(q: Queryable, wtId: string): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>(`${SELECT} WHERE wt_id = $1 AND ${PEOPLE}`, [wtId])
  return rows[0] ?? null
}

/** The ID of the person's account named by phone or ID, or null. */
export async function accountIdOf(q: Queryable, phoneOrId: string): Promise<string | null> {
  const { rows } = await q.query<{ wt_id: string }>(`SELECT wt_id FROM users WHERE (phone = $1 OR wt_id = $1) AND ${PEOPLE}`, [phoneOrId])
  return rows[0]?.wt_id ?? null
}

/** Search by exact phone or ID, or by part of the nickname; newest accounts first. */
export async function searchUsers(q: Queryable, f: { keyword: string; pageNum: number; pageSize: number }): Promise<Paged<AdminUserRow>> {
  const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = `${PEOPLE} AND ($1 = '' OR phone = $1 OR wt_id = $1 OR nick_name ILIKE $2)`
  const { rows } = await q.query<AccountRow>(`${SELECT} WHERE ${where} ORDER BY created_at DESC, wt_id LIMIT $3 OFFSET $4`, [
    f.keyword,
    like,
    f.pageSize,
    (f.pageNum - 1) * f.pageSize,
  ])
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where}`, [f.keyword, like])
  return { rows: rows.map((r) => toAdminUserRow(r)), total: total[0]?.n ?? 0 }
}

/** The groups the account is in now, by name (at most 200). */
export async function groupsOf(q: Queryable, wtId: string): Promise<Array<{ groupId: string; groupNumber: string; groupName: string; identity: number }>> {
  const { rows: groups } = await q.query<{ group_id: string; group_number: string; group_name: string; identity: number }>(
    `SELECT g.group_id, g.group_number, g.group_name, gm.identity FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
     WHERE gm.wt_id = $1 AND gm.left_at IS NULL AND g.dissolved_at IS NULL ORDER BY g.group_name LIMIT 200`,
    [wtId],
  )
  return groups.map((g) => ({ groupId: g.group_id, groupNumber: g.group_number, groupName: g.group_name, identity: g.identity }))
}

export async function friendCount(q: Queryable, wtId: string): Promise<number> {
  const { rows: friends } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM friendships WHERE owner_wt_id = $1', [wtId])
  return friends[0]?.n ?? 0
}

/** Bans until `days` from now (sends refused with 20012; login stays possible). */
export async function setBan(q: Queryable, wtId: string, days: number, reason: string): Promise<void> {
  await q.query(`UPDATE users SET banned_until = now() + make_interval(days => $2), ban_reason = $3 WHERE wt_id = $1`, [wtId, days, reason])
}

/** Deactivation by an operator: actionStatus 1, undone by restore. */
export async function setDeactivated(q: Queryable, wtId: string): Promise<void> {
  await q.query(`UPDATE users SET action_status = 1, closed_by = 'operator', closed_at = now() WHERE wt_id = $1 AND action_status = 0`, [wtId])
}

/** Lifts a ban and undoes a deactivation; a deleted account stays deleted. */
export async function clearRestrictions(q: Queryable, wtId: string): Promise<void> {
  await q.query(
    `UPDATE users SET banned_until = NULL, ban_reason = '',
       action_status = CASE WHEN closed_by = 'operator' THEN 0 ELSE action_status END,
       closed_by = CASE WHEN closed_by = 'operator' THEN NULL ELSE closed_by END,
       closed_at = CASE WHEN closed_by = 'operator' THEN NULL ELSE closed_at END
     WHERE wt_id = $1`,
    [wtId],
  )
}
