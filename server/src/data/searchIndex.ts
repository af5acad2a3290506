/**
 * Upkeep of the messages' search keys (migration 160): their build over the messages stored
 * before it, and the merge of the GIN index's pending list.
 */
import type { Queryable } from '../db/Db.js'

export interface BuildStep {
  /** Messages read in this step. */
  read: number
  done: boolean
}

/**
 * Gives the next `batch` messages (in key order) stored before migration 160 their keys, in the
 * caller's transaction; the row lock on the cursor keeps two servers from doing the same batch.
 * Messages stored since have their keys and revoked ones get none, so both are left as they are.
 */
export async function buildKeysStep(q: Queryable, batch: number): Promise<BuildStep> {
  const { rows } = await q.query<{ read: number; done: boolean }>(
    `WITH cur AS (SELECT after_channel, after_seq, done FROM message_search_build FOR UPDATE),
     b AS (SELECT m.channel_id, m.seq FROM cur, messages m
           WHERE NOT cur.done AND (m.channel_id, m.seq) > (cur.after_channel, cur.after_seq)
           ORDER BY m.channel_id, m.seq LIMIT $1),
     keyed AS (UPDATE messages m SET search_keys = im_search_keys(m.type, m.payload, ch.search_id, m.created_at)
               FROM b JOIN channels ch ON ch.channel_id = b.channel_id
               WHERE m.channel_id = b.channel_id AND m.seq = b.seq AND m.search_keys IS NULL AND NOT m.is_revoked),
     last AS (SELECT b.channel_id, b.seq FROM b ORDER BY b.channel_id DESC, b.seq DESC LIMIT 1),
     n AS (SELECT count(*)::int AS read FROM b)
     UPDATE message_search_build SET
       after_channel = COALESCE((SELECT channel_id FROM last), after_channel),
       after_seq = COALESCE((SELECT seq FROM last), after_seq),
       indexed = indexed + (SELECT read FROM n),
       done = (SELECT read FROM n) < $1,
       finished_at = CASE WHEN (SELECT read FROM n) < $1 THEN now() END
     RETURNING (SELECT read FROM n) AS read, done`,
    [batch],
  )
  return rows[0] ?? { read: 0, done: true }
}

/**
 * Merges the keys the sends appended to the index's pending list into the index proper. Kept
 * short by doing it often: every search reads the whole list, and a send that finds it full
 * would otherwise do the merge itself, inside its commit. Answers the pages merged.
 */
export async function mergePendingKeys(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ pages: string }>(`SELECT gin_clean_pending_list('messages_search_keys'::regclass)::text AS pages`)
  return Number(rows[0]?.pages ?? 0)
}

/** Starts the build over again (an operator's rebuild, and the tests of the build). */
export async function restartKeysBuild(q: Queryable): Promise<void> {
  await q.query(`UPDATE message_search_build SET after_channel = '', after_seq = 0, done = FALSE, indexed = 0, started_at = now(), finished_at = NULL`)
}
