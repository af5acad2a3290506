import type { JoinType } from '../../../../types/group.js'
import type { Queryable } from '../../db/Db.js'
import { EFFECTIVE_VIP_LEVEL, EFFECTIVE_VIP_TYPE } from '../users.js'

/** Applications to join a group (group_applications): asked by the applicant or by an inviting member. */

/** The user's effective membership (VIP) level and type. */
export async function vipOf(q: Queryable, wtId: string): Promise<{ vip_level: number; vip_type: number } | undefined> {
  const { rows } = await q.query<{ vip_level: number; vip_type: number }>(
    `SELECT ${EFFECTIVE_VIP_LEVEL} AS vip_level, ${EFFECTIVE_VIP_TYPE} AS vip_type FROM users WHERE wt_id = $1`,
    [wtId],
  )
  return rows[0]
}

/** Applying again while pending replaces the message rather than adding a second row. */
export async function upsertJoinApplication(q: Queryable, groupId: string, applicant: string, applyMessage: string, joinType: number): Promise<void> {
  await q.query(
    `INSERT INTO group_applications (group_id, applicant, apply_message, join_type) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, applicant) WHERE status = 0 DO UPDATE SET apply_message = EXCLUDED.apply_message`,
    [groupId, applicant, applyMessage, joinType],
  )
}

/** A member's invites awaiting approval; answers the invitees who had none pending yet. */
export async function insertInvites(q: Queryable, groupId: string, wtIds: string[], inviter: string, joinType: JoinType): Promise<string[]> {
  const { rows } = await q.query<{ applicant: string }>(
    `INSERT INTO group_applications (group_id, applicant, inviter, join_type) SELECT $1, u, $3, $4 FROM unnest($2::text[]) AS u
     ON CONFLICT (group_id, applicant) WHERE status = 0 DO NOTHING RETURNING applicant`,
    [groupId, wtIds, inviter, joinType],
  )
  return rows.map((r) => r.applicant)
}

export interface PendingRow {
  apply_id: string
  group_number: string
  applicant: string
  inviter: string | null
  join_type: number
}

const PENDING_SELECT = `SELECT a.apply_id::text, g.group_number, a.applicant, a.inviter, a.join_type
  FROM group_applications a JOIN groups g ON g.group_id = a.group_id`

export async function applicationById(q: Queryable, applyId: number): Promise<PendingRow | undefined> {
  const { rows } = await q.query<PendingRow>(`${PENDING_SELECT} WHERE a.apply_id = $1`, [applyId])
  return rows[0]
}

/** The pending application of one applicant in one group. */
export async function pendingOf(q: Queryable, groupNumber: string, applicant: string): Promise<PendingRow | undefined> {
  const { rows } = await q.query<PendingRow>(`${PENDING_SELECT} WHERE g.group_number = $1 AND a.applicant = $2 AND a.status = 0`, [groupNumber, applicant])
  return rows[0]
}

/** An application's status, its row locked until the transaction ends. */
export async function lockStatus(q: Queryable, applyId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ status: number }>('SELECT status FROM group_applications WHERE apply_id = $1 FOR UPDATE', [applyId])
  return rows[0]?.status
}

export async function settle(q: Queryable, applyId: string, status: number, handler: string): Promise<void> {
  await q.query('UPDATE group_applications SET status = $2, handler = $3, handled_at = now() WHERE apply_id = $1', [applyId, status, handler])
}

/** Every pending application of the group, rejected by `handler` (the group is dissolved). */
export async function rejectAllPending(q: Queryable, groupId: string, handler: string): Promise<void> {
  await q.query(`UPDATE group_applications SET status = 2, handled_at = now(), handler = $2 WHERE group_id = $1 AND status = 0`, [groupId, handler])
}

/** The pending applications of these users, rejected by `handler` (they were blacklisted). */
export async function rejectPendingOf(q: Queryable, groupId: string, wtIds: string[], handler: string): Promise<void> {
  await q.query(`UPDATE group_applications SET status = 2, handled_at = now(), handler = $3 WHERE group_id = $1 AND applicant = ANY($2::text[]) AND status = 0`, [
    groupId,
    wtIds,
    handler,
  ])
}

/** The pending applications of these users go (they left the group). */
export async function deletePendingOf(q: Queryable, groupId: string, wtIds: string[]): Promise<void> {
  await q.query(`DELETE FROM group_applications WHERE group_id = $1 AND applicant = ANY($2::text[]) AND status = 0`, [groupId, wtIds])
}

export async function hasPending(q: Queryable, groupId: string, applicant: string): Promise<boolean> {
  const { rows } = await q.query<{ pending: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM group_applications WHERE group_id = $1 AND applicant = $2 AND status = 0) AS pending',
    [groupId, applicant],
  )
  return rows[0]!.pending
}
