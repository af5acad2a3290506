-- Calls: the live state of each call (for busy detection and for relaying WebRTC frames only
-- between its participants) and the call-time records behind the daily limit of non-members.

CREATE TABLE call_sessions (
  invite_id   TEXT PRIMARY KEY,
  inviter     TEXT NOT NULL,
  invitees    TEXT[] NOT NULL,
  group_id    TEXT NOT NULL DEFAULT '',
  media_type  INTEGER NOT NULL,
  -- ringing, connected, ended
  status      TEXT NOT NULL DEFAULT 'ringing',
  timeout_s   INTEGER NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  accepted_at TIMESTAMPTZ,
  alive_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  ended_at    TIMESTAMPTZ
);
CREATE INDEX call_sessions_live ON call_sessions USING gin (invitees) WHERE status <> 'ended';
CREATE INDEX call_sessions_inviter_live ON call_sessions (inviter) WHERE status <> 'ended';

CREATE TABLE call_usage (
  call_id     BIGSERIAL PRIMARY KEY,
  wt_id       TEXT NOT NULL,
  accept_wt_id TEXT NOT NULL,
  call_type   INTEGER NOT NULL,
  started_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The last report (heartbeat or end); the call counts from start to here.
  reported_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  ended_at    TIMESTAMPTZ,
  heartbeats  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX call_usage_day ON call_usage (wt_id, started_at);
