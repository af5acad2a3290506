import { CallAction, type CallSignal } from '../../../../types/call.js'
import { ConvType, type OutgoingMessage } from '../../../../types/chat.js'
import { inLiveGroupCall } from '../../data/calls/groupCalls.js'
import * as calls from '../../data/calls/sessions.js'
import type { Queryable } from '../../db/Db.js'
import { carriesDuration, connectedSeconds, withCallEnd } from '../../domain/calls/duration.js'
import { isFreshInvite } from '../../domain/calls/live.js'
import { oneToOneCallRefusal, participants } from '../../domain/calls/sessions.js'
import { parseConversationId, type ConvRef } from '../../domain/conversationIds.js'
import { badRequest } from '../../domain/refusal.js'
import { applyGroupCallMessage, groupCallRefusal, groupRelayAllowed } from './groupCalls.js'

/**
 * Why `me` may not send this call message in this conversation, or null when it may. In a
 * one-to-one call the conversation's peer is the other participant; group calls are checked
 * against the group's call (groupCalls.ts).
 */
export async function callMessageRefusal(q: Queryable, me: string, ref: ConvRef, signal: CallSignal): Promise<string | null> {
  if (ref.type !== ConvType.C2C) return groupCallRefusal(q, me, ref.groupId, signal)
  if (signal.groupID) return 'groupID: 单聊通话不能带群号'
  return oneToOneCallRefusal(me, ref.peer, signal, await calls.callSessionOf(q, signal.inviteID))
}

/** Refuses a call message unless it belongs to a call the sender takes part in, in this conversation. */
export async function checkCallSignal(q: Queryable, me: string, conversationID: string, signal: CallSignal): Promise<void> {
  const ref = parseConversationId(me, conversationID)
  if (!ref) throw badRequest('conversationID: 会话不存在')
  const refusal = await callMessageRefusal(q, me, ref, signal)
  if (refusal) throw badRequest(refusal)
}

/**
 * A call message as it is stored: a one-to-one call's duration record carries the seconds the
 * call was connected on the server (from the accept it stored to this hang up; 0 when nobody
 * answered), whatever the sender measured, so both people and every later reader see one length.
 * Every other call message is stored as sent.
 */
export async function asStoredCallMessage(q: Queryable, signal: CallSignal, msg: OutgoingMessage): Promise<{ call: CallSignal; msg: OutgoingMessage }> {
  if (!carriesDuration(signal)) return { call: signal, msg }
  const seconds = connectedSeconds(await calls.connectedFor(q, signal.inviteID))
  return { call: { ...signal, data: { ...signal.data, call_end: seconds } }, msg: withCallEnd(msg, seconds) }
}

/**
 * Moves the call's state after one of its messages has been stored (`sender` wrote it). True
 * when the message put the sender in a group call (see applyGroupCallMessage).
 */
export async function applyCallMessage(q: Queryable, sender: string, signal: CallSignal): Promise<boolean> {
  if (signal.groupID) return applyGroupCallMessage(q, sender, signal)
  if (isFreshInvite(signal)) await calls.insertCallSession(q, signal)
  else if (signal.actionType === CallAction.Accept) await calls.connectCallSession(q, signal.inviteID)
  else await calls.endCallSession(q, signal.inviteID)
  return false
}

/** Whether the user takes part in a live call other than `exceptInviteID`: ringing within its timeout, or connected and kept alive. */
export async function isBusy(q: Queryable, wtId: string, exceptInviteID: string): Promise<boolean> {
  return (await calls.inLiveOneToOneCall(q, wtId, exceptInviteID)) || inLiveGroupCall(q, wtId, exceptInviteID)
}

/**
 * Whether `from` may send a WebRTC frame to `to` in this call: both take part and the call has
 * not ended. A keep-alive also refreshes the call.
 */
export async function relayAllowed(q: Queryable, inviteID: string, from: string, to: string, keepAlive: boolean): Promise<boolean> {
  const session = await calls.callSessionOf(q, inviteID)
  if (!session || session.status === 'ended') return false
  if (session.group_id) {
    if (!(await groupRelayAllowed(q, inviteID, from, to))) return false
  } else {
    const people = participants(session)
    if (!people.includes(from) || !people.includes(to) || from === to) return false
  }
  if (keepAlive) await calls.keepCallAlive(q, inviteID)
  return true
}
