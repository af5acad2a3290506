-- A message only its sender can see (the blacklist notice, 013) must not bring back a
-- conversation the other person deleted, nor create one for them: a conversation reappearing
-- empty at the moment of the block would tell them they had been blocked. Everything else
-- shows the conversation again for every member, as before.

CREATE OR REPLACE FUNCTION im_send(
  p_channel text, p_sender text, p_client_id text, p_type text, p_payload jsonb,
  p_ccd text, p_at jsonb, p_nrr boolean,
  p_conv_sender text, p_peer text, p_conv_peer text, p_group text
) RETURNS TABLE (seq bigint, created boolean, created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
  v_at timestamptz;
  v_channel text;
  v_sender_only boolean;
BEGIN
  INSERT INTO channels (channel_id) VALUES (p_channel) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM channels c WHERE c.channel_id = p_channel FOR UPDATE;
  SELECT m.seq, m.created_at, m.channel_id INTO v_seq, v_at, v_channel
  FROM messages m WHERE m.sender = p_sender AND m.client_msg_id = p_client_id;
  IF FOUND THEN
    IF v_channel <> p_channel THEN
      RETURN QUERY SELECT NULL::bigint, false, v_at;
    ELSE
      RETURN QUERY SELECT v_seq, false, v_at;
    END IF;
    RETURN;
  END IF;
  UPDATE channels c SET last_seq = c.last_seq + 1 WHERE c.channel_id = p_channel RETURNING c.last_seq INTO v_seq;
  INSERT INTO messages AS m (channel_id, seq, client_msg_id, sender, type, payload, cloud_custom_data, at_users, need_read_receipt)
  VALUES (p_channel, v_seq, p_client_id, p_sender, p_type, p_payload, p_ccd, p_at, p_nrr)
  RETURNING m.created_at INTO v_at;
  v_sender_only := im_sender_only(p_type, p_payload);
  IF p_peer IS NOT NULL THEN
    INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
    VALUES (p_sender, p_conv_sender, p_channel) ON CONFLICT DO NOTHING;
    IF NOT v_sender_only THEN
      INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
      VALUES (p_peer, p_conv_peer, p_channel) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  -- Your own message means you have read everything up to it.
  UPDATE user_conversations uc SET read_seq = GREATEST(uc.read_seq, v_seq), hidden_seq = NULL
  WHERE uc.wt_id = p_sender AND uc.conversation_id = p_conv_sender;
  IF NOT v_sender_only THEN
    UPDATE user_conversations uc SET hidden_seq = NULL WHERE uc.channel_id = p_channel AND uc.hidden_seq IS NOT NULL;
  ELSE
    -- A deleted conversation stays hidden while nothing after its deletion is theirs to see: the
    -- list shows it once the channel passes hidden_seq, so hidden_seq moves past this message.
    UPDATE user_conversations uc SET hidden_seq = v_seq
    WHERE uc.channel_id = p_channel AND uc.wt_id <> p_sender AND uc.hidden_seq >= v_seq - 1;
  END IF;
  IF p_group IS NOT NULL THEN
    UPDATE group_members gm SET last_send_at = now() WHERE gm.group_id = p_group AND gm.wt_id = p_sender;
  END IF;
  RETURN QUERY SELECT v_seq, true, v_at;
END
$$;
