import { CALL_BUSINESS_ID, CallAction, CallCmd, type CallSignal } from '../../../../types/call.js'
import type { Queryable } from '../../db/Db.js'
import { LIVE_CALL } from './live.js'

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

interface LiveRow {
  invite_id: string
  inviter: string
  invitees: string[]
  group_id: string
  media_type: 1 | 2
  timeout_s: number
  status: 'ringing' | 'connected'
  seconds: number
  in_call: boolean
}

export async function closingMessagesOf(q: Queryable, wtId: string): Promise<ClosingMessage[]> {
  const { rows } = await q.query<LiveRow>(
    `SELECT cs.invite_id, cs.inviter, cs.invitees, cs.group_id, cs.media_type, cs.timeout_s, cs.status,
            COALESCE(EXTRACT(EPOCH FROM now() - cs.accepted_at), 0)::int AS seconds,
            CASE WHEN cs.group_id = '' THEN cs.status = 'connected' ELSE $1 = ANY(g.user_list) END AS in_call
     FROM call_sessions cs LEFT JOIN group_calls g ON g.invite_id = cs.invite_id
     WHERE ${LIVE_CALL}
       AND ((cs.group_id = '' AND (cs.inviter = $1 OR $1 = ANY(cs.invitees)))
         OR (cs.group_id <> '' AND ($1 = ANY(g.user_list) OR $1 = ANY(g.pending))))`,
    [wtId],
  )
  return rows.map((row) => ({ signal: closingSignal(row, wtId), peer: row.group_id ? null : row.inviter === wtId ? (row.invitees[0] ?? '') : row.inviter }))
}

function closingSignal(row: LiveRow, me: string): CallSignal {
  const base: Omit<CallSignal, 'actionType' | 'data'> = { businessID: CALL_BUSINESS_ID, inviteID: row.invite_id, inviter: row.inviter, inviteeList: row.invitees, groupID: row.group_id, timeout: row.timeout_s }
  const data: CallSignal['data'] = { version: 4, call_type: row.media_type }
  if (row.status === 'ringing' && row.inviter === me) return { ...base, actionType: CallAction.Cancel, data }
  if (!row.in_call) return { ...base, actionType: CallAction.Reject, inviteeList: [me], data }
  return { ...base, actionType: CallAction.Invite, data: { ...data, call_end: Math.max(0, row.seconds), data: { cmd: CallCmd.Hangup } } }
}
