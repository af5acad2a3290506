/**
 * The steps of a call as the chat sees them, free of zod so that the conversation list's
 * summaries and unread counts (which run on every page) can read call messages without the
 * contract's schemas. `CallSignal` (types/call.ts) validates; these helpers only read.
 */

/**
 * actionType of a call message. The spec names 1 and 2; accept, reject and timeout follow the
 * same signaling numbering so one field tells every step apart.
 */
export const CallAction = {
  /** Invite; with data.data.cmd 'hangup' and data.call_end it is the end of a connected call. */
  Invite: 1,
  /** The caller cancelled before anyone answered. */
  Cancel: 2,
  Accept: 3,
  /** Rejected; with data.line_busy the callee was busy. */
  Reject: 4,
  /** Nobody answered within `timeout` seconds. */
  Timeout: 5,
} as const
export type CallAction = (typeof CallAction)[keyof typeof CallAction]

/** data.data.cmd of a call message. */
export const CallCmd = { AudioCall: 'audioCall', VideoCall: 'videoCall', Hangup: 'hangup', SwitchToAudio: 'switchToAudio' } as const
export type CallCmd = (typeof CallCmd)[keyof typeof CallCmd]

export const LINE_BUSY = 'line_busy'

/** What the step helpers read of a call message; a validated CallSignal fits. */
export interface CallStepFields {
  actionType: number
  groupID?: string
  data: { call_end?: number; line_busy?: string; group_end?: number; data?: { cmd?: string } }
}

/** The kinds of step a call message can be. */
export type CallStep = 'invite' | 'cancel' | 'accept' | 'reject' | 'busy' | 'timeout' | 'hangup'

export function callStepOf(s: CallStepFields): CallStep {
  switch (s.actionType) {
    case CallAction.Cancel:
      return 'cancel'
    case CallAction.Accept:
      return 'accept'
    case CallAction.Reject:
      return s.data.line_busy ? 'busy' : 'reject'
    case CallAction.Timeout:
      return 'timeout'
    default:
      return s.data.data?.cmd === CallCmd.Hangup || s.data.call_end !== undefined ? 'hangup' : 'invite'
  }
}

/** The message card texts of calling-widget section 8 ('Duration' takes {duration}). */
export type CallRecordText =
  | 'Call Cancel'
  | 'Other Side Cancel'
  | 'Line Busy'
  | 'Other Side Line Busy'
  | 'Declined'
  | 'Call declined by user'
  | 'Call not answered'
  | 'Answered'
  | 'Duration'
  | 'Group call ended'

/**
 * The card a call step shows in the chat history, `mine` when the viewer wrote it; null for the
 * steps that are no record: the invite (the call itself is on screen), an accept (a one-to-one
 * call's record is the duration card) and a group member's own hang-up. A group call leaves one
 * record, the summary the server writes when the call is over (data.group_end), so three people
 * see one line rather than an answer and a duration per member.
 */
export function callRecordTextOf(s: CallStepFields, mine: boolean): CallRecordText | null {
  switch (callStepOf(s)) {
    case 'invite':
      return null
    case 'accept':
      return null
    case 'cancel':
      return mine ? 'Call Cancel' : 'Other Side Cancel'
    case 'busy':
      return mine ? 'Line Busy' : 'Other Side Line Busy'
    case 'reject':
      return mine ? 'Declined' : 'Call declined by user'
    case 'timeout':
      return 'Call not answered'
    case 'hangup':
      if (!s.groupID) return 'Duration'
      return s.data.group_end ? 'Group call ended' : null
  }
}

/** Seconds as HH:MM:SS (the call timer and the duration card). */
export function formatCallDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * The step fields of a custom message's data text when it names the call business, read
 * without validation (the server refuses call data that does not parse as CallSignal); null
 * for any other data. Older writers send the inner data as JSON text.
 */
export function callStepFieldsOf(data: unknown): CallStepFields | null {
  if (typeof data !== 'string' || !data.includes('businessID')) return null
  const s = record(parse(data))
  if (!s || (s.businessID !== 1 && s.businessID !== 'av_call') || typeof s.actionType !== 'number') return null
  const inner = record(typeof s.data === 'string' ? parse(s.data) : s.data) ?? {}
  return {
    actionType: s.actionType,
    groupID: typeof s.groupID === 'string' ? s.groupID : '',
    data: {
      call_end: typeof inner.call_end === 'number' ? inner.call_end : undefined,
      line_busy: typeof inner.line_busy === 'string' ? inner.line_busy : undefined,
      group_end: typeof inner.group_end === 'number' ? inner.group_end : undefined,
      data: { cmd: typeof record(inner.data)?.cmd === 'string' ? (record(inner.data)!.cmd as string) : undefined },
    },
  }
}

/**
 * Whether a message counts as unread for its receivers by its content: a call step without a
 * card (an invite, a one-to-one accept) does not, so neither the caller's conversation during
 * the call nor a missed call's invite shows a badge for a message nobody sees. The server keeps
 * the same rule in SQL (migration 060, `messages.counts_unread`).
 */
export function countsAsUnread(type: string, payload: Record<string, unknown>): boolean {
  if (type !== 'TIMCustomElem') return true
  const s = callStepFieldsOf(payload.data)
  return !s || callRecordTextOf(s, false) !== null
}
