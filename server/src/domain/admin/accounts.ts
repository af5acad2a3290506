import { AccountState, AdminText, type AdminUserDetail, type AdminUserRow } from '../../../../types/admin.js'
import type { Paged } from '../../../../types/envelope.js'
import type { Queryable } from '../../db/Db.js'
import { listDevices } from '../devices.js'
import { notFound } from '../refusal.js'
import { EFFECTIVE_VIP_LEVEL, EFFECTIVE_VIP_TYPE } from '../users.js'
import { membershipHistory } from './membership.js'

interface Row {
  wt_id: string
  phone: string
  nick_name: string
  avatar: string
  bio: string
  action_status: number
  closed_by: string | null
  banned_until: Date | null
  banned: boolean
  ban_reason: string
  is_operator: boolean
  vip_type: number
  vip_level: number
  vip_expires_at: Date | null
  created_at: Date
}

const SELECT = `SELECT wt_id, phone, nick_name, avatar, bio, action_status, closed_by, banned_until,
  (banned_until IS NOT NULL AND banned_until > now()) AS banned, ban_reason, is_operator,
  ${EFFECTIVE_VIP_TYPE} AS vip_type, ${EFFECTIVE_VIP_LEVEL} AS vip_level,
  CASE WHEN ${EFFECTIVE_VIP_TYPE} = 0 THEN NULL ELSE vip_expires_at END AS vip_expires_at, created_at
  FROM users`

/** Accounts a person can hold: the helper and other system accounts are not listed. */
const PEOPLE = `phone NOT LIKE 'system:%'`

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

function stateOf(r: Row): AccountState {
  if (r.action_status !== 0) return r.closed_by === 'self' ? AccountState.Deleted : AccountState.Deactivated
  return r.banned ? AccountState.Banned : AccountState.Active
}

function toRow(r: Row, adminPhones: readonly string[]): AdminUserRow {
  return {
    wtId: r.wt_id,
    phone: r.phone,
    nickName: r.nick_name,
    avatar: r.avatar,
    state: stateOf(r),
    bannedUntil: r.banned ? iso(r.banned_until) : null,
    banReason: r.banned ? r.ban_reason : '',
    operator: r.is_operator || adminPhones.includes(r.phone),
    membership: { vipType: r.vip_type, vipLevel: r.vip_level, expiresAt: iso(r.vip_expires_at) },
    createdAt: iso(r.created_at)!,
  }
}

export async function adminUser(q: Queryable, wtId: string, adminPhones: readonly string[] = []): Promise<AdminUserRow> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE wt_id = $1 AND ${PEOPLE}`, [wtId])
  if (!rows[0]) throw notFound(AdminText.UserNotFound)
  return toRow(rows[0], adminPhones)
}

/** The account named by phone or ID (the command line takes either). */
export async function resolveAccount(q: Queryable, phoneOrId: string): Promise<string> {
  const { rows } = await q.query<{ wt_id: string }>(`SELECT wt_id FROM users WHERE (phone = $1 OR wt_id = $1) AND ${PEOPLE}`, [phoneOrId])
  if (!rows[0]) throw notFound(AdminText.UserNotFound)
  return rows[0].wt_id
}

/** Search by exact phone or ID, or by part of the nickname; newest accounts first. */
export async function searchUsers(q: Queryable, f: { keyword: string; pageNum: number; pageSize: number }, adminPhones: readonly string[]): Promise<Paged<AdminUserRow>> {
  const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = `${PEOPLE} AND ($1 = '' OR phone = $1 OR wt_id = $1 OR nick_name ILIKE $2)`
  const { rows } = await q.query<Row>(`${SELECT} WHERE ${where} ORDER BY created_at DESC, wt_id LIMIT $3 OFFSET $4`, [
    f.keyword,
    like,
    f.pageSize,
    (f.pageNum - 1) * f.pageSize,
  ])
  const { rows: total } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where}`, [f.keyword, like])
  return { rows: rows.map((r) => toRow(r, adminPhones)), total: total[0]?.n ?? 0 }
}

export async function userDetail(q: Queryable, wtId: string, adminPhones: readonly string[], idleSeconds: number): Promise<AdminUserDetail> {
  const { rows } = await q.query<Row>(`${SELECT} WHERE wt_id = $1 AND ${PEOPLE}`, [wtId])
  if (!rows[0]) throw notFound(AdminText.UserNotFound)
  const { rows: groups } = await q.query<{ group_id: string; group_number: string; group_name: string; identity: number }>(
    `SELECT g.group_id, g.group_number, g.group_name, gm.identity FROM group_members gm JOIN groups g ON g.group_id = gm.group_id
     WHERE gm.wt_id = $1 AND gm.left_at IS NULL AND g.dissolved_at IS NULL ORDER BY g.group_name LIMIT 200`,
    [wtId],
  )
  const { rows: friends } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM friendships WHERE owner_wt_id = $1', [wtId])
  return {
    user: toRow(rows[0], adminPhones),
    bio: rows[0].bio,
    devices: await listDevices(q, wtId, '', idleSeconds),
    groups: groups.map((g) => ({ groupId: g.group_id, groupNumber: g.group_number, groupName: g.group_name, identity: g.identity })),
    friendCount: friends[0]?.n ?? 0,
    history: (await membershipHistory(q, { wtId, pageNum: 1, pageSize: 50 })).rows,
  }
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
