-- Group management: who sees which message, where a former member's history ends, member
-- paging, the group blacklist, join applications and the group notice lists.

-- Visibility of server-written messages: everyone (0), or members of at least this identity
-- (2 = admins and the owner), plus the one user in visible_to (the quitter of an admin-only
-- exit tip, the newcomer of a welcome message; 99 with visible_to = only that user).
ALTER TABLE messages ADD COLUMN visible_identity SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN visible_to TEXT;

-- A former member keeps the conversation and its history up to this sequence (the leave tip).
ALTER TABLE user_conversations ADD COLUMN end_seq BIGINT;
-- A former member deleted the conversation: it stays hidden, whatever the group says later
-- (im_send un-hides conversations of the whole channel on every message).
ALTER TABLE user_conversations ADD COLUMN former_hidden BOOLEAN NOT NULL DEFAULT FALSE;

-- Member lists page in SQL: owner and admins first, then by join time.
CREATE INDEX group_members_page ON group_members (group_id, identity DESC, joined_at, wt_id) WHERE left_at IS NULL;
CREATE INDEX group_members_muted ON group_members (group_id, mute_until) WHERE left_at IS NULL AND mute_until IS NOT NULL;

CREATE TABLE group_blacklist (
  group_id    TEXT NOT NULL REFERENCES groups(group_id) ON DELETE CASCADE,
  wt_id       TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  operator    TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, wt_id)
);

-- inviter NULL: the applicant applied; otherwise a member's invite waiting for approval.
-- status 0 pending, 1 agreed, 2 rejected.
CREATE TABLE group_applications (
  apply_id      BIGSERIAL PRIMARY KEY,
  group_id      TEXT NOT NULL REFERENCES groups(group_id) ON DELETE CASCADE,
  applicant     TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  inviter       TEXT,
  apply_message TEXT NOT NULL DEFAULT '',
  join_type     INTEGER NOT NULL DEFAULT 3,
  status        INTEGER NOT NULL DEFAULT 0,
  handler       TEXT,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  handled_at    TIMESTAMPTZ
);
CREATE UNIQUE INDEX group_applications_pending ON group_applications (group_id, applicant) WHERE status = 0;
CREATE INDEX group_applications_group ON group_applications (group_id, apply_id DESC);
CREATE INDEX group_applications_applicant ON group_applications (applicant, apply_id DESC);

-- The 'others' list: things a group did to one user (removed, dissolved, made admin...).
CREATE TABLE group_other_notices (
  id          BIGSERIAL PRIMARY KEY,
  wt_id       TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  group_id    TEXT NOT NULL REFERENCES groups(group_id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,
  operator    TEXT NOT NULL,
  content     TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX group_other_notices_user ON group_other_notices (wt_id, id DESC);

-- Read markers of the three lists; a list's unread counter counts what came after its marker.
CREATE TABLE group_notice_reads (
  wt_id            TEXT PRIMARY KEY REFERENCES users(wt_id) ON DELETE CASCADE,
  join_apply_seen  BIGINT NOT NULL DEFAULT 0,
  my_apply_seen    TIMESTAMPTZ NOT NULL DEFAULT 'epoch',
  others_seen      BIGINT NOT NULL DEFAULT 0
);
