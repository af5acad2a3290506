-- A call step without a card in the chat (an invite, the accept of a one-to-one call) is not a
-- message anyone reads: it no longer counts as unread. Before, a caller's own conversation showed
-- an unread 1 while the call ran (the callee's accept), and a missed call counted its invite as
-- well as its card. The rule is the client's `countsAsUnread` (types/callSteps.ts), kept here as
-- a stored generated column so the conversation list's count reads one boolean per message.

CREATE OR REPLACE FUNCTION im_counts_unread(p_type text, p_payload jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_text text := p_payload->>'data';
  v_signal jsonb;
  v_data jsonb;
  v_action text;
BEGIN
  IF p_type <> 'TIMCustomElem' OR v_text IS NULL OR position('businessID' IN v_text) = 0 THEN
    RETURN true;
  END IF;
  BEGIN
    v_signal := v_text::jsonb;
  EXCEPTION WHEN others THEN
    RETURN true;
  END;
  IF jsonb_typeof(v_signal) <> 'object' OR NOT (v_signal->'businessID' IN ('1'::jsonb, '"av_call"'::jsonb))
     OR jsonb_typeof(v_signal->'actionType') <> 'number' THEN
    RETURN true;
  END IF;
  v_data := v_signal->'data';
  IF jsonb_typeof(v_data) = 'string' THEN
    BEGIN
      v_data := (v_data #>> '{}')::jsonb;
    EXCEPTION WHEN others THEN
      v_data := NULL;
    END;
  END IF;
  IF jsonb_typeof(v_data) IS DISTINCT FROM 'object' THEN
    v_data := '{}'::jsonb;
  END IF;
  v_action := v_signal->>'actionType';
  -- The invite: actionType 1 unless it is the hang-up (data.cmd 'hangup' or a call_end).
  IF v_action = '1' THEN
    RETURN v_data #>> '{data,cmd}' IS NOT DISTINCT FROM 'hangup' OR v_data ? 'call_end';
  END IF;
  -- A one-to-one accept (a group's accept shows 'Answered').
  IF v_action = '3' THEN
    RETURN COALESCE(v_signal->>'groupID', '') <> '';
  END IF;
  RETURN true;
END
$$;

ALTER TABLE messages ADD COLUMN counts_unread boolean GENERATED ALWAYS AS (im_counts_unread(type, payload)) STORED;
