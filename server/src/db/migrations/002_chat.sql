-- The messaging engine: groups (as far as chat needs them), channels, messages, per-user conversation state.

CREATE SEQUENCE group_number_seq START 100001;

CREATE TABLE groups (
  group_id              TEXT PRIMARY KEY,
  group_number          TEXT NOT NULL UNIQUE,
  group_name            TEXT NOT NULL,
  group_avatar          TEXT NOT NULL DEFAULT '',
  group_notice          TEXT NOT NULL DEFAULT '',
  welcome_msg           TEXT NOT NULL DEFAULT '',
  owner_wt_id           TEXT NOT NULL REFERENCES users(wt_id),
  group_type            TEXT NOT NULL DEFAULT 'Work',
  limit_level           INTEGER NOT NULL DEFAULT 0,
  invite_switch         INTEGER NOT NULL DEFAULT 2,
  confirm_invite_switch INTEGER NOT NULL DEFAULT 0,
  member_protect_switch INTEGER NOT NULL DEFAULT 0,
  -- 1 = everyone muted except owner and admins
  banned_switch         INTEGER NOT NULL DEFAULT 0,
  dissolved_at          TIMESTAMPTZ,
  created_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- identity: 1 member, 2 admin, 3 owner. A row with left_at set is a former member (leave_code 4 removed, 5 dissolved, 8 left).
CREATE TABLE group_members (
  group_id          TEXT NOT NULL REFERENCES groups(group_id) ON DELETE CASCADE,
  wt_id             TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  identity          INTEGER NOT NULL DEFAULT 1,
  group_nickname    TEXT NOT NULL DEFAULT '',
  group_name_remark TEXT NOT NULL DEFAULT '',
  join_type         INTEGER NOT NULL DEFAULT 2,
  inviter_wt_id     TEXT,
  mute_until        TIMESTAMPTZ,
  joined_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_send_at      TIMESTAMPTZ,
  left_at           TIMESTAMPTZ,
  leave_code        INTEGER,
  PRIMARY KEY (group_id, wt_id)
);
CREATE INDEX group_members_wt_id ON group_members (wt_id) WHERE left_at IS NULL;

-- One channel per C2C pair ('c2c:<lo>:<hi>') or group ('group:<groupID>'); it owns the sequence.
CREATE TABLE channels (
  channel_id TEXT PRIMARY KEY,
  last_seq   BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE messages (
  channel_id        TEXT NOT NULL REFERENCES channels(channel_id) ON DELETE CASCADE,
  seq               BIGINT NOT NULL,
  client_msg_id     TEXT NOT NULL,
  sender            TEXT NOT NULL,
  type              TEXT NOT NULL,
  payload           JSONB NOT NULL,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  cloud_custom_data TEXT NOT NULL DEFAULT '',
  at_users          JSONB NOT NULL DEFAULT '[]',
  need_read_receipt BOOLEAN NOT NULL DEFAULT FALSE,
  is_revoked        BOOLEAN NOT NULL DEFAULT FALSE,
  revoker           TEXT NOT NULL DEFAULT '',
  has_risk          BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (channel_id, seq),
  UNIQUE (sender, client_msg_id)
);

-- Per user and conversation. Unread counts are derived from sequences, never stored.
CREATE TABLE user_conversations (
  wt_id           TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL,
  channel_id      TEXT NOT NULL REFERENCES channels(channel_id) ON DELETE CASCADE,
  read_seq        BIGINT NOT NULL DEFAULT 0,
  -- History before this sequence is cleared for this user.
  cleared_seq     BIGINT NOT NULL DEFAULT 0,
  pinned_at       TIMESTAMPTZ,
  muted           BOOLEAN NOT NULL DEFAULT FALSE,
  folded          BOOLEAN NOT NULL DEFAULT FALSE,
  draft           TEXT NOT NULL DEFAULT '',
  custom_data     TEXT NOT NULL DEFAULT '',
  -- A deleted conversation is hidden until its next message.
  hidden_seq      BIGINT,
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (wt_id, conversation_id)
);
CREATE INDEX user_conversations_channel ON user_conversations (channel_id);

-- Group read receipts of messages sent with needReadReceipt.
CREATE TABLE message_reads (
  channel_id TEXT NOT NULL,
  seq        BIGINT NOT NULL,
  wt_id      TEXT NOT NULL,
  read_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (channel_id, seq, wt_id)
);

CREATE TABLE uploads (
  id         TEXT PRIMARY KEY,
  owner      TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  file_name  TEXT NOT NULL,
  mime       TEXT NOT NULL,
  size       BIGINT NOT NULL,
  sha256     TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Account bans (20012) and personal blacklists (20007); the contacts feature manages the latter.
ALTER TABLE users ADD COLUMN banned_until TIMESTAMPTZ;

CREATE TABLE user_blacklist (
  owner_wt_id  TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  target_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_wt_id, target_wt_id)
);
