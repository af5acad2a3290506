-- Group robots (docs/bots.md). A robot is a users row (so its messages join its name and
-- avatar like anyone's: history, search, forwarding) that can never log in: its phone is
-- its ID, which no login form accepts, and its password hash matches no password. It is never
-- a group_members row, so member counts, read receipts and member versions never see it.

CREATE TABLE group_bots (
  bot_id          TEXT PRIMARY KEY REFERENCES users(wt_id) ON DELETE CASCADE,
  group_id        TEXT NOT NULL REFERENCES groups(group_id) ON DELETE CASCADE,
  name            TEXT NOT NULL,
  description     TEXT NOT NULL DEFAULT '',
  -- SHA-256 of the webhook key; the key itself is shown once and never stored.
  key_hash        TEXT NOT NULL UNIQUE,
  callback_url    TEXT NOT NULL DEFAULT '',
  callback_secret TEXT NOT NULL DEFAULT '',
  paused          BOOLEAN NOT NULL DEFAULT FALSE,
  created_by      TEXT NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_post_at    TIMESTAMPTZ,
  removed_at      TIMESTAMPTZ
);
CREATE INDEX group_bots_group ON group_bots (group_id) WHERE removed_at IS NULL;

-- Fixed one-minute windows for the webhook's own limits: per robot and per client address.
CREATE TABLE bot_rate (
  key          TEXT PRIMARY KEY,
  window_start TIMESTAMPTZ NOT NULL DEFAULT now(),
  hits         INTEGER NOT NULL DEFAULT 0
);

-- Files a robot uploaded for a later `file` message (WeCom's media_id, valid three days).
CREATE TABLE bot_media (
  media_id   TEXT PRIMARY KEY,
  bot_id     TEXT NOT NULL REFERENCES group_bots(bot_id) ON DELETE CASCADE,
  upload_id  TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
