-- Message operations, part B: emoji reactions and pinned one-to-one messages.

-- One row per user, message and reaction; counts are derived, never stored.
CREATE TABLE message_reactions (
  channel_id  TEXT NOT NULL,
  seq         BIGINT NOT NULL,
  reaction_id TEXT NOT NULL,
  wt_id       TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (channel_id, seq, reaction_id, wt_id),
  FOREIGN KEY (channel_id, seq) REFERENCES messages(channel_id, seq) ON DELETE CASCADE
);

-- Pinned messages of a one-to-one channel, shared by both sides.
CREATE TABLE c2c_pins (
  id            BIGSERIAL PRIMARY KEY,
  channel_id    TEXT NOT NULL REFERENCES channels(channel_id) ON DELETE CASCADE,
  seq           BIGINT NOT NULL,
  msg_id        TEXT NOT NULL,
  sender_wt_id  TEXT NOT NULL,
  msg_content   TEXT NOT NULL DEFAULT '',
  pinned_by     TEXT NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (channel_id, msg_id)
);

-- Keyword search inside a conversation reads text messages newest first.
CREATE INDEX messages_text_by_channel ON messages (channel_id, seq DESC) WHERE type = 'TIMTextElem';
