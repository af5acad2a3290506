-- Group commit, set-based. The batch used to call im_send once per message: about ten
-- statements per message, each one executor start-up, and a channel lock record plus an update
-- record per message. Now the usual batch (new client IDs, no message visible to its sender
-- alone) is stored with a handful of statements for the whole batch:
--
-- 1. One INSERT creates the channels that do not exist yet; one UPDATE locks and advances every
--    channel of the batch in one fixed (byte) order, so two batches never wait on each other in
--    a cycle (and without the separate lock record FOR UPDATE wrote). Each channel moves by the
--    number of its messages; their sequences follow arrival order.
-- 2. One INSERT stores every message.
-- 3. One INSERT creates the missing C2C conversation rows; one UPDATE moves each sender's
--    read_seq to their last message of the batch (only rows it changes); one UPDATE shows the
--    conversations hidden in these channels again (only rows that are hidden).
-- 4. One UPDATE stamps the group senders' last_send_at.
--
-- A batch with a repeated or already stored client ID, or with a message only its sender sees
-- (the blacklist notice, 013/014), keeps the message-by-message path of 006: a retry must find
-- the first copy, and a sender-only message moves hidden_seq past itself. The check for stored
-- client IDs runs before any lock: a copy committed between it and the insert makes the unique
-- index refuse the batch, and the caller then stores each message on its own (sendBatcher.ts).
--
-- p_sends and the result are as in 006, whose function stays as im_send_batch_each.

ALTER FUNCTION im_send_batch(jsonb) RENAME TO im_send_batch_each;

CREATE FUNCTION im_send_batch_store(p_sends jsonb)
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

-- The rules of a C2C send are read in the statement that stores it (one round trip per batch
-- instead of two, and checked in the transaction that stores the message). An element with
-- "r": true is checked: sender unknown (1), sender banned (2), peer deactivated or unknown (3),
-- peer has blacklisted the sender (4). A refused element is not stored; its row has that code,
-- a null seq and created false. nick and avatar are the sender's, for the pushed message.

CREATE FUNCTION im_send_batch(p_sends jsonb)
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
