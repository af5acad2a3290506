-- Message search keys on the message row, in one GIN index (decision 0098). The term table of
-- 090 answered every keyword from a B-tree, but its entries (about 16 per message) tripled
-- PostgreSQL's work per message sent. Here each message carries its keys in one array column:
-- every distinct character and character bigram of its searchable text (lower case, no white
-- space; im_search_text of 090), the hour it was stored in, and its channel. A GIN index with its
-- pending list takes them at the cost of appending to a list; the server merges that list into
-- the index in the background (app/search/buildIndex.ts), off the send.
--
-- Newest first without reading every match: a search asks for the keyword's terms within the
-- newest hour, then the 7 before, the 56 before those, and so on (data/search.ts), each a GIN
-- scan of the terms and those hours' keys together, restricted to one conversation by its
-- channel key when it searches one. A common word fills a page from the first hours; a rare one
-- is read whole, and has few matches.
--
-- The sends compute the keys (domain/searchKeys.ts) and im_send_batch_store stores them with the
-- hour of the transaction. Any other statement that stores a message, and every update that
-- changes its words or revokes it, gets them from the trigger below; a revoked message has none.
-- A deleted message takes its keys with it.
--
-- Messages stored before this migration get their keys afterwards, from the server, in batches
-- of a few hundred in short transactions of their own, walking messages in key order from the
-- cursor in message_search_build; sends are never held back by it, and until it is done search
-- reads the messages themselves.

DROP TRIGGER messages_queue_terms ON messages;
DROP TRIGGER messages_reindex_terms ON messages;
DROP TRIGGER messages_unindex_terms ON messages;
DROP FUNCTION im_queue_new_messages();
DROP FUNCTION im_reindex_message();
DROP FUNCTION im_unindex_messages();
DROP TABLE message_terms, message_terms_pending, message_terms_build;
DROP FUNCTION im_search_keyword_terms(text);

-- The words of a message, as 090 had them but for merged records: their kind is TIMRelayElem, and
-- 090 named another, so their titles and abstracts were never searched.
CREATE OR REPLACE FUNCTION im_search_text(p_type text, p_payload jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(CASE p_type
    WHEN 'TIMTextElem' THEN p_payload->>'text'
    WHEN 'TIMFileElem' THEN p_payload->>'fileName'
    WHEN 'TIMLocationElem' THEN coalesce(
      substring(p_payload->>'description' FROM '"title"\s*:\s*"((?:[^"\\]|\\.)*)"'), p_payload->>'description')
    WHEN 'TIMRelayElem' THEN concat_ws(E'\n', p_payload->>'title',
      (SELECT string_agg(a, E'\n') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p_payload->'abstractList') = 'array' THEN p_payload->'abstractList' END) a))
    WHEN 'TIMCustomElem' THEN concat_ws(E'\n', p_payload->>'data', p_payload->>'description')
  END)
$$;

-- A channel's number, for its search key: a key of the channel's name would make every key a string.
ALTER TABLE channels ADD COLUMN search_id BIGINT GENERATED ALWAYS AS IDENTITY;

-- Keys are bigints (domain/searchKeys.ts): a term is its code point, or a bigram's two code
-- points as one number above every code point; an hour is its negated number since 1970; a
-- channel is below every hour. A GIN index of bigints takes a message for about a third of the
-- work of one of strings, which compare by collation.
ALTER TABLE messages ADD COLUMN search_keys BIGINT[];
CREATE INDEX messages_search_keys ON messages USING gin (search_keys);

CREATE FUNCTION im_search_code(p_term text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN length(p_term) = 1 THEN ascii(p_term)::bigint
              ELSE (ascii(p_term)::bigint + 1) * 1114112 + ascii(substr(p_term, 2)) END
$$;

CREATE FUNCTION im_search_hour(p_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT -floor(extract(epoch FROM p_at) / 3600)::bigint
$$;

CREATE FUNCTION im_search_channel(p_search_id bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT -(2147483648 + p_search_id)
$$;

CREATE FUNCTION im_search_keys(p_type text, p_payload jsonb, p_channel_search_id bigint, p_at timestamptz) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT im_search_code(t) FROM unnest(im_search_terms(coalesce(im_search_text(p_type, p_payload), ''))) t)
         || ARRAY[im_search_hour(p_at), im_search_channel(p_channel_search_id)]
$$;

CREATE FUNCTION im_message_search_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_keys := CASE WHEN NEW.is_revoked THEN NULL
    ELSE im_search_keys(NEW.type, NEW.payload, (SELECT c.search_id FROM channels c WHERE c.channel_id = NEW.channel_id), NEW.created_at) END;
  RETURN NEW;
END
$$;

-- Only when the statement brought no keys: the sends bring theirs, computed off the database.
CREATE TRIGGER messages_search_keys_insert BEFORE INSERT ON messages
  FOR EACH ROW WHEN (NEW.search_keys IS NULL) EXECUTE FUNCTION im_message_search_keys();

CREATE TRIGGER messages_search_keys_update BEFORE UPDATE OF is_revoked, type, payload, created_at ON messages
  FOR EACH ROW
  WHEN (OLD.is_revoked IS DISTINCT FROM NEW.is_revoked OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.payload IS DISTINCT FROM NEW.payload OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION im_message_search_keys();

-- The keys of the messages stored before this migration: the last message key done, and whether
-- it is done (at once for a database without messages).
CREATE TABLE message_search_build (
  id            BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  after_channel TEXT NOT NULL DEFAULT '',
  after_seq     BIGINT NOT NULL DEFAULT 0,
  done          BOOLEAN NOT NULL,
  indexed       BIGINT NOT NULL DEFAULT 0,
  started_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at   TIMESTAMPTZ
);
INSERT INTO message_search_build (done, finished_at)
SELECT e, CASE WHEN e THEN now() END FROM (SELECT NOT EXISTS (SELECT 1 FROM messages) AS e) x;

-- The set-based store of a batch of sends (015) with the keys the send computed and the hour.
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
  v_hour bigint := im_search_hour(now());
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
    RETURNING ch.channel_id, ch.last_seq, ch.search_id
  ), numbered AS (
    SELECT s.n, s.c, s.sender, s.id, a.search_id,
           a.last_seq - count(*) OVER (PARTITION BY s.c) + row_number() OVER (PARTITION BY s.c ORDER BY s.n) AS seq
    FROM s JOIN advanced a ON a.channel_id = s.c
  ), stored AS (
    INSERT INTO messages AS m (channel_id, seq, client_msg_id, sender, type, payload, cloud_custom_data, at_users, need_read_receipt, search_keys)
    SELECT n.c, n.seq, n.id, n.sender, x->>'t', x->'p', x->>'ccd', x->'at', (x->>'nrr')::boolean,
           CASE WHEN x ? 'k' THEN string_to_array(x->>'k', ' ')::bigint[] || ARRAY[v_hour, im_search_channel(n.search_id)] END
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
