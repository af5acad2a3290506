-- Accounts, sessions and the login machinery (walking skeleton).

CREATE TABLE server_settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  wt_id          TEXT PRIMARY KEY,
  phone          TEXT NOT NULL UNIQUE,
  pwd_hash       TEXT NOT NULL,
  nick_name      TEXT NOT NULL,
  avatar         TEXT NOT NULL,
  bio            TEXT NOT NULL DEFAULT '',
  vip_type       INTEGER NOT NULL DEFAULT 0,
  vip_level      INTEGER NOT NULL DEFAULT 0,
  -- 0 active, 1 deleted (spec: actionStatus 1 = account deleted)
  action_status  INTEGER NOT NULL DEFAULT 0,
  lock_pwd_hash  TEXT,
  lock_pwd_tips  TEXT NOT NULL DEFAULT '',
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE user_config (
  wt_id               TEXT PRIMARY KEY REFERENCES users(wt_id) ON DELETE CASCADE,
  phrase_switch       INTEGER NOT NULL DEFAULT 1,
  allow_notifications BOOLEAN NOT NULL DEFAULT TRUE,
  show_previews       BOOLEAN NOT NULL DEFAULT FALSE
);

-- Tokens are stored as SHA-256 hashes; the token itself is only ever in the client's hands.
CREATE TABLE sessions (
  token_hash   TEXT PRIMARY KEY,
  wt_id        TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  device_id    TEXT NOT NULL DEFAULT '',
  user_agent   TEXT NOT NULL DEFAULT '',
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  revoked_at   TIMESTAMPTZ
);
CREATE INDEX sessions_wt_id ON sessions (wt_id) WHERE revoked_at IS NULL;

CREATE TABLE login_tickets (
  ticket_hash TEXT PRIMARY KEY,
  wt_id       TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);

-- status: pending, scanned, confirmed, consumed
CREATE TABLE qr_logins (
  code         TEXT PRIMARY KEY,
  status       TEXT NOT NULL DEFAULT 'pending',
  wt_id        TEXT REFERENCES users(wt_id) ON DELETE CASCADE,
  device_id    TEXT NOT NULL DEFAULT '',
  expires_at   TIMESTAMPTZ NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Failed login attempts, keyed 'acct:<id>' or 'ip:<address>', for throttling.
CREATE TABLE login_failures (
  id         BIGSERIAL PRIMARY KEY,
  key        TEXT NOT NULL,
  at         TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_at ON login_failures (key, at);
