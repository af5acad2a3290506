-- A search checks every candidate's words with im_search_text. Its forwarded records' branch held
-- a sub-select, and a SQL function with one is not inlined into the statement that calls it: every
-- candidate paid for a call of its own, a quarter of the check (bench/message-search). That branch
-- is a function of its own now, and im_search_text one expression, inlined. Same answers
-- (server/test/search-keys.test.ts holds them to domain/searchKeys.ts).

CREATE FUNCTION im_search_relay_text(p_payload jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(E'\n', p_payload->>'title',
    (SELECT string_agg(a, E'\n') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p_payload->'abstractList') = 'array' THEN p_payload->'abstractList' END) a))
$$;

CREATE OR REPLACE FUNCTION im_search_text(p_type text, p_payload jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(CASE p_type
    WHEN 'TIMTextElem' THEN p_payload->>'text'
    WHEN 'TIMFileElem' THEN p_payload->>'fileName'
    WHEN 'TIMLocationElem' THEN coalesce(
      substring(p_payload->>'description' FROM '"title"\s*:\s*"((?:[^"\\]|\\.)*)"'), p_payload->>'description')
    WHEN 'TIMRelayElem' THEN im_search_relay_text(p_payload)
    WHEN 'TIMCustomElem' THEN concat_ws(E'\n', p_payload->>'data', p_payload->>'description')
  END)
$$;
