import { CallAction, LINE_BUSY, type CallSignal } from '../../../../types/call.js'
import { isFreshInvite, isHangup } from './live.js'

/**
 * The server's view of each call, kept from the call messages that pass through the chat send
 * path: who takes part, and whether it rings, is connected or has ended. It decides whether a
 * callee is busy and which sockets may exchange WebRTC frames.
 */
export interface CallSessionRow {
  invite_id: string
  inviter: string
  invitees: string[]
  group_id: string
  status: 'ringing' | 'connected' | 'ended'
}

export const participants = (s: CallSessionRow) => [s.inviter, ...s.invitees]

/**
 * Why `me` may not send this call message to `peer` in their one-to-one conversation, or null
 * when it may; `session` is the call the message names, if it is known.
 */
export function oneToOneCallRefusal(me: string, peer: string, signal: CallSignal, session: CallSessionRow | null): string | null {
  if (isFreshInvite(signal)) {
    if (signal.inviter !== me) return 'inviter: 必须是发送者本人'
    if (signal.inviteeList.length !== 1 || signal.inviteeList[0] !== peer) return 'inviteeList: 必须是会话的对方'
    // The same inviter may send it again (a retry after a reconnect); the send path dedupes it.
    if (session && session.inviter !== me) return 'inviteID: 已被使用'
    return null
  }
  if (!session) return 'inviteID: 通话不存在'
  const people = participants(session)
  if (!people.includes(me) || !people.includes(peer)) return 'inviteID: 你不在这个通话中'
  // The hang up is stored in the inviter's name (recordWriter): it must name the call's own.
  if (isHangup(signal) && signal.inviter !== session.inviter) return 'inviter: 必须是通话的发起人'
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
 * Who a call message is stored as sent by, when `actor` sends it: a one-to-one call's record (the
 * hang up with its duration) is the caller's, whoever hung up, so it sits on the caller's side of
 * the chat for both; every other step is the actor's own.
 */
export const recordWriter = (signal: CallSignal, actor: string): string => (!signal.groupID && isHangup(signal) ? signal.inviter : actor)

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
