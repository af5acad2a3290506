import { CALL_LIMITS, CallAction, GROUP_CALL_TEXT, RoomIdType, type CallSignal, type GroupCallInfo } from '../../../../types/call.js'
import type { Queryable } from '../../db/Db.js'
import { isCurrentMember, memberIdsAmong } from '../groups/currentMembers.js'
import { forbidden } from '../refusal.js'
import { isFreshInvite, isHangup, LIVE_CALL } from './live.js'

/**
 * Group calls (a mesh of up to 9 people): the group attribute inner_attr_kit_info kept from the
 * call messages sent in the group conversation. `user_list` is who is in the call, `pending` who
 * is still ringing. The call ends when nobody is left to talk to.
 */

interface GroupCallRow {
  group_id: string
  invite_id: string
  room_id: string
  room_id_type: number
  call_media_type: number
  user_list: string[]
  pending: string[]
  inviter: string
  status: 'ringing' | 'connected' | 'ended'
}


const SELECT_ROW = `SELECT g.group_id, g.invite_id, g.room_id, g.room_id_type, g.call_media_type, g.user_list, g.pending, cs.inviter, cs.status
  FROM group_calls g JOIN call_sessions cs ON cs.invite_id = g.invite_id`

async function liveCallOfGroup(q: Queryable, groupId: string): Promise<GroupCallRow | null> {
  const { rows } = await q.query<GroupCallRow>(`${SELECT_ROW} WHERE g.group_id = $1 AND ${LIVE_CALL}`, [groupId])
  return rows[0] ?? null
}

async function callOfInvite(q: Queryable, inviteID: string): Promise<GroupCallRow | null> {
  const { rows } = await q.query<GroupCallRow>(`${SELECT_ROW} WHERE g.invite_id = $1 AND cs.status <> 'ended'`, [inviteID])
  return rows[0] ?? null
}

async function allMembers(q: Queryable, groupId: string, wtIds: string[]): Promise<boolean> {
  return (await memberIdsAmong(q, groupId, wtIds)).length === new Set(wtIds).size
}

export function toGroupCallInfo(row: Pick<GroupCallRow, 'group_id' | 'room_id' | 'room_id_type' | 'call_media_type' | 'user_list'>): GroupCallInfo {
  return {
    group_id: row.group_id,
    room_id: row.room_id,
    room_id_type: row.room_id_type === RoomIdType.Number ? RoomIdType.Number : RoomIdType.String,
    call_media_type: row.call_media_type === 1 ? 1 : 2,
    user_list: row.user_list.map((userid) => ({ userid })),
  }
}

/** The group attribute of a live call, or null (getGroupAttributes); members only. */
export async function groupCallInfo(q: Queryable, me: string, groupId: string): Promise<GroupCallInfo | null> {
  if (!(await isCurrentMember(q, groupId, me))) throw forbidden('你不是该群成员')
  const row = await liveCallOfGroup(q, groupId)
  return row ? toGroupCallInfo(row) : null
}

/** Why `me` may not send this call message in group `groupId`, or null when it may. */
export async function groupCallRefusal(q: Queryable, me: string, groupId: string, signal: CallSignal): Promise<string | null> {
  if (signal.groupID !== groupId) return 'groupID: 必须是当前群聊'
  if (!(await isCurrentMember(q, groupId, me))) return 'groupID: 你不是该群成员'
  const call = await callOfInvite(q, signal.inviteID)
  if (isFreshInvite(signal) && !call) {
    if (signal.inviter !== me) return 'inviter: 必须是发送者本人'
    if (signal.inviteeList.includes(me)) return 'inviteeList: 不能邀请自己'
    if (signal.inviteeList.length > CALL_LIMITS.invitePickerMax) return GROUP_CALL_TEXT.full
    if (!(await allMembers(q, groupId, signal.inviteeList))) return 'inviteeList: 只能邀请群成员'
    const { rows } = await q.query('SELECT 1 FROM call_sessions WHERE invite_id = $1', [signal.inviteID])
    if (rows.length > 0) return 'inviteID: 已被使用'
    if (await liveCallOfGroup(q, groupId)) return GROUP_CALL_TEXT.exists
    return null
  }
  if (!call || call.group_id !== groupId) return 'inviteID: 通话不存在'
  const inCall = call.user_list.includes(me)
  switch (signal.actionType) {
    case CallAction.Invite: {
      if (!inCall) return 'inviteID: 你不在这个通话中'
      if (isHangup(signal)) return null
      // An invite naming an existing call asks more members in (inviteUser).
      const added = signal.inviteeList.filter((u) => !call.user_list.includes(u) && !call.pending.includes(u))
      if (added.length === 0) return 'inviteeList: 已在通话中'
      if (call.user_list.length + call.pending.length + added.length > CALL_LIMITS.groupCallMax) return GROUP_CALL_TEXT.full
      return (await allMembers(q, groupId, added)) ? null : 'inviteeList: 只能邀请群成员'
    }
    case CallAction.Cancel:
      return call.inviter === me ? null : 'actionType: 只有发起人可以取消'
    case CallAction.Accept:
      // An invitee answering, or any member joining from the banner, while there is room.
      if (inCall) return 'inviteID: 已在通话中'
      return call.user_list.length >= CALL_LIMITS.groupCallMax ? GROUP_CALL_TEXT.full : null
    case CallAction.Reject:
      return call.pending.includes(me) ? null : 'actionType: 只有被邀请人可以拒绝'
    case CallAction.Timeout:
      return inCall ? null : 'inviteID: 你不在这个通话中'
    default:
      return null
  }
}

/**
 * Moves a group call after one of its messages was stored (`sender` wrote it; a busy reject is
 * written in the callee's name). True when the message put the sender in the call's user_list
 * (the caller's invite, an accept), so the SFU can be served to them without asking again.
 */
export async function applyGroupCallMessage(q: Queryable, sender: string, signal: CallSignal): Promise<boolean> {
  const id = signal.inviteID
  if (isFreshInvite(signal)) {
    const existing = await callOfInvite(q, id)
    if (!existing) {
      await q.query(
        `INSERT INTO call_sessions (invite_id, inviter, invitees, group_id, media_type, timeout_s) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (invite_id) DO NOTHING`,
        [id, signal.inviter, signal.inviteeList, signal.groupID, signal.data.call_type, signal.timeout],
      )
      await q.query(
        `INSERT INTO group_calls (group_id, invite_id, room_id, room_id_type, call_media_type, user_list, pending) VALUES ($1, $2, $2, $3, $4, $5, $6)
         ON CONFLICT (group_id) DO UPDATE SET invite_id = $2, room_id = $2, room_id_type = $3, call_media_type = $4, user_list = $5, pending = $6, updated_at = now()`,
        [signal.groupID, id, RoomIdType.String, signal.data.call_type, [signal.inviter], signal.inviteeList],
      )
      return sender === signal.inviter
    }
    await q.query(
      `UPDATE call_sessions SET invitees = ARRAY(SELECT DISTINCT unnest(invitees || $2::text[])) WHERE invite_id = $1`,
      [id, signal.inviteeList],
    )
    await q.query(
      `UPDATE group_calls SET pending = ARRAY(SELECT DISTINCT unnest(pending || $2::text[]) EXCEPT SELECT unnest(user_list)), updated_at = now() WHERE invite_id = $1`,
      [id, signal.inviteeList],
    )
    return false
  }
  let joined = false
  switch (signal.actionType) {
    case CallAction.Cancel:
      await endGroupCall(q, id)
      return false
    case CallAction.Accept:
      await q.query(`UPDATE call_sessions SET status = 'connected', accepted_at = coalesce(accepted_at, now()), alive_at = now(),
        invitees = ARRAY(SELECT DISTINCT unnest(invitees || ARRAY[$2::text])) WHERE invite_id = $1 AND status <> 'ended'`, [id, sender])
      joined = (await q.query(`UPDATE group_calls SET user_list = array_append(array_remove(user_list, $2), $2), pending = array_remove(pending, $2), updated_at = now() WHERE invite_id = $1 RETURNING 1`, [id, sender])).rows.length > 0
      break
    case CallAction.Reject:
      await q.query(`UPDATE group_calls SET pending = array_remove(pending, $2), updated_at = now() WHERE invite_id = $1`, [id, sender])
      break
    case CallAction.Timeout:
      await q.query(`UPDATE group_calls SET pending = ARRAY(SELECT unnest(pending) EXCEPT SELECT unnest($2::text[])), updated_at = now() WHERE invite_id = $1`, [id, signal.inviteeList])
      break
    default:
      // A hang up: the sender leaves the call.
      await q.query(`UPDATE group_calls SET user_list = array_remove(user_list, $2), updated_at = now() WHERE invite_id = $1`, [id, sender])
  }
  const { rows } = await q.query<{ n: number }>('SELECT cardinality(user_list) + cardinality(pending) AS n FROM group_calls WHERE invite_id = $1', [id])
  if ((rows[0]?.n ?? 0) <= 1) {
    await endGroupCall(q, id)
    return false
  }
  return joined
}

async function endGroupCall(q: Queryable, inviteID: string): Promise<void> {
  await q.query(`UPDATE call_sessions SET status = 'ended', ended_at = now() WHERE invite_id = $1 AND status <> 'ended'`, [inviteID])
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

/**
 * How `wtId` may use the SFU room of a group call that has not ended: 'in' when they are in it
 * (accepted, or its caller); 'ringing' when they are an invitee still ringing (a publication
 * nobody receives, see janusSfu.ts); null otherwise.
 */
export async function sfuStanding(q: Queryable, inviteID: string, wtId: string): Promise<'in' | 'ringing' | null> {
  const call = await callOfInvite(q, inviteID)
  if (!call) return null
  if (call.user_list.includes(wtId)) return 'in'
  return call.pending.includes(wtId) ? 'ringing' : null
}

/** Whether a group call is over (ended, or never was). */
export async function groupCallOver(q: Queryable, inviteID: string): Promise<boolean> {
  return (await callOfInvite(q, inviteID)) === null
}

/** Who of a call may exchange WebRTC frames: the sender in the call, towards anyone in it or ringing for it. */
export async function groupRelayAllowed(q: Queryable, inviteID: string, from: string, to: string): Promise<boolean | null> {
  const call = await callOfInvite(q, inviteID)
  if (!call) return null
  const people = [...call.user_list, ...call.pending]
  return from !== to && call.user_list.includes(from) && people.includes(to)
}
