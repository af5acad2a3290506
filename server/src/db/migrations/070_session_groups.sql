-- Conversation groups (分组): a user's own tabs of the conversation list. The 'all' entry is not stored.
-- hide_status: 1 shown, 0 hidden. sort: the user's order (lower first; ties by id).
CREATE TABLE session_groups (
  id          BIGSERIAL PRIMARY KEY,
  owner_wt_id TEXT NOT NULL REFERENCES users(wt_id) ON DELETE CASCADE,
  group_name  TEXT NOT NULL,
  hide_status INTEGER NOT NULL DEFAULT 1,
  sort        INTEGER NOT NULL DEFAULT 0,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX session_groups_owner ON session_groups (owner_wt_id, sort, id);

-- owner_wt_id repeats the group's owner so a deleted or left conversation can be found without a join.
-- position keeps the order the user picked the conversations in.
CREATE TABLE session_group_members (
  group_id        BIGINT NOT NULL REFERENCES session_groups(id) ON DELETE CASCADE,
  owner_wt_id     TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  position        INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, conversation_id)
);
CREATE INDEX session_group_members_conversation ON session_group_members (owner_wt_id, conversation_id);

-- A conversation the user deletes, or a group the user leaves (or that is dissolved), leaves every
-- group of that user, whichever code path did it.
CREATE FUNCTION session_groups_drop_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM session_group_members WHERE owner_wt_id = NEW.wt_id AND conversation_id = NEW.conversation_id;
  RETURN NULL;
END $$;

CREATE TRIGGER user_conversations_left_groups AFTER UPDATE OF hidden_seq ON user_conversations
  FOR EACH ROW WHEN (NEW.hidden_seq IS NOT NULL AND OLD.hidden_seq IS DISTINCT FROM NEW.hidden_seq)
  EXECUTE FUNCTION session_groups_drop_deleted();

CREATE FUNCTION session_groups_drop_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM session_group_members WHERE owner_wt_id = NEW.wt_id AND conversation_id = 'GROUP' || NEW.group_id;
  RETURN NULL;
END $$;

CREATE TRIGGER group_members_left_groups AFTER UPDATE OF left_at ON group_members
  FOR EACH ROW WHEN (NEW.left_at IS NOT NULL AND OLD.left_at IS NULL)
  EXECUTE FUNCTION session_groups_drop_left();
