-- Favorites page, quick phrases and the official helper (spec 7 "Quick phrases, favorites,
-- pinned messages, helper"). docs/ui-favorites.md says how the operator edits the helper's answers.

-- Favorites name their files by upload id (image_uuid, video_uuid, snapshot_uuid, file_uuid hold
-- uploads.id), so a favorite outlives the message and the conversation it came from. The list is
-- read by owner, pinned first, newest first: user_collections_owner (008) serves it.

CREATE TABLE user_daily_words (
  id         BIGSERIAL PRIMARY KEY,
  wt_id      TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  word       TEXT NOT NULL,
  word_sort  INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX user_daily_words_owner ON user_daily_words (wt_id, word_sort, id);

-- Accounts that got the default phrases once: deleting them all must not bring them back.
CREATE TABLE user_daily_word_seeds (
  wt_id TEXT PRIMARY KEY REFERENCES users(wt_id) ON DELETE CASCADE
);

CREATE TABLE default_daily_words (
  word_sort INTEGER PRIMARY KEY,
  word      TEXT NOT NULL
);
INSERT INTO default_daily_words (word_sort, word) VALUES
  (0, '你好，请问有什么可以帮你？'),
  (1, '收到，我马上处理。'),
  (2, '好的，谢谢！'),
  (3, '我现在不方便接电话，稍后回复你。'),
  (4, '稍等一下，我查一下再告诉你。'),
  (5, '辛苦了，明天见！');

-- The helper's questions and answers; sort orders the FAQ; enabled = false hides an entry.
CREATE TABLE helper_replies (
  id        SERIAL PRIMARY KEY,
  question  TEXT NOT NULL,
  reply_msg TEXT NOT NULL,
  jump_url  TEXT NOT NULL DEFAULT '',
  sort      INTEGER NOT NULL DEFAULT 0,
  enabled   BOOLEAN NOT NULL DEFAULT TRUE
);

-- A text sent to the helper that contains `keyword` is answered with that reply; the longest
-- keyword wins, so '群通话' beats '通话'.
CREATE TABLE helper_keywords (
  keyword  TEXT PRIMARY KEY,
  reply_id INTEGER NOT NULL REFERENCES helper_replies(id) ON DELETE CASCADE
);

-- The helper's account: it can never log in (no phone format, no password hash).
INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar, bio)
VALUES ('wisperHelper', 'system:wisperHelper', '!', '微谈小助手', '', '微谈官方小助手')
ON CONFLICT DO NOTHING;

INSERT INTO helper_replies (id, question, reply_msg, sort) VALUES
  (1, '怎么添加好友？',
   '打开「通讯录」，点右上角「添加好友/群」，输入对方的微谈号或手机号搜索，找到后点「添加到通讯录」并填写验证信息（最多15个字）。对方同意后你们就是好友了。也可以在群聊中点成员头像添加。', 1),
  (2, '怎么创建群聊？',
   '在「消息」页点搜索框旁的「+」，选择「发起群聊」，填写群名称（最多16个字）、群公告，勾选好友后创建。群主和管理员可以在群信息面板里修改群名称、公告、入群方式和禁言。', 2),
  (3, '通话有时长限制吗？',
   '一对一和群语音、视频通话都可以使用，群通话最多9人同时参加。非会员每天的通话时长有上限，达到上限后会提示「今日通话时长已达上限，请开通会员解锁」；会员通话不限时长。', 3),
  (4, '会员有什么权益？',
   '会员等级为 VIP1 到 VIP10。开通后通话时长不受每日上限限制，侧边栏头像旁会显示会员等级标识。在左侧「会员中心」可以查看和开通会员。', 4),
  (5, '我的隐私如何保护？',
   '聊天记录只保存在微谈服务器上，只有会话成员可以查看。你可以拉黑、删除好友，设置朋友圈的查看权限，开启登录二次验证（锁屏密码）。遇到骚扰可以在对方资料卡里点「投诉」。', 5),
  (6, '如何收藏消息和使用常用语？',
   '在聊天中右键或长按一条文字、图片、视频、文件或位置消息，选择「收藏」即可保存；在左侧「收藏」页可以搜索、置顶和删除。输入框上方的「收藏」按钮可以把收藏发给好友，「常用语」按钮可以一键插入常用回复。', 6);
SELECT setval(pg_get_serial_sequence('helper_replies', 'id'), 6);

INSERT INTO helper_keywords (keyword, reply_id) VALUES
  ('好友', 1), ('加人', 1), ('添加', 1),
  ('建群', 2), ('群聊', 2), ('创建群', 2), ('拉群', 2),
  ('通话', 3), ('视频', 3), ('语音', 3), ('时长', 3), ('电话', 3),
  ('会员', 4), ('vip', 4), ('充值', 4), ('开通', 4),
  ('隐私', 5), ('拉黑', 5), ('投诉', 5), ('安全', 5), ('密码', 5),
  ('收藏', 6), ('常用语', 6);
