import { RoomIdType, type CallSignal } from '../../../../types/call.js'
import type { Queryable } from '../../db/Db.js'
import type { EndedGroupCall, GroupCallRow } from '../../domain/calls/groupCalls.js'
import { connectedSeconds } from '../../domain/calls/duration.js'
import { CONNECTED_FOR, LIVE_CALL } from './live.js'

const SELECT_ROW = `SELECT g.group_id, g.invite_id, g.room_id, g.room_id_type, g.call_media_type, g.user_list, g.pending, cs.inviter, cs.status
  FROM group_calls g JOIN call_sessions cs ON cs.invite_id = g.invite_id`

export async function liveCallOfGroup(q: Queryable, groupId: string): Promise<GroupCallRow | null> {
  const { rows } = await q.query<GroupCallRow>(`${SELECT_ROW} WHERE g.group_id = $1 AND ${LIVE_CALL}`, [groupId])
  return rows[0] ?? null
}

/** The group call of an invite that has not ended, or null. */
export async function callOfInvite(q: Queryable, inviteID: string): Promise<GroupCallRow | null> {
  const { rows } = await q.query<GroupCallRow>(`${SELECT_ROW} WHERE g.invite_id = $1 AND cs.status <> 'ended'`, [inviteID])
  return rows[0] ?? null
}

/** The group's call attribute starts with the caller in it and the invitees ringing. */
export async function insertGroupCall(q: Queryable, signal: CallSignal): Promise<void> {
  await q.query(
    `INSERT INTO group_calls (group_id, invite_id, room_id, room_id_type, call_media_type, user_list, pending) VALUES ($1, $2, $2, $3, $4, $5, $6)
         ON CONFLICT (group_id) DO UPDATE SET invite_id = $2, room_id = $2, room_id_type = $3, call_media_type = $4, user_list = $5, pending = $6, updated_at = now()`,
    [signal.groupID, signal.inviteID, RoomIdType.String, signal.data.call_type, [signal.inviter], signal.inviteeList],
  )
}

/** More members are asked into a running call. */
export async function addInvitees(q: Queryable, inviteID: string, invitees: string[]): Promise<void> {
  await q.query(`UPDATE call_sessions SET invitees = ARRAY(SELECT DISTINCT unnest(invitees || $2::text[])) WHERE invite_id = $1`, [inviteID, invitees])
  await q.query(
    `UPDATE group_calls SET pending = ARRAY(SELECT DISTINCT unnest(pending || $2::text[]) EXCEPT SELECT unnest(user_list)), updated_at = now() WHERE invite_id = $1`,
    [inviteID, invitees],
  )
}

/** A member answers or joins: the call is connected and they are in its user_list; false when the call has no attribute. */
export async function joinGroupCall(q: Queryable, inviteID: string, wtId: string): Promise<boolean> {
  await q.query(
    `UPDATE call_sessions SET status = 'connected', accepted_at = coalesce(accepted_at, now()), alive_at = now(),
        invitees = ARRAY(SELECT DISTINCT unnest(invitees || ARRAY[$2::text])) WHERE invite_id = $1 AND status <> 'ended'`,
    [inviteID, wtId],
  )
  const { rows } = await q.query(
    `UPDATE group_calls SET user_list = array_append(array_remove(user_list, $2), $2), pending = array_remove(pending, $2), updated_at = now() WHERE invite_id = $1 RETURNING 1`,
    [inviteID, wtId],
  )
  return rows.length > 0
}

export async function stopRinging(q: Queryable, inviteID: string, wtId: string): Promise<void> {
  await q.query(`UPDATE group_calls SET pending = array_remove(pending, $2), updated_at = now() WHERE invite_id = $1`, [inviteID, wtId])
}

export async function stopRingingAll(q: Queryable, inviteID: string, invitees: string[]): Promise<void> {
  await q.query(`UPDATE group_calls SET pending = ARRAY(SELECT unnest(pending) EXCEPT SELECT unnest($2::text[])), updated_at = now() WHERE invite_id = $1`, [inviteID, invitees])
}

export async function leaveGroupCall(q: Queryable, inviteID: string, wtId: string): Promise<void> {
  await q.query(`UPDATE group_calls SET user_list = array_remove(user_list, $2), updated_at = now() WHERE invite_id = $1`, [inviteID, wtId])
}

/** How many are in the call or ringing for it. */
export async function peopleInCall(q: Queryable, inviteID: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT cardinality(user_list) + cardinality(pending) AS n FROM group_calls WHERE invite_id = $1', [inviteID])
  return rows[0]?.n ?? 0
}

export async function deleteGroupCall(q: Queryable, inviteID: string): Promise<void> {
  await q.query('DELETE FROM group_calls WHERE invite_id = $1', [inviteID])
}

/** Whether the user is in, or being rung for, a live group call other than `exceptInviteID`. */
export async function inLiveGroupCall(q: Queryable, wtId: string, exceptInviteID: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM group_calls g JOIN call_sessions cs ON cs.invite_id = g.invite_id
     WHERE g.invite_id <> $2 AND ($1 = ANY(g.user_list) OR $1 = ANY(g.pending)) AND ${LIVE_CALL} LIMIT 1`,
    [wtId, exceptInviteID],
  )
  return rows.length > 0
}

export async function endedGroupCall(q: Queryable, inviteID: string): Promise<EndedGroupCall | null> {
  const { rows } = await q.query<{ inviter: string; invitees: string[]; group_id: string; media_type: number; timeout_s: number; connected_for: number | null }>(
    `SELECT cs.inviter, cs.invitees, cs.group_id, cs.media_type, cs.timeout_s, ${CONNECTED_FOR} AS connected_for
     FROM call_sessions cs WHERE cs.invite_id = $1 AND cs.status = 'ended' AND cs.group_id <> '' AND cs.accepted_at IS NOT NULL AND cs.ended_at IS NOT NULL`,
    [inviteID],
  )
  const r = rows[0]
  if (!r) return null
  return { inviter: r.inviter, invitees: r.invitees, groupId: r.group_id, mediaType: r.media_type === 2 ? 2 : 1, timeout: r.timeout_s, seconds: connectedSeconds(r.connected_for) }
}
