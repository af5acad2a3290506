-- WeChat subscription messages: each acceptance of a template in wx.requestSubscribeMessage lets
-- the server send one notice with it. `notified_at` is set by a notice and cleared when the
-- account opens a socket again, so a closed mini-program gets one notice, not one per message.
CREATE TABLE wechat_subscriptions (
  wt_id       TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  template_id TEXT NOT NULL,
  openid      TEXT NOT NULL,
  remaining   INT NOT NULL DEFAULT 0 CHECK (remaining >= 0),
  notified_at TIMESTAMPTZ,
  PRIMARY KEY (wt_id, template_id)
);
