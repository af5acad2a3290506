-- 微信一键登录: one WeChat (its openid for this mini-program, and the unionid when WeChat gives one)
-- per account, and one account per WeChat.
CREATE TABLE wechat_bindings (
  wt_id    TEXT PRIMARY KEY REFERENCES users(wt_id) ON DELETE CASCADE,
  openid   TEXT NOT NULL UNIQUE,
  unionid  TEXT,
  bound_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A WeChat not bound yet: the identity waits here, behind a single-use ticket the client holds,
-- until its owner logs in with phone and password (or registers) and binds it.
CREATE TABLE wechat_bind_tickets (
  ticket_hash TEXT PRIMARY KEY,
  openid      TEXT NOT NULL,
  unionid     TEXT,
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE INDEX wechat_bind_tickets_expiry ON wechat_bind_tickets (expires_at);
