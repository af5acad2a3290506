-- Message search for keywords of every length. Chinese words are mostly one or two characters,
-- which a trigram index (018) cannot look up, and PGlite has no pg_bigm. So the words of each
-- message are kept in a term table: every distinct single character and character bigram of its
-- searchable text (lower case, none holding white space), with the message's channel, sequence
-- and time. A keyword of one character is looked up as that character, a longer one by its
-- rarest bigram and the presence of its other bigrams, then checked against the text
-- (data/search.ts). The B-tree on (term, channel_id, seq), with the time in its leaves, gives
-- each conversation's matches newest first from the index alone: a search reads a page of
-- entries per conversation, never all of a common word's, and opens only the messages it shows.
--
-- Filling it costs about 25 index entries per message, three times what storing the message
-- costs PostgreSQL; measured on the send path (docs/decisions/0068-message-search-terms-a-character-and-bigram-index.md), that was
-- far over budget in the statement that stores a batch. So the send only queues the message's key
-- (an AFTER INSERT trigger, one unindexed row per message, in the statement that stores the
-- batch), whatever path stores it (sends, forwards, system lines); the server indexes the queue
-- in batches right after (app/search/buildIndex.ts), and search reads the queued messages
-- themselves, so a message is found the moment it is stored. A revoke, an edit of the payload or
-- time and a delete take the message's terms out in their own statement.
--
-- Messages stored before this migration are indexed afterwards by the server, in batches of a
-- few hundred messages in short transactions of their own (app/search/buildIndex.ts), walking
-- messages in key order from the cursor in message_terms_build; sends are never held back by it.
-- Until it is done, search reads the messages as before.

-- The trigram indexes of 018 served only keywords of three characters or more; the terms serve
-- every length, and each index less is work less on every send.
DROP INDEX IF EXISTS messages_text_trgm, messages_file_name_trgm, messages_custom_data_trgm, messages_custom_description_trgm;

-- The words of a message that search matches, in lower case: text, file name, location title,
-- a merged record's title and abstracts, a custom message's data and description (system lines).
CREATE FUNCTION im_search_text(p_type text, p_payload jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(CASE p_type
    WHEN 'TIMTextElem' THEN p_payload->>'text'
    WHEN 'TIMFileElem' THEN p_payload->>'fileName'
    WHEN 'TIMLocationElem' THEN coalesce(
      substring(p_payload->>'description' FROM '"title"\s*:\s*"((?:[^"\\]|\\.)*)"'), p_payload->>'description')
    WHEN 'TIMMergerElem' THEN concat_ws(E'\n', p_payload->>'title',
      (SELECT string_agg(a, E'\n') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p_payload->'abstractList') = 'array' THEN p_payload->'abstractList' END) a))
    WHEN 'TIMCustomElem' THEN concat_ws(E'\n', p_payload->>'data', p_payload->>'description')
  END)
$$;

-- Every distinct character and bigram of a text without white space in it.
CREATE FUNCTION im_search_terms(p_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t), '{}') FROM (
    SELECT substr(p_text, i, 2) AS t FROM generate_series(1, length(p_text) - 1) i
    UNION ALL
    SELECT substr(p_text, i, 1) FROM generate_series(1, length(p_text)) i
  ) x WHERE t !~ '[[:space:]]'
$$;

-- What a keyword is looked up by: its bigrams, or its characters when it has no bigram.
CREATE FUNCTION im_search_keyword_terms(p_keyword text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT array_agg(DISTINCT t) FROM im_search_terms(lower(p_keyword)) ts, unnest(ts) t WHERE length(t) = 2),
    im_search_terms(lower(p_keyword)))
$$;

CREATE TABLE message_terms (
  term       TEXT COLLATE "C" NOT NULL,
  channel_id TEXT NOT NULL,
  seq        BIGINT NOT NULL,
  at         TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (term, channel_id, seq) INCLUDE (at)
);

-- Stored messages waiting for their terms: no index, so queueing costs one row; the indexer and
-- search read it whole, and it holds the last moment's messages only.
CREATE TABLE message_terms_pending (
  channel_id TEXT NOT NULL,
  seq        BIGINT NOT NULL
);

CREATE FUNCTION im_queue_new_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_terms_pending (channel_id, seq) SELECT n.channel_id, n.seq FROM new_messages n;
  RETURN NULL;
END
$$;

CREATE TRIGGER messages_queue_terms AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT EXECUTE FUNCTION im_queue_new_messages();

-- A revoke (or a changed payload or time) takes the old terms out; a message that is not revoked
-- puts its new ones in.
CREATE FUNCTION im_reindex_message() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_terms
  WHERE term = ANY (im_search_terms(im_search_text(OLD.type, OLD.payload))) AND channel_id = OLD.channel_id AND seq = OLD.seq;
  IF NOT NEW.is_revoked THEN
    INSERT INTO message_terms (term, channel_id, seq, at)
    SELECT t, NEW.channel_id, NEW.seq, NEW.created_at FROM unnest(im_search_terms(im_search_text(NEW.type, NEW.payload))) t
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER messages_reindex_terms AFTER UPDATE OF is_revoked, type, payload, created_at ON messages
  FOR EACH ROW
  WHEN (OLD.is_revoked IS DISTINCT FROM NEW.is_revoked OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.payload IS DISTINCT FROM NEW.payload OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION im_reindex_message();

CREATE FUNCTION im_unindex_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_terms mt
  USING (SELECT o.channel_id, o.seq, t FROM old_messages o, unnest(im_search_terms(im_search_text(o.type, o.payload))) t) d
  WHERE mt.term = d.t AND mt.channel_id = d.channel_id AND mt.seq = d.seq;
  RETURN NULL;
END
$$;

CREATE TRIGGER messages_unindex_terms AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_messages FOR EACH STATEMENT EXECUTE FUNCTION im_unindex_messages();

-- The build of the index over the messages stored before this migration (messages stored after it
-- are queued): the last message key indexed, and whether it is done (at once for a database
-- without messages).
CREATE TABLE message_terms_build (
  id          BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  after_channel TEXT NOT NULL DEFAULT '',
  after_seq   BIGINT NOT NULL DEFAULT 0,
  done        BOOLEAN NOT NULL,
  indexed     BIGINT NOT NULL DEFAULT 0,
  started_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);
INSERT INTO message_terms_build (done, finished_at)
SELECT e, CASE WHEN e THEN now() END FROM (SELECT NOT EXISTS (SELECT 1 FROM messages) AS e) x;
