import { CallAction, CallCmd, CALL_BUSINESS_ID, CALL_LIMITS, callRecordTextOf, callSignalOfData, callStepOf, DEFAULT_PUSH_DESCRIPTION, LINE_BUSY, type CallMediaType, type CallSignal, type CallStep, type OfflinePushInfo } from '@shared/call'
import { MsgType, type Message } from '@shared/chat'
import type { CallTextKey } from '@/i18n/call'
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
export type SignalKind = CallStep

export const kindOf = callStepOf

/** The call payload of a chat message, or null when it is not a (valid) call message. */
export function signalOf(message: Pick<Message, 'type' | 'payload'>): CallSignal | null {
  return message.type === MsgType.Custom ? callSignalOfData(message.payload.data) : null
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
export function callRecordOf(message: Pick<Message, 'type' | 'payload' | 'from'>, viewer: string): CallRecord | null {
  const s = signalOf(message)
  const key = s ? callRecordTextOf(s, message.from === viewer) : null
  if (!s || !key) return null
  return { key, duration: key === 'Duration' || key === 'Group call ended' ? formatDuration(s.data.call_end ?? 0) : '', mediaType: s.data.call_type }
}
