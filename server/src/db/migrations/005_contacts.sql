-- Contacts: friendships, friend applications, tags, reports and the dictionary lists of the report form.

-- A friendship is two rows, one per side; each side keeps its own remark and moments flags.
-- friends_space_status: 1 = I do not see the friend's moments; mine_space_status: 1 = the friend does not see mine.
CREATE TABLE friendships (
  owner_wt_id          TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  friend_wt_id         TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  remark               TEXT NOT NULL DEFAULT '',
  friends_space_status INTEGER NOT NULL DEFAULT 0,
  mine_space_status    INTEGER NOT NULL DEFAULT 0,
  apply_source         INTEGER NOT NULL DEFAULT 0,
  created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_wt_id, friend_wt_id),
  CHECK (owner_wt_id <> friend_wt_id)
);
CREATE INDEX friendships_friend ON friendships (friend_wt_id);

-- One application per ordered pair; applying again renews it. status: 0 pending, 1 agreed, 2 rejected.
CREATE TABLE friend_applications (
  applicant_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  target_wt_id    TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  apply_source    INTEGER NOT NULL,
  apply_info      TEXT NOT NULL DEFAULT '',
  group_id        TEXT,
  status          INTEGER NOT NULL DEFAULT 0,
  is_read         BOOLEAN NOT NULL DEFAULT FALSE,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  handled_at      TIMESTAMPTZ,
  PRIMARY KEY (applicant_wt_id, target_wt_id),
  CHECK (applicant_wt_id <> target_wt_id)
);
CREATE INDEX friend_applications_target ON friend_applications (target_wt_id, created_at DESC);

CREATE TABLE user_tags (
  id          BIGSERIAL PRIMARY KEY,
  owner_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  tag_name    TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (owner_wt_id, tag_name)
);

-- Only the owner's friends carry the owner's tags; deleting the friendship removes them.
CREATE TABLE user_tag_members (
  tag_id     BIGINT NOT NULL REFERENCES user_tags(id) ON DELETE CASCADE,
  wt_id      TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (tag_id, wt_id)
);
CREATE INDEX user_tag_members_wt_id ON user_tag_members (wt_id);

-- target_type: 0 user, 1 group. images: the upload URLs, in order.
CREATE TABLE complaints (
  id             BIGSERIAL PRIMARY KEY,
  reporter_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  target_type    INTEGER NOT NULL,
  target_id      TEXT NOT NULL,
  complaint_type TEXT NOT NULL,
  detail         TEXT NOT NULL,
  images         JSONB NOT NULL,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE dict_data (
  dict_type  TEXT NOT NULL,
  dict_value TEXT NOT NULL,
  dict_label TEXT NOT NULL,
  dict_sort  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (dict_type, dict_value)
);

INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES
  ('user_complaint_type', '1', '发布色情、低俗内容', 1),
  ('user_complaint_type', '2', '欺诈骗钱', 2),
  ('user_complaint_type', '3', '骚扰辱骂', 3),
  ('user_complaint_type', '4', '广告推销', 4),
  ('user_complaint_type', '5', '账号可能被盗用', 5),
  ('user_complaint_type', '6', '侵犯未成年人权益', 6),
  ('user_complaint_type', '7', '其他', 7),
  ('group_complaint_type', '1', '群成员发布色情、低俗内容', 1),
  ('group_complaint_type', '2', '群内存在欺诈骗钱行为', 2),
  ('group_complaint_type', '3', '群内赌博', 3),
  ('group_complaint_type', '4', '群内传播谣言', 4),
  ('group_complaint_type', '5', '群名称或群公告违规', 5),
  ('group_complaint_type', '6', '其他', 6);
