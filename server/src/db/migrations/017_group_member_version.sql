-- A group's member list changes version whenever a membership starts or ends, in the transaction
-- that makes the change. A server process keeps the list of a group it sends to together with the
-- version it was read at, and the send's rule query (which reads the version in the same snapshot
-- as the sender's rules) tells it whether the kept list is still the current one; so a list is
-- never used after the change that altered it has committed, on any process.
--
-- The version is the changing transaction's ID: unique per transaction, so a group touched by many
-- rows of one statement (a dissolve, a bulk invite) is rewritten once, not once per row.
ALTER TABLE groups ADD COLUMN member_version BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION group_member_version_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD.group_id ELSE NEW.group_id END;
BEGIN
  UPDATE groups SET member_version = txid_current() WHERE group_id = g AND member_version <> txid_current();
  RETURN NULL;
END
$$;

-- Only left_at and the row's existence decide membership: a send's last_send_at, a mute or a
-- name card does not change the list (a mute is read from the sender's own row on every send).
CREATE TRIGGER group_members_version_insert AFTER INSERT ON group_members
  FOR EACH ROW EXECUTE FUNCTION group_member_version_follow();
CREATE TRIGGER group_members_version_left AFTER UPDATE OF left_at ON group_members
  FOR EACH ROW WHEN (OLD.left_at IS DISTINCT FROM NEW.left_at) EXECUTE FUNCTION group_member_version_follow();
CREATE TRIGGER group_members_version_delete AFTER DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION group_member_version_follow();
