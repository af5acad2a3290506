-- The blacklist notice (custom message type CustomMsg_Type_addBlack) is for the blocker only:
-- before, the blocked person got it as their conversation's last message ('已加入黑名单'), a
-- grey tip and an unread 1, which told them they had been blacklisted. As migration 060 did for
-- call steps, the rule is read from the message's content in SQL, so every writer and every
-- existing row follows it: such a message is stored visible to its sender alone (the same
-- visible_identity 99 + visible_to a welcome message uses), and every reader that already
-- respects visibility (history, catch-up, the list's last message and unread counts, the
-- 分组 counts) leaves it out for the peer. The client keeps the rule as
-- `isSenderOnlyContactMessage` (types/friends.ts).

CREATE OR REPLACE FUNCTION im_sender_only(p_type text, p_payload jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_text text := p_payload->>'data';
  v_data jsonb;
BEGIN
  IF p_type <> 'TIMCustomElem' OR v_text IS NULL OR position('CustomMsg_Type_addBlack' IN v_text) = 0 THEN
    RETURN false;
  END IF;
  BEGIN
    v_data := v_text::jsonb;
  EXCEPTION WHEN others THEN
    RETURN false;
  END;
  RETURN jsonb_typeof(v_data) = 'object' AND v_data->>'type' = 'CustomMsg_Type_addBlack';
END
$$;

CREATE OR REPLACE FUNCTION im_sender_only_visibility() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF im_sender_only(NEW.type, NEW.payload) THEN
    NEW.visible_identity := 99;
    NEW.visible_to := NEW.sender;
  END IF;
  RETURN NEW;
END
$$;

-- Only custom messages can be such a notice: every other insert skips the function call.
CREATE TRIGGER messages_sender_only BEFORE INSERT ON messages
  FOR EACH ROW WHEN (NEW.type = 'TIMCustomElem') EXECUTE FUNCTION im_sender_only_visibility();

UPDATE messages SET visible_identity = 99, visible_to = sender
WHERE type = 'TIMCustomElem' AND im_sender_only(type, payload) AND visible_to IS DISTINCT FROM sender;
