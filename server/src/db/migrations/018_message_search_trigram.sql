-- Message history search (domain/messageOps/search.ts) matches ILIKE '%keyword%' on these four
-- expressions. No B-tree serves a match in the middle of a string, so the search over all
-- conversations read every message; trigram GIN indexes find the candidates for a keyword of 3
-- characters or more (shorter ones have no trigram to look up, and search.ts keeps them on the
-- scan they had). docs/performance.md "Message search" has the figures.
--
-- Building them holds back writes to messages meanwhile (about 5 s per million short messages on
-- PostgreSQL); IF NOT EXISTS lets an operator of a large history build them beforehand with
-- CREATE INDEX CONCURRENTLY under these names (docs/decisions/0061-message-search-trigram-indexes-for-keywords-of-3.md).
--
-- The extension goes into public when it may, so that dropping some other schema on the
-- search_path never takes it along; the operator class is named through the extension's schema,
-- which need not be on the search_path. PGlite loads the extension in db/pglite.ts.
DO $$
DECLARE
  trgm TEXT;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm WITH SCHEMA public;
    EXCEPTION WHEN insufficient_privilege OR invalid_schema_name THEN
      CREATE EXTENSION pg_trgm;
    END;
  END IF;
  SELECT n.nspname INTO trgm FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format($i$CREATE INDEX IF NOT EXISTS messages_text_trgm ON messages USING gin ((payload->>'text') %I.gin_trgm_ops) WHERE type = 'TIMTextElem'$i$, trgm);
  EXECUTE format($i$CREATE INDEX IF NOT EXISTS messages_file_name_trgm ON messages USING gin ((payload->>'fileName') %I.gin_trgm_ops) WHERE type = 'TIMFileElem'$i$, trgm);
  EXECUTE format($i$CREATE INDEX IF NOT EXISTS messages_custom_data_trgm ON messages USING gin ((payload->>'data') %I.gin_trgm_ops) WHERE type = 'TIMCustomElem'$i$, trgm);
  EXECUTE format($i$CREATE INDEX IF NOT EXISTS messages_custom_description_trgm ON messages USING gin ((payload->>'description') %I.gin_trgm_ops) WHERE type = 'TIMCustomElem'$i$, trgm);
END
$$;
