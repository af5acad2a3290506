import { CallAction, CallCmd, CallSignal, CALL_BUSINESS_ID, CALL_LIMITS, DEFAULT_PUSH_DESCRIPTION, LINE_BUSY, looksLikeCallSignal, type CallMediaType, type OfflinePushInfo } from '@shared/call'
import { MsgType, type Message } from '@shared/chat'
import type { CallTextKey } from '@/i18n/call'
import { missingCase } from '@/utils/missingCase'
import { formatDuration } from './state'

/**
 * Call messages: the spec's call payload carried as the JSON data of a chat custom message.
 * Builders for each step of a call and a reader that checks what arrives.
 */

export interface CallRef {
  inviteID: string
  inviter: string
  inviteeList: string[]
  groupID: string
  timeout: number
  mediaType: 1 | 2
  /** The caller's side: what the invites say to a callee whose page is hidden. */
  offlinePushInfo?: OfflinePushInfo
}

function base(ref: CallRef, actionType: CallSignal['actionType'], data: Partial<CallSignal['data']> = {}): CallSignal {
  return {
    businessID: CALL_BUSINESS_ID,
    inviteID: ref.inviteID,
    actionType,
    inviter: ref.inviter,
    inviteeList: ref.inviteeList,
    groupID: ref.groupID,
    timeout: ref.timeout,
    data: { version: 4, call_type: ref.mediaType, ...data },
  }
}

export const buildSignal = {
  invite: (ref: CallRef): CallSignal => ({
    ...base(ref, CallAction.Invite, { data: { cmd: ref.mediaType === 2 ? CallCmd.VideoCall : CallCmd.AudioCall, inviter: ref.inviter } }),
    ...(ref.offlinePushInfo ? { offlinePushInfo: ref.offlinePushInfo } : {}),
  }),
  cancel: (ref: CallRef) => base(ref, CallAction.Cancel),
  accept: (ref: CallRef) => base(ref, CallAction.Accept),
  reject: (ref: CallRef, busy = false) => base(ref, CallAction.Reject, busy ? { line_busy: LINE_BUSY } : {}),
  timeout: (ref: CallRef) => base(ref, CallAction.Timeout),
  hangup: (ref: CallRef, seconds: number) => base(ref, CallAction.Invite, { call_end: Math.max(0, Math.floor(seconds)), data: { cmd: CallCmd.Hangup } }),
}

/**
 * The push info an invitation goes out with: the given title and description, else the inviter's
 * name and 'You have a new call', cut to the contract's lengths.
 */
export function pushInfoFor(inviterName: string, given?: Partial<OfflinePushInfo>): OfflinePushInfo {
  return {
    title: (given?.title || inviterName).slice(0, CALL_LIMITS.pushTitleMax),
    description: (given?.description || DEFAULT_PUSH_DESCRIPTION).slice(0, CALL_LIMITS.pushDescriptionMax),
  }
}

/** What a received invitation's notification says; an invite written without push info names the caller. */
export const pushInfoOf = (s: CallSignal, callerName: string): OfflinePushInfo => pushInfoFor(callerName, s.offlinePushInfo)

/** The kinds of step a call message can be. */
export type SignalKind = 'invite' | 'cancel' | 'accept' | 'reject' | 'busy' | 'timeout' | 'hangup'

export function kindOf(s: CallSignal): SignalKind {
  switch (s.actionType) {
    case CallAction.Invite:
      return s.data.data?.cmd === CallCmd.Hangup || s.data.call_end !== undefined ? 'hangup' : 'invite'
    case CallAction.Cancel:
      return 'cancel'
    case CallAction.Accept:
      return 'accept'
    case CallAction.Reject:
      return s.data.line_busy ? 'busy' : 'reject'
    case CallAction.Timeout:
      return 'timeout'
    default:
      return missingCase(s.actionType, 'call action')
  }
}

/** The call payload of a chat message, or null when it is not a (valid) call message. */
export function signalOf(message: Pick<Message, 'type' | 'payload'>): CallSignal | null {
  if (message.type !== MsgType.Custom) return null
  const data = message.payload.data
  if (typeof data !== 'string' || !looksLikeCallSignal(data)) return null
  const parsed = CallSignal.safeParse(JSON.parse(data))
  return parsed.success ? parsed.data : null
}

export const mediaTypeOf = (s: CallSignal): CallMediaType => s.data.call_type

/** A call record card: its text key, the duration of a connected call, and the media type. */
export interface CallRecord {
  key: CallTextKey
  duration: string
  mediaType: 1 | 2
}

/**
 * The card a call message shows to `viewer` in the chat history, or null for the steps that are
 * not records (the invite; the accept of a one-to-one call, whose record is the duration card).
 */
export function callRecordOf(message: Pick<Message, 'type' | 'payload' | 'from' | 'conversationType'>, viewer: string): CallRecord | null {
  const s = signalOf(message)
  if (!s) return null
  const mine = message.from === viewer
  const card = (key: CallTextKey, duration = ''): CallRecord => ({ key, duration, mediaType: s.data.call_type })
  switch (kindOf(s)) {
    case 'invite':
      return null
    case 'accept':
      return message.conversationType === 'GROUP' ? card('Answered') : null
    case 'cancel':
      return card(mine ? 'Call Cancel' : 'Other Side Cancel')
    case 'busy':
      return card(mine ? 'Line Busy' : 'Other Side Line Busy')
    case 'reject':
      return card(mine ? 'Declined' : 'Call declined by user')
    case 'timeout':
      return card('Call not answered')
    case 'hangup':
      return card('Duration', formatDuration(s.data.call_end ?? 0))
    default:
      return null
  }
}
