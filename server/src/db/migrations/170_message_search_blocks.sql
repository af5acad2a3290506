-- Message search over blocks written beside the sends (decision 0102). Migration 160 stored every
-- message's search keys on its row, in the send's own transaction: the send path cost 13-14 %
-- more CPU than without an index (docs/performance-history.md). Here the sends store no keys. The
-- server's indexer (app/search/buildIndex.ts), every few seconds, reads what was stored since its
-- last pass and writes, per conversation, one block: a run of consecutive sequences and the union
-- of their messages' keys (the same keys as 160's: every character and character bigram, the
-- hours the messages were stored in, the channel).
--
-- A block is a superset: every message a search draws from it is checked against the keyword,
-- which also drops revoked, deleted and cleared ones without any upkeep of the blocks. Within a
-- channel the sequences commit in order, so a channel's newest block ends at a watermark; every
-- search also reads the channel's messages above it, which is how a message is found the moment
-- it is sent, and how a conversation the build has not reached yet is searched meanwhile.
--
-- The messages stored before this migration get their blocks from the server in batches of a few
-- thousand, in short transactions, walking messages in key order from the cursor in
-- message_search_build (reset below); the live passes leave the channels the build has not
-- passed to it.

DROP TRIGGER messages_search_keys_insert ON messages;
DROP TRIGGER messages_search_keys_update ON messages;
DROP FUNCTION im_message_search_keys();
DROP INDEX messages_search_keys;
ALTER TABLE messages DROP COLUMN search_keys;

CREATE TABLE message_search_blocks (
  channel_id TEXT NOT NULL,
  first_seq  BIGINT NOT NULL,
  last_seq   BIGINT NOT NULL,
  keys       BIGINT[] NOT NULL,
  PRIMARY KEY (channel_id, first_seq)
);
CREATE INDEX message_search_blocks_keys ON message_search_blocks USING gin (keys);

-- Where the live passes start reading (the database's clock): the time of the last pass.
ALTER TABLE message_search_build ADD COLUMN live_after TIMESTAMPTZ NOT NULL DEFAULT now();
UPDATE message_search_build SET after_channel = '', after_seq = 0, indexed = 0, started_at = now(), live_after = now(),
  done = NOT EXISTS (SELECT 1 FROM messages), finished_at = CASE WHEN NOT EXISTS (SELECT 1 FROM messages) THEN now() END;

-- The set-based store of a batch of sends (015), as before 160: no keys.
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

