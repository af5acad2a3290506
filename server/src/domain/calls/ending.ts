import { CALL_BUSINESS_ID, CallAction, CallCmd, type CallSignal } from '../../../../types/call.js'
import { connectedSeconds } from './duration.js'

/**
 * The messages that close a user's live calls in their name, for when every session of theirs
 * ends at once (log out on all devices): nothing of theirs is left to say goodbye, so the others
 * would otherwise wait for their links to fail. Each is the message the user's own widget would
 * have written on hang up: a cancel or a reject while ringing, a hangup with the duration once
 * connected, a leave from a group call.
 */
export interface ClosingMessage {
  signal: CallSignal
  /** The one-to-one peer whose conversation carries it; null for a group call. */
  peer: string | null
}

/**
 * A live call of the user (data/calls/ending.ts), with whether they are in it and for how long
 * it has been connected (seconds on the server's clock, null when nobody answered).
 */
export interface LiveCallRow {
  invite_id: string
  inviter: string
  invitees: string[]
  group_id: string
  media_type: 1 | 2
  timeout_s: number
  status: 'ringing' | 'connected'
  connected_for: number | null
  in_call: boolean
}

/** The closing message of each of the user's live calls. */
export function closingMessages(rows: LiveCallRow[], wtId: string): ClosingMessage[] {
  return rows.map((row) => ({ signal: closingSignal(row, wtId), peer: row.group_id ? null : row.inviter === wtId ? (row.invitees[0] ?? '') : row.inviter }))
}

function closingSignal(row: LiveCallRow, me: string): CallSignal {
  const base: Omit<CallSignal, 'actionType' | 'data'> = { businessID: CALL_BUSINESS_ID, inviteID: row.invite_id, inviter: row.inviter, inviteeList: row.invitees, groupID: row.group_id, timeout: row.timeout_s }
  const data: CallSignal['data'] = { version: 4, call_type: row.media_type }
  if (row.status === 'ringing' && row.inviter === me) return { ...base, actionType: CallAction.Cancel, data }
  if (!row.in_call) return { ...base, actionType: CallAction.Reject, inviteeList: [me], data }
  return { ...base, actionType: CallAction.Invite, data: { ...data, call_end: connectedSeconds(row.connected_for), data: { cmd: CallCmd.Hangup } } }
}
