-- Friends' moments: posts, their files and audience, likes, comments and the notices they raise.

-- visibility: 0 all friends, 1 only me, 2 only the audience rows, 3 all friends but the audience rows.
-- media_type: 0 text, 1 images, 2 video. location: {title, detail, lat, lng} or NULL.
CREATE TABLE moments (
  id           BIGSERIAL PRIMARY KEY,
  author_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  content      TEXT NOT NULL DEFAULT '',
  media_type   INTEGER NOT NULL DEFAULT 0,
  location     JSONB,
  visibility   INTEGER NOT NULL DEFAULT 0,
  tag_ids      BIGINT[] NOT NULL DEFAULT '{}',
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX moments_author ON moments (author_wt_id, id DESC);

-- The uploads a moment shows, in order; deleting the moment deletes the files no one else uses.
CREATE TABLE moment_files (
  moment_id BIGINT NOT NULL REFERENCES moments(id) ON DELETE CASCADE,
  position  INTEGER NOT NULL,
  upload_id TEXT NOT NULL,
  PRIMARY KEY (moment_id, position)
);
CREATE INDEX moment_files_upload ON moment_files (upload_id);

-- The tag members at publish time (a later tag change does not widen or narrow a published moment).
CREATE TABLE moment_audience (
  moment_id BIGINT NOT NULL REFERENCES moments(id) ON DELETE CASCADE,
  wt_id     TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  PRIMARY KEY (moment_id, wt_id)
);

CREATE TABLE moment_praises (
  moment_id  BIGINT NOT NULL REFERENCES moments(id) ON DELETE CASCADE,
  wt_id      TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (moment_id, wt_id)
);

-- reply_to: the answered comment's author ('B 回复 A'); it stays when that comment is deleted.
CREATE TABLE moment_comments (
  id           BIGSERIAL PRIMARY KEY,
  moment_id    BIGINT NOT NULL REFERENCES moments(id) ON DELETE CASCADE,
  author_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  reply_to     TEXT REFERENCES users(wt_id) ON DELETE SET NULL,
  content      TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX moment_comments_moment ON moment_comments (moment_id, id);

-- kind: 1 like, 2 comment on my moment, 3 reply to my comment. A like's notice goes with the like,
-- a comment's with the comment.
CREATE TABLE moment_notices (
  id          BIGSERIAL PRIMARY KEY,
  owner_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  actor_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  moment_id   BIGINT NOT NULL REFERENCES moments(id) ON DELETE CASCADE,
  comment_id  BIGINT REFERENCES moment_comments(id) ON DELETE CASCADE,
  kind        INTEGER NOT NULL,
  is_read     BOOLEAN NOT NULL DEFAULT FALSE,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX moment_notices_owner ON moment_notices (owner_wt_id, id DESC);
CREATE INDEX moment_notices_unread ON moment_notices (owner_wt_id) WHERE NOT is_read;
