-- The operator console and the account lifecycle (docs/admin.md): operators, bans, deactivation,
-- account deletion, membership with an expiry and its history, redeem codes, the reports queue,
-- moderation lists in the database, the audit log and daily activity for the overview.

-- is_operator: promoted with `npm run admin -- promote`; ADMIN_PHONES also grants the role.
-- ban_reason: shown to the banned user. closed_by: who set action_status 1 ('operator' for a
-- deactivation an operator may undo, 'self' for a deletion, which is final).
ALTER TABLE users ADD COLUMN is_operator BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE users ADD COLUMN vip_expires_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN ban_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN closed_by TEXT;
ALTER TABLE users ADD COLUMN closed_at TIMESTAMPTZ;
CREATE INDEX users_created_at ON users (created_at);

-- A session ended by an operator or by the account's end answers this code (11013, 11015, 11016)
-- and message on later calls instead of the generic 11012.
ALTER TABLE sessions ADD COLUMN end_code INTEGER;
ALTER TABLE sessions ADD COLUMN end_msg TEXT;

-- Who used the app on which day (written with the session's once-a-minute touch).
CREATE TABLE user_activity (
  day   DATE NOT NULL,
  wt_id TEXT NOT NULL,
  PRIMARY KEY (day, wt_id)
);

-- Messages per day for the overview: a BRIN index costs next to nothing on an append-only table.
CREATE INDEX messages_created_brin ON messages USING brin (created_at);

-- Every change of an account's membership. source: grant (operator), code (redeemed), revoke.
CREATE TABLE membership_history (
  id          BIGSERIAL PRIMARY KEY,
  wt_id       TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  at          TIMESTAMPTZ NOT NULL DEFAULT now(),
  source      TEXT NOT NULL,
  vip_type    INTEGER NOT NULL,
  vip_level   INTEGER NOT NULL,
  expires_at  TIMESTAMPTZ,
  operator    TEXT NOT NULL DEFAULT '',
  code        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX membership_history_wt_id ON membership_history (wt_id, id DESC);

-- Single-use redeem codes: redeemed_by is set once, by a conditional UPDATE.
CREATE TABLE redeem_codes (
  code        TEXT PRIMARY KEY,
  batch       TEXT NOT NULL,
  vip_level   INTEGER NOT NULL,
  days        INTEGER NOT NULL,
  created_by  TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  redeemed_by TEXT REFERENCES users(wt_id) ON DELETE SET NULL,
  redeemed_at TIMESTAMPTZ
);
CREATE INDEX redeem_codes_batch ON redeem_codes (batch);

-- The reports queue. status: open, dismissed, warned, banned.
ALTER TABLE complaints ADD COLUMN status TEXT NOT NULL DEFAULT 'open';
ALTER TABLE complaints ADD COLUMN handled_by TEXT;
ALTER TABLE complaints ADD COLUMN handled_at TIMESTAMPTZ;
ALTER TABLE complaints ADD COLUMN result TEXT NOT NULL DEFAULT '';
CREATE INDEX complaints_status ON complaints (status, id DESC);

-- Moderation lists (seeded from MODERATION_FILE on the first start). kind: blocked, sensitive, image.
CREATE TABLE moderation_entries (
  kind       TEXT NOT NULL,
  value      TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, value)
);

-- Every operator action. operator: a user ID, or 'cli' for the command line.
CREATE TABLE audit_log (
  id        BIGSERIAL PRIMARY KEY,
  at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  operator  TEXT NOT NULL,
  action    TEXT NOT NULL,
  target    TEXT NOT NULL DEFAULT '',
  before    JSONB,
  after     JSONB
);
CREATE INDEX audit_log_target ON audit_log (target, id DESC);
