/**
 * Message search: the SQL over the term index (migration 090) and, while that index is still
 * being built over older messages, over the messages themselves.
 *
 * A keyword is looked up by one term (its single character, or its rarest bigram, the others
 * required present) in each of the user's conversations, newest first, from the index alone;
 * only the newest candidates over all of them are opened and checked against the message's
 * searchable text and the user's window of the conversation (not before a clear, not after
 * leaving, not deleted for them, not revoked, not admin-only for members). A common word costs
 * a page of index entries per conversation, never all of its matches.
 */
import { MsgType } from '../../../types/chat.js'
import type { SearchFilter } from '../../../types/messageOps.js'
import type { Queryable } from '../db/Db.js'
import type { MessageRow } from '../domain/messages.js'
import { MESSAGE_SELECT } from './messages/rows.js'

/** Section 3 "Message type filters": the kinds each filter covers. */
export const FILTER_TYPES: Record<SearchFilter, readonly string[]> = {
  all: [MsgType.Text, MsgType.Face, MsgType.Image, MsgType.Video, MsgType.Audio, MsgType.File, MsgType.Location, MsgType.Merger, MsgType.Custom],
  text: [MsgType.Text],
  file: [MsgType.File],
  media: [MsgType.Image, MsgType.Video],
  other: [MsgType.Audio, MsgType.Location, MsgType.Custom, MsgType.Merger],
}

/** A LIKE pattern that matches `keyword` literally anywhere, in the lower case the index holds. */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Where a page ends: the last match's time (microseconds since 1970), channel and sequence. */
export interface SearchCursor {
  micros: string
  channelId: string
  seq: number
}

export const encodeCursor = (c: SearchCursor) => `${c.micros}|${c.channelId}|${c.seq}`
export function decodeCursor(text: string | undefined): SearchCursor | null {
  if (!text) return null
  const [micros, channelId, seq] = text.split('|')
  return { micros: micros!, channelId: channelId!, seq: Number(seq) }
}

export type SearchRow = MessageRow & { micros: string }

/** Whether every message stored before migration 090 is in the term index. */
export async function termIndexReady(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ done: boolean }>('SELECT done FROM message_terms_build')
  return rows[0]?.done ?? false
}

/** How a keyword is looked up: by its rarest term, with its other bigrams present too. */
export interface KeywordTerms {
  driver: string
  others: string[]
  /** The keyword is that one term: every entry is a match, the text needs no check. */
  exact: boolean
}

/**
 * The term a keyword is looked up by: the rarest of its bigrams (counted up to a bound in the
 * index), or its one character; null for a keyword of white space only. 'building' while the
 * index does not hold every message yet.
 */
export async function keywordTerms(q: Queryable, keyword: string): Promise<KeywordTerms | null | 'building'> {
  const { rows } = await q.query<{ ready: boolean; driver: string | null; terms: string[]; exact: boolean }>(
    `WITH k AS (SELECT im_search_keyword_terms($1) AS terms)
     SELECT (SELECT done FROM message_terms_build) AS ready,
            (SELECT t FROM unnest(k.terms) t
             ORDER BY CASE WHEN cardinality(k.terms) = 1 THEN 0
                           ELSE (SELECT count(*) FROM (SELECT 1 FROM message_terms mt WHERE mt.term = t LIMIT 5000) c) END, t
             LIMIT 1) AS driver,
            k.terms, lower($1) = ANY (k.terms) AS exact
     FROM k`,
    [keyword],
  )
  const row = rows[0]
  if (!row?.ready) return 'building'
  if (!row.driver) return null
  return { driver: row.driver, others: row.terms.filter((t) => t !== row.driver), exact: row.exact }
}

/** The user's conversations to search ($1 the user, $5 one conversation or null), with their window. */
const MINE = `SELECT uc.channel_id, uc.conversation_id, uc.cleared_seq, uc.end_seq,
         COALESCE((SELECT gm.identity FROM group_members gm WHERE uc.conversation_id LIKE 'GROUP%'
                     AND gm.group_id = substr(uc.conversation_id, 6) AND gm.wt_id = uc.wt_id AND gm.left_at IS NULL), 0) AS identity
  FROM user_conversations uc WHERE uc.wt_id = $1 AND ($5::text IS NULL OR uc.conversation_id = $5)`

/** Message `m` is in conversation `c`'s window for user $1, not revoked, not deleted for them. */
const VISIBLE = `m.seq > c.cleared_seq AND (c.end_seq IS NULL OR m.seq <= c.end_seq) AND NOT m.is_revoked
      AND (m.visible_identity = 0 OR m.visible_to = $1 OR m.visible_identity <= c.identity)
      AND NOT EXISTS (SELECT 1 FROM message_deletions d WHERE d.wt_id = $1 AND d.channel_id = m.channel_id AND d.seq = m.seq)`

/**
 * Queued messages (stored, not indexed yet) of the user's conversations `c` that hold pattern
 * `$p` and that the user may see: search reads them as they are, so a message is found at once.
 */
const fresh = (p: string) => `SELECT m.channel_id, m.seq, m.created_at AS at, c.cleared_seq, c.end_seq, c.identity
    FROM message_terms_pending q JOIN c ON c.channel_id = q.channel_id
    JOIN messages m ON m.channel_id = q.channel_id AND m.seq = q.seq
    WHERE ${VISIBLE} AND im_search_text(m.type, m.payload) LIKE ${p}`

/** The term's entry for the message in the same row `t`: it has the other terms of the keyword ($3) too. */
const HAS_OTHERS = `(cardinality($3::text[]) = 0 OR cardinality($3::text[]) =
             (SELECT count(*) FROM message_terms o WHERE o.term = ANY ($3::text[]) AND o.channel_id = t.channel_id AND o.seq = t.seq))`

/**
 * One round of a search over the index: $1 user, $2 driving term, $3 the other terms, $4 the
 * candidates to take, $5 conversation, $6-$8 the cursor (time in microseconds, channel,
 * sequence), $9 kinds, $10 before this sequence, $11 the pattern to check the indexed ones by
 * (null: the term is the keyword), $12 the pattern.
 *
 * Each conversation gives its newest entries of the term (from the index alone, time included),
 * the queued messages that match join them; the newest $4 of them all are the candidates, in
 * the results' order. Only those are opened: each comes back with its message when it is one
 * the user may see and it holds the keyword.
 */
const ROUND = `WITH c AS (${MINE}),
  cand AS (
    (SELECT h.channel_id, h.seq, h.at, c.cleared_seq, c.end_seq, c.identity FROM c CROSS JOIN LATERAL (
      SELECT t.channel_id, t.seq, t.at FROM message_terms t
      WHERE t.term = $2 AND t.channel_id = c.channel_id AND t.seq > c.cleared_seq AND (c.end_seq IS NULL OR t.seq <= c.end_seq)
        AND ($10::bigint IS NULL OR t.seq < $10)
        AND ($6::bigint IS NULL OR (t.at, t.channel_id, t.seq) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::text, $8::bigint))
        AND ${HAS_OTHERS}
      ORDER BY t.seq DESC LIMIT $4) h
    UNION
    SELECT f.* FROM (${fresh('$12')}) f
    WHERE ($10::bigint IS NULL OR f.seq < $10)
      AND ($6::bigint IS NULL OR (f.at, f.channel_id, f.seq) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::text, $8::bigint)))
    ORDER BY at DESC, channel_id DESC, seq DESC LIMIT $4)
  SELECT x.*, cand.channel_id AS cand_channel, cand.seq::int AS cand_seq,
         (extract(epoch FROM cand.at) * 1000000)::bigint::text AS micros
  FROM cand LEFT JOIN LATERAL (
    ${MESSAGE_SELECT}
    CROSS JOIN (SELECT cand.cleared_seq, cand.end_seq, cand.identity) c
    WHERE m.channel_id = cand.channel_id AND m.seq = cand.seq AND ${VISIBLE} AND m.type = ANY ($9::text[])
      AND ($11::text IS NULL OR im_search_text(m.type, m.payload) LIKE $11)) x ON true
  ORDER BY cand.at DESC, cand.channel_id DESC, cand.seq DESC`

/**
 * The same answer read from the messages, for a database whose older messages are not indexed
 * yet ($1 user, $2 null: no term, $3 pattern, $4 limit, $5 conversation, $6-$8 cursor, $9 kinds, $10 before).
 */
const BY_SCAN = `WITH hits AS (
    SELECT h.channel_id, h.seq, h.created_at FROM (${MINE}) c CROSS JOIN LATERAL (
      SELECT m.channel_id, m.seq, m.created_at FROM messages m
      WHERE $2::text IS NULL AND m.channel_id = c.channel_id AND ${VISIBLE} AND m.type = ANY ($9::text[])
        AND im_search_text(m.type, m.payload) LIKE $3 AND ($10::bigint IS NULL OR m.seq < $10)
        AND ($6::bigint IS NULL OR (m.created_at, m.channel_id, m.seq) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::text, $8::bigint))
      ORDER BY m.seq DESC LIMIT $4) h
    ORDER BY h.created_at DESC, h.channel_id DESC, h.seq DESC LIMIT $4)
  SELECT x.*, x.channel_id AS cand_channel, x.seq AS cand_seq, (extract(epoch FROM x.created_at) * 1000000)::bigint::text AS micros
  FROM (${MESSAGE_SELECT} JOIN hits h ON h.channel_id = m.channel_id AND h.seq = m.seq) x
  ORDER BY x.created_at DESC, x.channel_id DESC, x.seq DESC`

export interface MatchQuery {
  me: string
  keyword: string
  /** Matches wanted: a page and one more, to know whether there is a next page. */
  limit: number
  conversationID: string | null
  cursor: SearchCursor | null
  types: readonly string[]
  beforeSeq: number | null
}

type RoundRow = MessageRow & { cand_channel: string; cand_seq: number; micros: string }

/**
 * The newest matches of a keyword over the user's conversations (or one of them), after the
 * cursor. Over the index, candidates come in rounds of twice the wanted count; a round that does
 * not fill the page (entries of messages deleted for the user, or not holding a longer keyword)
 * is followed by the next, after its last candidate.
 */
export async function findMatches(q: Queryable, m: MatchQuery): Promise<SearchRow[]> {
  const pattern = containsPattern(m.keyword.toLowerCase())
  const at = (c: SearchCursor | null) => [c?.micros ?? null, c?.channelId ?? null, c?.seq ?? null]
  // Planned per call: a generic plan cannot know how common the term is or how many conversations there are.
  const terms = await keywordTerms(q, m.keyword)
  if (terms === 'building') {
    const { rows } = await q.query<RoundRow>(BY_SCAN, [m.me, null, pattern, m.limit, m.conversationID, ...at(m.cursor), m.types, m.beforeSeq], { planPerCall: true })
    return rows
  }
  if (!terms) return []
  const found: SearchRow[] = []
  const take = m.limit * 2
  let cursor = m.cursor
  for (;;) {
    const params = [m.me, terms.driver, terms.others, take, m.conversationID, ...at(cursor), m.types, m.beforeSeq, terms.exact ? null : pattern, pattern]
    const { rows } = await q.query<RoundRow>(ROUND, params, { planPerCall: true })
    for (const r of rows) if (r.seq !== null && found.length < m.limit) found.push(r)
    const last = rows[rows.length - 1]
    if (found.length >= m.limit || rows.length < take || !last) return found
    cursor = { micros: last.micros, channelId: last.cand_channel, seq: last.cand_seq }
  }
}

/** The plan of findMatches' first round over the index, with its timings (the benchmark prints it). */
export async function explainMatches(q: Queryable, m: MatchQuery): Promise<string[]> {
  const terms = await keywordTerms(q, m.keyword)
  if (!terms || terms === 'building') return []
  const pattern = containsPattern(m.keyword.toLowerCase())
  const params = [m.me, terms.driver, terms.others, m.limit * 2, m.conversationID, null, null, null, m.types, m.beforeSeq, terms.exact ? null : pattern, pattern]
  const { rows } = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${ROUND}`, params, { planPerCall: true })
  return rows.map((r) => r['QUERY PLAN'])
}

/**
 * The conversations holding matches ($1 user, $2 term, $3 other terms, $4 conversations wanted,
 * $5 null, $6 the pattern to check indexed ones by or null, $7 the pattern): each conversation's
 * newest match, the newest conversations first, and for those the matches counted up to 101
 * (and the queued ones).
 */
const CONVERSATIONS = `WITH c AS (${MINE}),
  f AS (${fresh('$7')}),
  found AS (
    SELECT c.*, h.seq, h.at FROM c CROSS JOIN LATERAL (
      SELECT x.seq, x.at FROM (
        (SELECT t.seq, t.at FROM message_terms t JOIN messages m ON m.channel_id = t.channel_id AND m.seq = t.seq
         WHERE t.term = $2 AND t.channel_id = c.channel_id AND t.seq > c.cleared_seq AND (c.end_seq IS NULL OR t.seq <= c.end_seq)
           AND ${HAS_OTHERS} AND ${VISIBLE} AND ($6::text IS NULL OR im_search_text(m.type, m.payload) LIKE $6)
         ORDER BY t.seq DESC LIMIT 1)
        UNION ALL
        SELECT f.seq, f.at FROM f WHERE f.channel_id = c.channel_id) x
      ORDER BY x.seq DESC LIMIT 1) h
    ORDER BY h.at DESC LIMIT $4)
  SELECT c.conversation_id, c.channel_id, c.seq::int AS seq,
         (SELECT count(*)::int FROM (
            SELECT 1 FROM message_terms t JOIN messages m ON m.channel_id = t.channel_id AND m.seq = t.seq
            WHERE t.term = $2 AND t.channel_id = c.channel_id AND t.seq > c.cleared_seq AND t.seq <= c.seq
              AND ${HAS_OTHERS} AND ${VISIBLE} AND ($6::text IS NULL OR im_search_text(m.type, m.payload) LIKE $6)
            LIMIT 101) n)
         + (SELECT count(*)::int FROM f WHERE f.channel_id = c.channel_id
              AND NOT EXISTS (SELECT 1 FROM message_terms t WHERE t.term = $2 AND t.channel_id = f.channel_id AND t.seq = f.seq)) AS count
  FROM found c ORDER BY c.at DESC`

export interface ConversationMatches {
  conversationID: string
  /** Counted up to 101. */
  count: number
  latest: MessageRow
}

/**
 * The user's conversations holding matches of a keyword, the one with the newest match first:
 * at most `limit` (and one more, to say there are more), each with its matches counted up to
 * 101 and its newest match. While the index is being built they are made from the newest 200
 * matches instead.
 */
export async function findConversations(q: Queryable, me: string, keyword: string, limit: number): Promise<ConversationMatches[]> {
  const terms = await keywordTerms(q, keyword)
  if (!terms) return []
  if (terms === 'building') {
    const rows = await findMatches(q, { me, keyword, limit: 200, conversationID: null, cursor: null, types: FILTER_TYPES.all, beforeSeq: null })
    const byChannel = new Map<string, { count: number; latest: MessageRow }>()
    for (const r of rows) {
      const seen = byChannel.get(r.channel_id)
      if (seen) seen.count++
      else byChannel.set(r.channel_id, { count: 1, latest: r })
    }
    const { rows: ids } = await q.query<{ channel_id: string; conversation_id: string }>(
      'SELECT channel_id, conversation_id FROM user_conversations WHERE wt_id = $1 AND channel_id = ANY ($2::text[])',
      [me, [...byChannel.keys()]],
    )
    const conv = new Map(ids.map((r) => [r.channel_id, r.conversation_id]))
    return [...byChannel].slice(0, limit + 1).map(([channel, v]) => ({ conversationID: conv.get(channel)!, ...v }))
  }
  const pattern = terms.exact ? null : containsPattern(keyword.toLowerCase())
  const { rows } = await q.query<{ conversation_id: string; channel_id: string; seq: number; count: number }>(
    CONVERSATIONS,
    [me, terms.driver, terms.others, limit + 1, null, pattern, containsPattern(keyword.toLowerCase())],
    { planPerCall: true },
  )
  if (rows.length === 0) return []
  const { rows: latest } = await q.query<MessageRow>(
    `${MESSAGE_SELECT} JOIN unnest($1::text[], $2::bigint[]) AS k(channel_id, seq) ON k.channel_id = m.channel_id AND k.seq = m.seq`,
    [rows.map((r) => r.channel_id), rows.map((r) => r.seq)],
  )
  const byKey = new Map(latest.map((r) => [`${r.channel_id}|${r.seq}`, r]))
  return rows.map((r) => ({ conversationID: r.conversation_id, count: r.count, latest: byKey.get(`${r.channel_id}|${r.seq}`)! }))
}

/** A conversation window: messages of one conversation by type, newest first ($1 user, $5 conversation). */
export async function findByType(q: Queryable, me: string, conversationID: string, types: readonly string[], beforeSeq: number | null, limit: number) {
  const { rows } = await q.query<MessageRow>(
    `WITH hits AS (SELECT m.channel_id, m.seq FROM (${MINE}) c JOIN LATERAL (
       SELECT m.channel_id, m.seq FROM messages m
       WHERE m.channel_id = c.channel_id AND ${VISIBLE} AND m.type = ANY($2::text[]) AND ($3::bigint IS NULL OR m.seq < $3)
       ORDER BY m.seq DESC LIMIT $4) m ON true)
     ${MESSAGE_SELECT} JOIN hits h ON h.channel_id = m.channel_id AND h.seq = m.seq ORDER BY m.seq DESC`,
    [me, types, beforeSeq, limit, conversationID],
  )
  return rows
}

export interface BuildStep {
  /** Messages read in this step. */
  read: number
  done: boolean
}

/**
 * Indexes the next `batch` messages (in key order) stored before migration 090, in the caller's
 * transaction; the row lock on the cursor keeps two servers from doing the same batch. Messages
 * stored meanwhile are already indexed by the trigger, so their terms are skipped as duplicates.
 */
export async function buildTermsStep(q: Queryable, batch: number): Promise<BuildStep> {
  const { rows } = await q.query<{ read: number; done: boolean }>(
    `WITH cur AS (SELECT after_channel, after_seq, done FROM message_terms_build FOR UPDATE),
     b AS (SELECT m.channel_id, m.seq, m.type, m.payload, m.is_revoked, m.created_at FROM cur, messages m
           WHERE NOT cur.done AND (m.channel_id, m.seq) > (cur.after_channel, cur.after_seq)
           ORDER BY m.channel_id, m.seq LIMIT $1),
     ins AS (INSERT INTO message_terms (term, channel_id, seq, at)
             SELECT t, b.channel_id, b.seq, b.created_at FROM b, unnest(im_search_terms(im_search_text(b.type, b.payload))) t WHERE NOT b.is_revoked
             ON CONFLICT DO NOTHING),
     last AS (SELECT b.channel_id, b.seq FROM b ORDER BY b.channel_id DESC, b.seq DESC LIMIT 1),
     n AS (SELECT count(*)::int AS read FROM b)
     UPDATE message_terms_build SET
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
 * Indexes up to `batch` queued messages (stored since migration 090), in the caller's
 * transaction, and takes them off the queue; a revoked one gets no terms. Rows another server
 * has taken are skipped, so several can index at once. Answers how many were taken.
 */
export async function indexQueuedStep(q: Queryable, batch: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH p AS (
       DELETE FROM message_terms_pending WHERE ctid = ANY (ARRAY(SELECT ctid FROM message_terms_pending LIMIT $1 FOR UPDATE SKIP LOCKED))
       RETURNING channel_id, seq),
     ins AS (
       INSERT INTO message_terms (term, channel_id, seq, at)
       SELECT t, m.channel_id, m.seq, m.created_at FROM p JOIN messages m ON m.channel_id = p.channel_id AND m.seq = p.seq,
              unnest(im_search_terms(im_search_text(m.type, m.payload))) t
       WHERE NOT m.is_revoked
       ORDER BY 1, 2, 3
       ON CONFLICT DO NOTHING)
     SELECT count(*)::int AS n FROM p`,
    [batch],
  )
  return rows[0]?.n ?? 0
}

/** Starts the build over again (an operator's rebuild, and the tests of the build). */
export async function restartTermsBuild(q: Queryable): Promise<void> {
  await q.query(`UPDATE message_terms_build SET after_channel = '', after_seq = 0, done = FALSE, indexed = 0, started_at = now(), finished_at = NULL`)
}
