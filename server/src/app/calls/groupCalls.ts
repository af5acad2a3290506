import { CALL_LIMITS, CallAction, GROUP_CALL_TEXT, type CallSignal, type GroupCallInfo } from '../../../../types/call.js'
import * as calls from '../../data/calls/groupCalls.js'
import { endCallSession, insertCallSession, inviteIdTaken } from '../../data/calls/sessions.js'
import type { Queryable } from '../../db/Db.js'
import { groupRelayAllowedIn, sfuStandingIn, toGroupCallInfo } from '../../domain/calls/groupCalls.js'
import { isFreshInvite, isHangup } from '../../domain/calls/live.js'
import { isCurrentMember, memberIdsAmong } from '../../data/groups/currentMembers.js'
import { forbidden } from '../../domain/refusal.js'

/**
 * Group calls, kept from the call messages sent in the group conversation
 * (domain/calls/groupCalls.ts): who may send which call message, and how each moves the call.
 */

async function allMembers(q: Queryable, groupId: string, wtIds: string[]): Promise<boolean> {
  return (await memberIdsAmong(q, groupId, wtIds)).length === new Set(wtIds).size
}

/** The group attribute of a live call, or null (getGroupAttributes); members only. */
export async function groupCallInfo(q: Queryable, me: string, groupId: string): Promise<GroupCallInfo | null> {
  if (!(await isCurrentMember(q, groupId, me))) throw forbidden('你不是该群成员')
  const row = await calls.liveCallOfGroup(q, groupId)
  return row ? toGroupCallInfo(row) : null
}

/** Why `me` may not send this call message in group `groupId`, or null when it may. */
export async function groupCallRefusal(q: Queryable, me: string, groupId: string, signal: CallSignal): Promise<string | null> {
  if (signal.groupID !== groupId) return 'groupID: 必须是当前群聊'
  if (signal.data.group_end !== undefined) return 'data.group_end: 群通话的结束记录由服务器写入'
  if (!(await isCurrentMember(q, groupId, me))) return 'groupID: 你不是该群成员'
  const call = await calls.callOfInvite(q, signal.inviteID)
  if (isFreshInvite(signal) && !call) {
    if (signal.inviter !== me) return 'inviter: 必须是发送者本人'
    if (signal.inviteeList.includes(me)) return 'inviteeList: 不能邀请自己'
    if (signal.inviteeList.length > CALL_LIMITS.invitePickerMax) return GROUP_CALL_TEXT.full
    if (!(await allMembers(q, groupId, signal.inviteeList))) return 'inviteeList: 只能邀请群成员'
    if (await inviteIdTaken(q, signal.inviteID)) return 'inviteID: 已被使用'
    if (await calls.liveCallOfGroup(q, groupId)) return GROUP_CALL_TEXT.exists
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
    const existing = await calls.callOfInvite(q, id)
    if (!existing) {
      await insertCallSession(q, signal)
      await calls.insertGroupCall(q, signal)
      return sender === signal.inviter
    }
    await calls.addInvitees(q, id, signal.inviteeList)
    return false
  }
  let joined = false
  switch (signal.actionType) {
    case CallAction.Cancel:
      await endGroupCall(q, id)
      return false
    case CallAction.Accept:
      joined = await calls.joinGroupCall(q, id, sender)
      break
    case CallAction.Reject:
      await calls.stopRinging(q, id, sender)
      break
    case CallAction.Timeout:
      await calls.stopRingingAll(q, id, signal.inviteeList)
      break
    default:
      // A hang up: the sender leaves the call.
      await calls.leaveGroupCall(q, id, sender)
  }
  if ((await calls.peopleInCall(q, id)) <= 1) {
    await endGroupCall(q, id)
    return false
  }
  return joined
}

async function endGroupCall(q: Queryable, inviteID: string): Promise<void> {
  await endCallSession(q, inviteID)
  await calls.deleteGroupCall(q, inviteID)
}

/**
 * How `wtId` may use the SFU room of a group call that has not ended (domain/calls/groupCalls.ts
 * sfuStandingIn).
 */
export async function sfuStanding(q: Queryable, inviteID: string, wtId: string): Promise<'in' | 'ringing' | null> {
  return sfuStandingIn(await calls.callOfInvite(q, inviteID), wtId)
}

/** Whether a group call is over (ended, or never was). */
export async function groupCallOver(q: Queryable, inviteID: string): Promise<boolean> {
  return (await calls.callOfInvite(q, inviteID)) === null
}

/** Who of a call may exchange WebRTC frames: the sender in the call, towards anyone in it or ringing for it. */
export async function groupRelayAllowed(q: Queryable, inviteID: string, from: string, to: string): Promise<boolean | null> {
  return groupRelayAllowedIn(await calls.callOfInvite(q, inviteID), from, to)
}
