-- Web Push subscriptions: one row per browser registration, owned by the login session that made it.
CREATE TABLE push_subscriptions (
  endpoint     TEXT PRIMARY KEY,
  session_hash TEXT NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
  wt_id        TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  p256dh       TEXT NOT NULL,
  auth         TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_wt_id ON push_subscriptions (wt_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);

-- A session ends in many places (logout, 登录设备, password change, an operator, idleness); each one
-- sets revoked_at, so the subscriptions go with it here instead of in each of them.
CREATE FUNCTION push_subscriptions_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_hash = NEW.token_hash;
  RETURN NEW;
END
$$;
CREATE TRIGGER sessions_end_push_subscriptions
  AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION push_subscriptions_end_with_session();
