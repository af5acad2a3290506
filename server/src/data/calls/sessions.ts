import type { CallSignal } from '../../../../types/call.js'
import type { Queryable } from '../../db/Db.js'
import type { CallSessionRow } from '../../domain/calls/sessions.js'
import { CONNECTED_FOR, LIVE_CALL } from './live.js'

export async function callSessionOf(q: Queryable, inviteID: string): Promise<CallSessionRow | null> {
  const { rows } = await q.query<CallSessionRow>('SELECT invite_id, inviter, invitees, group_id, status FROM call_sessions WHERE invite_id = $1', [inviteID])
  return rows[0] ?? null
}

/** A call starts ringing with its invite (a repeated invite changes nothing). */
export async function insertCallSession(q: Queryable, signal: CallSignal): Promise<void> {
  await q.query(
    `INSERT INTO call_sessions (invite_id, inviter, invitees, group_id, media_type, timeout_s) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (invite_id) DO NOTHING`,
    [signal.inviteID, signal.inviter, signal.inviteeList, signal.groupID, signal.data.call_type, signal.timeout],
  )
}

/** A one-to-one call that rang is answered. */
export async function connectCallSession(q: Queryable, inviteID: string): Promise<void> {
  await q.query(`UPDATE call_sessions SET status = 'connected', accepted_at = now(), alive_at = now() WHERE invite_id = $1 AND status = 'ringing'`, [inviteID])
}

/**
 * Seconds the call has been connected on the database's clock (to its end once it has ended);
 * null when it never connected or is unknown.
 */
export async function connectedFor(q: Queryable, inviteID: string): Promise<number | null> {
  const { rows } = await q.query<{ elapsed: number | null }>(`SELECT ${CONNECTED_FOR} AS elapsed FROM call_sessions cs WHERE cs.invite_id = $1`, [inviteID])
  return rows[0]?.elapsed ?? null
}

export async function endCallSession(q: Queryable, inviteID: string): Promise<void> {
  await q.query(`UPDATE call_sessions SET status = 'ended', ended_at = now() WHERE invite_id = $1 AND status <> 'ended'`, [inviteID])
}

export async function keepCallAlive(q: Queryable, inviteID: string): Promise<void> {
  await q.query('UPDATE call_sessions SET alive_at = now() WHERE invite_id = $1', [inviteID])
}

/** Whether the user takes part in a live one-to-one call other than `exceptInviteID`. */
export async function inLiveOneToOneCall(q: Queryable, wtId: string, exceptInviteID: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM call_sessions cs
     WHERE cs.invite_id <> $2 AND cs.group_id = '' AND (cs.inviter = $1 OR $1 = ANY(cs.invitees)) AND ${LIVE_CALL}
     LIMIT 1`,
    [wtId, exceptInviteID],
  )
  return rows.length > 0
}

export async function inviteIdTaken(q: Queryable, inviteID: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM call_sessions WHERE invite_id = $1', [inviteID])
  return rows.length > 0
}
