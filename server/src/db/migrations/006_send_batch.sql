-- Group commit: the sends that arrive together are stored by one statement, so they share one
-- transaction and one WAL flush. Every channel of the batch is locked first, in one fixed
-- (byte) order, so two batches never wait on each other in a cycle; then each message goes
-- through im_send in arrival order (gap-free sequences per channel, and a client ID repeated
-- inside the batch finds the copy stored just before it).
--
-- p_sends: [{c: channel, s: sender, id: clientMsgId, t: type, p: payload, ccd, at, nrr,
--            cs: sender's conversation ID, peer, cp: peer's conversation ID, g: group ID}]
-- Returns one row per element, i = its position (0-based).

CREATE FUNCTION im_send_batch(p_sends jsonb)
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
