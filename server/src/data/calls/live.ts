import { CALL_ALIVE_WINDOW_SECONDS } from '../../domain/calls/live.js'

/** SQL condition on call_sessions `cs`: ringing within its timeout, or connected and kept alive by its browsers. */
export const LIVE_CALL = `cs.status <> 'ended'
  AND ((cs.status = 'ringing' AND cs.created_at + make_interval(secs => cs.timeout_s) > now())
    OR (cs.status = 'connected' AND cs.alive_at > now() - make_interval(secs => ${CALL_ALIVE_WINDOW_SECONDS})))`

/**
 * SQL expression on call_sessions `cs`: seconds (float8) the call has been connected, from the
 * first answer the server stored to its end (or now, while it lasts); null when nobody answered.
 * domain/calls/duration.ts connectedSeconds turns it into a record's call_end.
 */
export const CONNECTED_FOR = `extract(epoch FROM COALESCE(cs.ended_at, now()) - cs.accepted_at)::float8`
