import type { Queryable } from '../../db/Db.js'
import type { LiveCallRow } from '../../domain/calls/ending.js'
import { CONNECTED_FOR, LIVE_CALL } from './live.js'

/** The user's live calls: one-to-one ones they take part in, group ones they are in or rung for. */
export async function liveCallsOf(q: Queryable, wtId: string): Promise<LiveCallRow[]> {
  const { rows } = await q.query<LiveCallRow>(
    `SELECT cs.invite_id, cs.inviter, cs.invitees, cs.group_id, cs.media_type, cs.timeout_s, cs.status,
            ${CONNECTED_FOR} AS connected_for,
            CASE WHEN cs.group_id = '' THEN cs.status = 'connected' ELSE $1 = ANY(g.user_list) END AS in_call
     FROM call_sessions cs LEFT JOIN group_calls g ON g.invite_id = cs.invite_id
     WHERE ${LIVE_CALL}
       AND ((cs.group_id = '' AND (cs.inviter = $1 OR $1 = ANY(cs.invitees)))
         OR (cs.group_id <> '' AND ($1 = ANY(g.user_list) OR $1 = ANY(g.pending))))`,
    [wtId],
  )
  return rows
}
