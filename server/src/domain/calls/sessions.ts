import { CallAction, LINE_BUSY, type CallSignal } from '../../../../types/call.js'
import { ConvType } from '../../../../types/chat.js'
import type { Queryable } from '../../db/Db.js'
import type { ConvRef } from '../conversationIds.js'
import { applyGroupCallMessage, groupCallRefusal, groupRelayAllowed, inLiveGroupCall } from './groupCalls.js'
import { isFreshInvite, LIVE_CALL } from './live.js'

/**
 * The server's view of each call, kept from the call messages that pass through the chat send
 * path: who takes part, and whether it rings, is connected or has ended. It decides whether a
 * callee is busy and which sockets may exchange WebRTC frames.
 */

interface SessionRow {
  invite_id: string
  inviter: string
  invitees: string[]
  group_id: string
  status: 'ringing' | 'connected' | 'ended'
}

async function sessionOf(q: Queryable, inviteID: string): Promise<SessionRow | null> {
  const { rows } = await q.query<SessionRow>('SELECT invite_id, inviter, invitees, group_id, status FROM call_sessions WHERE invite_id = $1', [inviteID])
  return rows[0] ?? null
}

const participants = (s: SessionRow) => [s.inviter, ...s.invitees]

/**
 * Why `me` may not send this call message in this conversation, or null when it may. In a
 * one-to-one call the conversation's peer is the other participant; group calls are checked
 * against the group's call (groupCalls.ts).
 */
export async function callMessageRefusal(q: Queryable, me: string, ref: ConvRef, signal: CallSignal): Promise<string | null> {
  if (ref.type !== ConvType.C2C) return groupCallRefusal(q, me, ref.groupId, signal)
  if (signal.groupID) return 'groupID: 单聊通话不能带群号'
  const peer = ref.peer
  if (isFreshInvite(signal)) {
    if (signal.inviter !== me) return 'inviter: 必须是发送者本人'
    if (signal.inviteeList.length !== 1 || signal.inviteeList[0] !== peer) return 'inviteeList: 必须是会话的对方'
    // The same inviter may send it again (a retry after a reconnect); the send path dedupes it.
    const existing = await sessionOf(q, signal.inviteID)
    if (existing && existing.inviter !== me) return 'inviteID: 已被使用'
    return null
  }
  const session = await sessionOf(q, signal.inviteID)
  if (!session) return 'inviteID: 通话不存在'
  const people = participants(session)
  if (!people.includes(me) || !people.includes(peer)) return 'inviteID: 你不在这个通话中'
  switch (signal.actionType) {
    case CallAction.Cancel:
      return session.inviter === me ? null : 'actionType: 只有发起人可以取消'
    case CallAction.Accept:
    case CallAction.Reject:
      return session.invitees.includes(me) ? null : 'actionType: 只有被邀请人可以接听或拒绝'
    default:
      return null
  }
}

/**
 * Moves the call's state after one of its messages has been stored (`sender` wrote it). True
 * when the message put the sender in a group call (see applyGroupCallMessage).
 */
export async function applyCallMessage(q: Queryable, sender: string, signal: CallSignal): Promise<boolean> {
  if (signal.groupID) return applyGroupCallMessage(q, sender, signal)
  if (isFreshInvite(signal)) {
    await q.query(
      `INSERT INTO call_sessions (invite_id, inviter, invitees, group_id, media_type, timeout_s) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (invite_id) DO NOTHING`,
      [signal.inviteID, signal.inviter, signal.inviteeList, signal.groupID, signal.data.call_type, signal.timeout],
    )
    return false
  }
  if (signal.actionType === CallAction.Accept) {
    await q.query(
      `UPDATE call_sessions SET status = 'connected', accepted_at = now(), alive_at = now() WHERE invite_id = $1 AND status = 'ringing'`,
      [signal.inviteID],
    )
    return false
  }
  await q.query(`UPDATE call_sessions SET status = 'ended', ended_at = now() WHERE invite_id = $1 AND status <> 'ended'`, [signal.inviteID])
  return false
}

/** Whether the user takes part in a live call other than `exceptInviteID`: ringing within its timeout, or connected and kept alive. */
export async function isBusy(q: Queryable, wtId: string, exceptInviteID: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM call_sessions cs
     WHERE cs.invite_id <> $2 AND cs.group_id = '' AND (cs.inviter = $1 OR $1 = ANY(cs.invitees)) AND ${LIVE_CALL}
     LIMIT 1`,
    [wtId, exceptInviteID],
  )
  return rows.length > 0 || inLiveGroupCall(q, wtId, exceptInviteID)
}

/** The reject a busy callee's side answers with (the server writes it in the callee's name). */
export function busyReject(invite: CallSignal, callee: string): CallSignal {
  return {
    businessID: invite.businessID,
    inviteID: invite.inviteID,
    actionType: CallAction.Reject,
    inviter: invite.inviter,
    inviteeList: [callee],
    groupID: invite.groupID,
    timeout: invite.timeout,
    data: { version: invite.data.version, call_type: invite.data.call_type, line_busy: LINE_BUSY },
  }
}

/**
 * Whether `from` may send a WebRTC frame to `to` in this call: both take part and the call has
 * not ended. A keep-alive also refreshes the call.
 */
export async function relayAllowed(q: Queryable, inviteID: string, from: string, to: string, keepAlive: boolean): Promise<boolean> {
  const session = await sessionOf(q, inviteID)
  if (!session || session.status === 'ended') return false
  if (session.group_id) {
    if (!(await groupRelayAllowed(q, inviteID, from, to))) return false
  } else {
    const people = participants(session)
    if (!people.includes(from) || !people.includes(to) || from === to) return false
  }
  if (keepAlive) await q.query('UPDATE call_sessions SET alive_at = now() WHERE invite_id = $1', [inviteID])
  return true
}
