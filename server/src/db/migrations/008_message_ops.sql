-- Message operations: messages a user deleted for themselves, and favorites
-- (POST /api/user/collection/add; the favorites page that lists them comes later).

CREATE TABLE message_deletions (
  wt_id      TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  channel_id TEXT NOT NULL,
  seq        BIGINT NOT NULL,
  deleted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (wt_id, channel_id, seq)
);

CREATE TABLE user_collections (
  id                  BIGSERIAL PRIMARY KEY,
  wt_id               TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  -- 1 text, 2 image, 3 video, 4 file, 5 location, 7 link text, 99 note or custom
  content_type        INTEGER NOT NULL,
  collect_title       TEXT NOT NULL DEFAULT '',
  collected_user_id   TEXT NOT NULL DEFAULT '',
  image_uuid          TEXT NOT NULL DEFAULT '',
  video_image         TEXT NOT NULL DEFAULT '',
  video_uuid          TEXT NOT NULL DEFAULT '',
  snapshot_uuid       TEXT NOT NULL DEFAULT '',
  video_image_address TEXT NOT NULL DEFAULT '',
  file_uuid           TEXT NOT NULL DEFAULT '',
  file_size           BIGINT NOT NULL DEFAULT 0,
  file_type           TEXT NOT NULL DEFAULT '',
  file_name           TEXT NOT NULL DEFAULT '',
  address_title       TEXT NOT NULL DEFAULT '',
  lat                 DOUBLE PRECISION,
  lng                 DOUBLE PRECISION,
  note_content        TEXT NOT NULL DEFAULT '',
  top_status          INTEGER NOT NULL DEFAULT 0,
  created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX user_collections_owner ON user_collections (wt_id, top_status DESC, id DESC);
