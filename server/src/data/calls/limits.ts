import type { Queryable } from '../../db/Db.js'
import { EFFECTIVE_VIP_TYPE } from '../users.js'

/** The account's membership type as it reads now (0 when none or expired), or null for an unknown account. */
export async function vipTypeOf(q: Queryable, wtId: string): Promise<number | null> {
  const { rows } = await q.query<{ vip_type: number }>(`SELECT ${EFFECTIVE_VIP_TYPE} AS vip_type FROM users WHERE wt_id = $1`, [wtId])
  return rows[0]?.vip_type ?? null
}

/** Seconds of calls the user started today. */
export async function usedToday(q: Queryable, wtId: string, timeZone: string): Promise<number> {
  const { rows } = await q.query<{ used: number }>(
    `SELECT COALESCE(SUM(EXTRACT(EPOCH FROM (reported_at - started_at))), 0)::float8 AS used
     FROM call_usage
     WHERE wt_id = $1 AND started_at >= (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2)`,
    [wtId, timeZone],
  )
  return Math.floor(Number(rows[0]?.used ?? 0))
}

export async function isOpenAccount(q: Queryable, wtId: string): Promise<boolean> {
  const { rows: peer } = await q.query('SELECT 1 FROM users WHERE wt_id = $1 AND action_status = 0', [wtId])
  return Boolean(peer[0])
}

/** A call's usage record; answers the id its reports name. */
export async function insertCallUsage(q: Queryable, wtId: string, acceptWtId: string, callType: number): Promise<number> {
  const { rows } = await q.query<{ call_id: number }>(
    'INSERT INTO call_usage (wt_id, accept_wt_id, call_type) VALUES ($1, $2, $3) RETURNING call_id::int AS call_id',
    [wtId, acceptWtId, callType],
  )
  return rows[0]!.call_id
}

/** A report of a call not ended yet (with `end`, its last); false when there is no such call. */
export async function reportCallUsage(q: Queryable, wtId: string, callId: number, end: boolean): Promise<boolean> {
  const { rows } = await q.query<{ ended: boolean }>(
    `UPDATE call_usage SET reported_at = now(), heartbeats = heartbeats + 1, ended_at = CASE WHEN $3 THEN now() ELSE ended_at END
     WHERE call_id = $1 AND wt_id = $2 AND ended_at IS NULL
     RETURNING true AS ended`,
    [callId, wtId, end],
  )
  return Boolean(rows[0])
}

/** Whether the user's call record exists (ended or not). */
export async function callUsageExists(q: Queryable, wtId: string, callId: number): Promise<boolean> {
  const { rows: any } = await q.query<{ ended_at: Date | null }>('SELECT ended_at FROM call_usage WHERE call_id = $1 AND wt_id = $2', [callId, wtId])
  return Boolean(any[0])
}
