-- Login throttling keeps one row per key (an account, an account from one address, an address),
-- locked and updated in the same transaction as the attempt it reserves, so parallel attempts
-- are counted one after another. The old per-failure log could be read by a burst before any
-- failure was written.
CREATE TABLE login_throttle (
  key           TEXT PRIMARY KEY,
  failures      INT NOT NULL DEFAULT 0,
  last_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  blocked_until TIMESTAMPTZ
);

-- Addresses an account has logged in from: only unknown ones feel the account-wide and
-- address-wide limits, so strangers' failures do not lock the owner out of a usual place.
CREATE TABLE login_known_addresses (
  wt_id   TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  last_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (wt_id, address)
);

DROP TABLE login_failures;

-- The device list shows where each session was last used.
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_last_seen ON sessions (last_seen_at) WHERE revoked_at IS NULL;
