-- The send rule as it stands: the current definition of each SQL function a send runs, copied
-- from the newest migration that defines it (named above each one). This file is never run; the
-- migrations are what the database has. server/test/send-rule-sql.test.ts fails when a migration
-- redefines one of these functions and this copy is not brought along.
--
-- A send (domain/sendBatcher.ts) calls im_send for one message in a transaction someone holds, and
-- im_send_batch for the sends that arrive together on the database itself; im_send_batch stores
-- them set-based through im_send_batch_store and falls back to im_send_batch_each (one im_send
-- each) when the set cannot be stored at once.

-- im_sender_only: 013_blacklist_notice_sender_only.sql
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

-- im_counts_unread: 150_trial_fixes.sql
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
  -- The invite: actionType 1 unless it is the hang-up (data.cmd 'hangup' or a call_end); in a
  -- group only the summary of the whole call (data.group_end) is a hang-up anyone reads.
  IF v_action = '1' THEN
    IF COALESCE(v_signal->>'groupID', '') <> '' THEN
      RETURN v_data ? 'group_end';
    END IF;
    RETURN v_data #>> '{data,cmd}' IS NOT DISTINCT FROM 'hangup' OR v_data ? 'call_end';
  END IF;
  -- An accept, in a one-to-one call or a group's.
  IF v_action = '3' THEN
    RETURN false;
  END IF;
  RETURN true;
END
$$;

-- im_send: 014_sender_only_keeps_hidden.sql
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

-- im_send_batch_each: 006_send_batch.sql (defined there as im_send_batch; 015 renamed it)
CREATE OR REPLACE FUNCTION im_send_batch_each(p_sends jsonb)
RETURNS TABLE (i int, seq bigint, created boolean, created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_channel text;
  v_send record;
BEGIN
  FOR v_channel IN
    SELECT DISTINCT x->>'c' COLLATE "C" AS c FROM jsonb_array_elements(p_sends) x ORDER BY 1
  LOOP
    INSERT INTO channels (channel_id) VALUES (v_channel) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM channels c WHERE c.channel_id = v_channel FOR UPDATE;
  END LOOP;
  FOR v_send IN SELECT (t.n - 1)::int AS n, t.x FROM jsonb_array_elements(p_sends) WITH ORDINALITY AS t(x, n) ORDER BY t.n
  LOOP
    RETURN QUERY
      SELECT v_send.n, r.seq, r.created, r.created_at
      FROM im_send(
        v_send.x->>'c', v_send.x->>'s', v_send.x->>'id', v_send.x->>'t', v_send.x->'p',
        v_send.x->>'ccd', v_send.x->'at', (v_send.x->>'nrr')::boolean,
        v_send.x->>'cs', v_send.x->>'peer', v_send.x->>'cp', v_send.x->>'g'
      ) r;
  END LOOP;
END
$$;

-- im_send_batch_store: 170_message_search_blocks.sql
CREATE OR REPLACE FUNCTION im_send_batch_store(p_sends jsonb)
RETURNS TABLE (i int, seq bigint, created boolean, created_at timestamptz)
LANGUAGE plpgsql
-- A batch is at most a few hundred rows, the tables it meets are large: every join below must
-- probe an index per row, never hash a whole table (the planner sees 100 rows for any
-- jsonb_array_elements, and in a young database a table with little in it yet).
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  v_seq bigint[];
  v_at timestamptz;
BEGIN
  IF EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_sends) x
       WHERE x->>'t' = 'TIMCustomElem' AND im_sender_only(x->>'t', x->'p')
     )
     OR EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_sends) x
       CROSS JOIN LATERAL (SELECT 1 FROM messages m WHERE m.sender = x->>'s' AND m.client_msg_id = x->>'id' LIMIT 1) d
     )
     OR (SELECT count(DISTINCT (x->>'s', x->>'id')) <> count(*) FROM jsonb_array_elements(p_sends) x)
  THEN
    RETURN QUERY SELECT * FROM im_send_batch_each(p_sends) e;
    RETURN;
  END IF;

  INSERT INTO channels (channel_id)
  SELECT DISTINCT x->>'c' COLLATE "C" FROM jsonb_array_elements(p_sends) x ORDER BY 1
  ON CONFLICT DO NOTHING;

  WITH s AS (
    SELECT t.n, t.x->>'c' AS c, t.x->>'s' AS sender, t.x->>'id' AS id
    FROM jsonb_array_elements(p_sends) WITH ORDINALITY AS t(x, n)
  ), advanced AS (
    -- The sorted subquery drives a nested loop (hash and merge joins are off), so the rows are
    -- updated, and locked, in byte order. Were two batches ever to meet in another order, the
    -- deadlock fails one of them, whose messages are then stored one by one.
    UPDATE channels ch SET last_seq = ch.last_seq + k.cnt
    FROM (SELECT s.c, count(*) AS cnt FROM s GROUP BY s.c ORDER BY s.c COLLATE "C") k
    WHERE ch.channel_id = k.c
    RETURNING ch.channel_id, ch.last_seq
  ), numbered AS (
    SELECT s.n, s.c, s.sender, s.id,
           a.last_seq - count(*) OVER (PARTITION BY s.c) + row_number() OVER (PARTITION BY s.c ORDER BY s.n) AS seq
    FROM s JOIN advanced a ON a.channel_id = s.c
  ), stored AS (
    INSERT INTO messages AS m (channel_id, seq, client_msg_id, sender, type, payload, cloud_custom_data, at_users, need_read_receipt)
    SELECT n.c, n.seq, n.id, n.sender, x->>'t', x->'p', x->>'ccd', x->'at', (x->>'nrr')::boolean
    FROM numbered n JOIN LATERAL (SELECT p_sends->((n.n - 1)::int) AS x) j ON true
    RETURNING m.created_at
  )
  -- Every row of the transaction has the same created_at (the column's default, now()).
  SELECT array_agg(n.seq ORDER BY n.n), (SELECT min(st.created_at) FROM stored st) INTO v_seq, v_at
  FROM numbered n;

  INSERT INTO user_conversations (wt_id, conversation_id, channel_id)
  SELECT DISTINCT u.w, u.cv, u.c
  FROM jsonb_array_elements(p_sends) x
  CROSS JOIN LATERAL (VALUES (x->>'s', x->>'cs', x->>'c'), (x->>'peer', x->>'cp', x->>'c')) AS u(w, cv, c)
  WHERE x->>'peer' IS NOT NULL
  ON CONFLICT DO NOTHING;

  -- Your own message means you have read everything up to it.
  UPDATE user_conversations uc SET read_seq = r.last
  FROM (
    SELECT t.x->>'s' AS w, t.x->>'cs' AS cv, max(v_seq[t.n]) AS last
    FROM jsonb_array_elements(p_sends) WITH ORDINALITY AS t(x, n)
    GROUP BY 1, 2
  ) r
  WHERE uc.wt_id = r.w AND uc.conversation_id = r.cv AND uc.read_seq < r.last;

  UPDATE user_conversations uc SET hidden_seq = NULL
  WHERE uc.channel_id IN (SELECT DISTINCT x->>'c' FROM jsonb_array_elements(p_sends) x) AND uc.hidden_seq IS NOT NULL;

  UPDATE group_members gm SET last_send_at = now()
  FROM (SELECT DISTINCT x->>'g' AS g, x->>'s' AS w FROM jsonb_array_elements(p_sends) x WHERE x->>'g' IS NOT NULL) r
  WHERE gm.group_id = r.g AND gm.wt_id = r.w;

  RETURN QUERY SELECT (u.n - 1)::int, u.seq, true, v_at FROM unnest(v_seq) WITH ORDINALITY AS u(seq, n);
END
$$;

-- im_send_batch: 015_send_batch_set_based.sql
CREATE OR REPLACE FUNCTION im_send_batch(p_sends jsonb)
RETURNS TABLE (i int, seq bigint, created boolean, created_at timestamptz, refusal int, nick text, avatar text)
LANGUAGE plpgsql
SET enable_hashjoin = off
SET enable_mergejoin = off
AS $$
DECLARE
  v_refusal int[];
  v_nick text[];
  v_avatar text[];
  v_kept int[];
BEGIN
  SELECT array_agg(
           CASE
             WHEN NOT coalesce((t.x->>'r')::boolean, false) THEN 0
             WHEN s.wt_id IS NULL THEN 1
             WHEN s.banned_until IS NOT NULL AND s.banned_until > now() THEN 2
             WHEN p.action_status IS DISTINCT FROM 0 THEN 3
             WHEN EXISTS (SELECT 1 FROM user_blacklist b WHERE b.owner_wt_id = t.x->>'peer' AND b.target_wt_id = t.x->>'s') THEN 4
             ELSE 0
           END ORDER BY t.n),
         array_agg(s.nick_name ORDER BY t.n), array_agg(s.avatar ORDER BY t.n)
  INTO v_refusal, v_nick, v_avatar
  FROM jsonb_array_elements(p_sends) WITH ORDINALITY AS t(x, n)
  LEFT JOIN users s ON s.wt_id = t.x->>'s'
  LEFT JOIN users p ON p.wt_id = t.x->>'peer';

  IF 0 = ALL (v_refusal) THEN
    RETURN QUERY SELECT st.i, st.seq, st.created, st.created_at, 0, v_nick[st.i + 1], v_avatar[st.i + 1]
    FROM im_send_batch_store(p_sends) st;
    RETURN;
  END IF;
  -- Positions are 0-based, the arrays 1-based.
  SELECT array_agg(k ORDER BY k) INTO v_kept FROM generate_subscripts(v_refusal, 1) AS k WHERE v_refusal[k] = 0;
  IF v_kept IS NOT NULL THEN
    RETURN QUERY
      SELECT v_kept[st.i + 1] - 1, st.seq, st.created, st.created_at, 0, v_nick[v_kept[st.i + 1]], v_avatar[v_kept[st.i + 1]]
      FROM im_send_batch_store((SELECT jsonb_agg(p_sends->(k - 1) ORDER BY k) FROM unnest(v_kept) AS k)) st;
  END IF;
  RETURN QUERY SELECT k - 1, NULL::bigint, false, NULL::timestamptz, v_refusal[k], v_nick[k], v_avatar[k]
    FROM generate_subscripts(v_refusal, 1) AS k WHERE v_refusal[k] <> 0;
END
$$;
