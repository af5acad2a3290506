/**
 * Message search: the SQL over the search blocks (migration 170) and the messages not in a block
 * yet.
 *
 * A keyword's terms (domain/searchKeys.ts) are looked up in the blocks' GIN index together with
 * the keys of a span of hours, newest span first (SPANS); when that fills no page, a rare keyword
 * (in fewer than RARE_BLOCKS blocks) reads everything older in one round, a common one the older
 * spans, then everything older. A round opens the messages of the blocks found that were stored
 * in its span, and of each of the user's conversations the messages above its newest block
 * stored in it, and checks each against the keyword and the user's window of the conversation
 * (not before a clear, not after leaving, not deleted for them, not revoked, not admin-only for
 * members); a round that fills the page ends the search. A common word fills it from its first
 * hours, a rare one has few blocks to read: neither reads every match of a common word.
 */
import { MsgType } from '../../../types/chat.js'
import type { SearchFilter } from '../../../types/messageOps.js'
import type { Db, Queryable } from '../db/Db.js'
import type { MessageRow } from '../domain/messages.js'
import { channelKey, hourKey, hourOf, keywordLookup, type KeywordLookup } from '../domain/searchKeys.js'
import { MESSAGE_SELECT } from './messages/rows.js'

/** Section 3 "Message type filters": the kinds each filter covers. */
export const FILTER_TYPES: Record<SearchFilter, readonly string[]> = {
  all: [MsgType.Text, MsgType.Face, MsgType.Image, MsgType.Video, MsgType.Audio, MsgType.File, MsgType.Location, MsgType.Merger, MsgType.Custom],
  text: [MsgType.Text],
  file: [MsgType.File],
  media: [MsgType.Image, MsgType.Video],
  other: [MsgType.Audio, MsgType.Location, MsgType.Custom, MsgType.Merger],
}

/** A LIKE pattern that matches `keyword` literally anywhere, in the lower case search compares in. */
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

/** The user's conversations to search ($1 the user, $5 one conversation or null), with their window. */
const MINE = `SELECT uc.channel_id, uc.conversation_id, uc.cleared_seq, uc.end_seq,
         COALESCE((SELECT gm.identity FROM group_members gm WHERE uc.conversation_id LIKE 'GROUP%'
                     AND gm.group_id = substr(uc.conversation_id, 6) AND gm.wt_id = uc.wt_id AND gm.left_at IS NULL), 0) AS identity
  FROM user_conversations uc WHERE uc.wt_id = $1 AND ($5::text IS NULL OR uc.conversation_id = $5)`

/**
 * MINE with each conversation's watermark: the last sequence of its channel's newest search block
 * (0 for none); the messages above it are read from the messages themselves.
 */
const MINE_MARKED = `SELECT x.*, COALESCE((SELECT b.last_seq FROM message_search_blocks b WHERE b.channel_id = x.channel_id ORDER BY b.first_seq DESC LIMIT 1), 0) AS mark
  FROM (${MINE}) x`

/** Message `m` is in conversation `c`'s window for user $1, not revoked, not deleted for them. */
const VISIBLE = `m.seq > c.cleared_seq AND (c.end_seq IS NULL OR m.seq <= c.end_seq) AND NOT m.is_revoked
      AND (m.visible_identity = 0 OR m.visible_to = $1 OR m.visible_identity <= c.identity)
      AND NOT EXISTS (SELECT 1 FROM message_deletions d WHERE d.wt_id = $1 AND d.channel_id = m.channel_id AND d.seq = m.seq)`

/** Before the cursor $6-$8 (time in microseconds, channel, sequence), when there is one. */
const BEFORE_CURSOR = `($6::bigint IS NULL OR (m.created_at, m.channel_id, m.seq) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::text, $8::bigint))`

/**
 * The hours a round reads, counted back from the anchor, newest first; the last round reads every
 * hour before the others. The first also reads the next day's, for a database whose clock is
 * ahead of the server's.
 */
const SPANS: ReadonlyArray<[newest: number, oldest: number]> = [
  [-24, 1],
  [2, 3],
  [4, 15],
  [16, 63],
  [64, 511],
]

interface Round {
  /** Hour keys to read, or null: every hour before `before`. */
  hours: number[] | null
  /** The round's messages were stored from this second since 1970 (null: any time before `before`)... */
  from: number | null
  /** ...and before this one. */
  before: number
}

/**
 * A keyword whose terms are in fewer blocks than this is rare: its search reads them all in one
 * round (at most some 1,600 messages to check), instead of a round per span of hours.
 */
const RARE_BLOCKS = 200

/** Whether the terms (and the channel's key, when there is one) are in fewer than RARE_BLOCKS blocks. */
async function isRare(q: Queryable, terms: number[], channel: number | null): Promise<boolean> {
  const keys = channel === null ? terms : [...terms, channelKey(channel)]
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM message_search_blocks WHERE keys @> $1::bigint[] LIMIT $2) x', [
    keys,
    RARE_BLOCKS,
  ])
  return rows[0]!.n < RARE_BLOCKS
}

/** The rounds of a common keyword's search whose newest possible match is at `anchorMs`. */
function rounds(anchorMs: number): Round[] {
  const anchor = hourOf(anchorMs)
  const span = ([newest, oldest]: [number, number]): Round => ({
    hours: Array.from({ length: oldest - newest + 1 }, (_, i) => hourKey(anchor - newest - i)),
    from: (anchor - oldest) * 3600,
    before: (anchor - newest + 1) * 3600,
  })
  const last = SPANS[SPANS.length - 1]![1]
  return [...SPANS.map(span), { hours: null, from: null, before: (anchor - last) * 3600 }]
}

/**
 * The rounds of a search, taken one at a time: the newest span first, which fills the page of a
 * common keyword alone; then, for a rare one, a single round over everything older, and for a
 * common one the older spans. Whether it is rare is asked only when the first round fell short.
 */
async function* roundsOf(q: Queryable, terms: number[], channel: number | null, anchorMs: number): AsyncGenerator<Round> {
  const [first, ...older] = rounds(anchorMs)
  yield first!
  if (await isRare(q, terms, channel)) yield { hours: null, from: null, before: first!.from! }
  else yield* older
}

const CANDIDATE = 'm.channel_id, m.seq, m.created_at, m.type, m.payload, m.is_revoked, m.visible_identity, m.visible_to'

/**
 * The candidates of one round in the user's conversations `c` (`terms` the keyword's terms,
 * `hours` hour keys or null, `channel` one channel's key or null, `from` and `before` the span in
 * seconds since 1970, each a parameter): the messages of the blocks holding the terms, found by a
 * GIN scan of the keys alone so the planner cannot walk the conversations message by message
 * instead (adjacent blocks joined into one run), and the messages above each conversation's
 * newest block; both opened by their keys, one run or conversation at a time (OFFSET 0 keeps the
 * planner from joining the whole message table instead), and kept if stored in the span (checked
 * after, or the planner reads the span's every message by the time index).
 */
const candidates = (terms: string, hours: string, channel: string, from: string, before: string) => `found AS MATERIALIZED (
    SELECT b.channel_id, b.first_seq, b.last_seq FROM message_search_blocks b
    WHERE b.keys @> ${terms}::bigint[] AND (${hours}::bigint[] IS NULL OR b.keys && ${hours}::bigint[])
      AND (${channel}::bigint IS NULL OR b.keys @> ARRAY[${channel}::bigint])),
  mine AS (SELECT f.*, lag(f.last_seq) OVER (PARTITION BY f.channel_id ORDER BY f.first_seq) AS prev_last
           FROM found f WHERE f.channel_id IN (SELECT channel_id FROM c)),
  runs AS (SELECT x.*, count(*) FILTER (WHERE x.prev_last IS DISTINCT FROM x.first_seq - 1)
                         OVER (PARTITION BY x.channel_id ORDER BY x.first_seq) AS run FROM mine x),
  blk AS MATERIALIZED (SELECT r.channel_id, min(r.first_seq) AS first_seq, max(r.last_seq) AS last_seq FROM runs r GROUP BY r.channel_id, r.run),
  opened AS MATERIALIZED (
    SELECT t.* FROM blk b CROSS JOIN LATERAL (
      SELECT ${CANDIDATE} FROM messages m WHERE m.channel_id = b.channel_id AND m.seq BETWEEN b.first_seq AND b.last_seq OFFSET 0) t
    UNION ALL
    SELECT t.* FROM c CROSS JOIN LATERAL (SELECT ${CANDIDATE} FROM messages m WHERE m.channel_id = c.channel_id AND m.seq > c.mark OFFSET 0) t),
  cand AS (
    SELECT * FROM opened m WHERE (${from}::bigint IS NULL OR m.created_at >= to_timestamp(${from}::bigint)) AND m.created_at < to_timestamp(${before}::bigint))`

/**
 * One round of a search ($1 user, $2 terms, $3 the pattern the text is checked by, $4 matches
 * wanted, $5 conversation, $6-$8 cursor, $9 kinds, $10 before this sequence, $11 hour keys, $12
 * channel key, $13-$14 the span): the newest candidates the user may see that hold the keyword,
 * with their messages.
 */
const ROUND = `WITH c AS MATERIALIZED (${MINE_MARKED}), ${candidates('$2', '$11', '$12', '$13', '$14')},
  hit AS (
    SELECT m.channel_id, m.seq, m.created_at FROM cand m JOIN c ON c.channel_id = m.channel_id
    WHERE ${VISIBLE} AND m.type = ANY ($9::text[]) AND ($10::bigint IS NULL OR m.seq < $10) AND ${BEFORE_CURSOR}
      AND im_search_text(m.type, m.payload) LIKE $3
    ORDER BY m.created_at DESC, m.channel_id DESC, m.seq DESC LIMIT $4)
  SELECT x.*, (extract(epoch FROM x.created_at) * 1000000)::bigint::text AS micros
  FROM (${MESSAGE_SELECT} JOIN hit h ON h.channel_id = m.channel_id AND h.seq = m.seq) x
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

/** The number of the user's conversation's channel, for its key (null: not theirs, nothing to find). */
async function channelOf(q: Queryable, me: string, conversationID: string): Promise<number | null> {
  const { rows } = await q.query<{ search_id: string }>(
    'SELECT c.search_id::text FROM user_conversations uc JOIN channels c ON c.channel_id = uc.channel_id WHERE uc.wt_id = $1 AND uc.conversation_id = $2',
    [me, conversationID],
  )
  return rows[0] ? Number(rows[0].search_id) : null
}

const anchorOf = (cursor: SearchCursor | null) => (cursor ? Number(BigInt(cursor.micros) / 1000n) : Date.now())

function roundParams(m: MatchQuery, k: KeywordLookup, round: Round, channel: number | null, want: number) {
  const c = m.cursor
  const pattern = containsPattern(m.keyword.toLowerCase())
  return [m.me, k.terms, pattern, want, m.conversationID, c?.micros ?? null, c?.channelId ?? null, c?.seq ?? null, m.types, m.beforeSeq, round.hours, channel === null ? null : channelKey(channel), round.from, round.before]
}

/**
 * Runs a search's statements in a transaction that plans them without sequential scans and
 * without JIT compilation. The terms of a common keyword are in most blocks, and the planner,
 * seeing that, reads the whole table instead of the index; but a block's keys are stored out of
 * line, and reading every one took 300 ms where the index's exact answer takes a few. And the
 * messages above the watermarks are a few, but the planner cannot know it and estimates enough
 * of them to compile the statement first: 95 ms of a 107 ms round (bench/message-search).
 */
function byIndex<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return db.tx(async (q) => {
    await q.query('SET LOCAL enable_seqscan = off')
    if (db.kind === 'postgres') await q.query('SET LOCAL jit = off')
    return fn(q)
  })
}

/**
 * The newest matches of a keyword over the user's conversations (or one of them), after the
 * cursor, read round by round from the newest hours back until the page is full.
 */
export async function findMatches(db: Db, m: MatchQuery): Promise<SearchRow[]> {
  const k = keywordLookup(m.keyword)
  if (!k) return []
  return byIndex(db, async (q) => {
    const channel = m.conversationID ? await channelOf(q, m.me, m.conversationID) : null
    if (m.conversationID && channel === null) return []
    const found: SearchRow[] = []
    for await (const round of roundsOf(q, k.terms, channel, anchorOf(m.cursor))) {
      // Planned per call: a generic plan cannot know how common the terms are.
      const { rows } = await q.query<SearchRow>(ROUND, roundParams(m, k, round, channel, m.limit - found.length), { planPerCall: true })
      found.push(...rows)
      if (found.length >= m.limit) break
    }
    return found
  })
}

/** The plan of one of findMatches' rounds (the first unless told), with its timings (the benchmark prints it). */
export async function explainMatches(db: Db, m: MatchQuery, round = 0): Promise<string[]> {
  const k = keywordLookup(m.keyword)
  if (!k) return []
  const which = rounds(anchorOf(m.cursor))[round]!
  return byIndex(db, async (q) => {
    const { rows } = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${ROUND}`, roundParams(m, k, which, null, m.limit), { planPerCall: true })
    return rows.map((r) => r['QUERY PLAN'])
  })
}

/**
 * One round of the conversations holding matches ($1 user, $2 terms, $3 pattern, $4 hour keys, $5
 * null, $6-$7 the span): each conversation's newest match in those hours.
 */
const CONVERSATIONS_ROUND = `WITH c AS MATERIALIZED (${MINE_MARKED}), ${candidates('$2', '$4', 'NULL', '$6', '$7')}
  SELECT DISTINCT ON (m.channel_id) m.channel_id, c.conversation_id, m.seq::int AS seq, m.created_at
  FROM cand m JOIN c ON c.channel_id = m.channel_id
  WHERE ${VISIBLE} AND im_search_text(m.type, m.payload) LIKE $3
  ORDER BY m.channel_id, m.created_at DESC, m.seq DESC`

/** The matches of each conversation of $2 (channels), counted up to 101 ($3 terms, $4 pattern). */
const COUNTS = `WITH c AS MATERIALIZED (
    SELECT x.*, ch.search_id FROM (${MINE_MARKED.replace('$5::text IS NULL OR uc.conversation_id = $5', 'uc.channel_id = ANY ($2::text[])')}) x
    JOIN channels ch ON ch.channel_id = x.channel_id)
  SELECT c.channel_id, (SELECT count(*)::int FROM (
      SELECT 1 FROM (
        SELECT ${CANDIDATE} FROM message_search_blocks b
        JOIN messages m ON m.channel_id = b.channel_id AND m.seq BETWEEN b.first_seq AND b.last_seq
        WHERE b.keys @> ($3::bigint[] || im_search_channel(c.search_id))
        UNION ALL
        SELECT ${CANDIDATE} FROM messages m WHERE m.channel_id = c.channel_id AND m.seq > c.mark) m
      WHERE ${VISIBLE} AND im_search_text(m.type, m.payload) LIKE $4 LIMIT 101) n) AS count
  FROM c`

export interface ConversationMatches {
  conversationID: string
  /** Counted up to 101. */
  count: number
  latest: MessageRow
}

/**
 * The user's conversations holding matches of a keyword, the one with the newest match first:
 * at most `limit` (and one more, to say there are more), each with its matches counted up to
 * 101 and its newest match.
 */
export async function findConversations(db: Db, me: string, keyword: string, limit: number): Promise<ConversationMatches[]> {
  const k = keywordLookup(keyword)
  if (!k) return []
  return byIndex(db, (q) => conversationsWith(q, me, k, keyword, limit))
}

async function conversationsWith(q: Queryable, me: string, k: KeywordLookup, keyword: string, limit: number): Promise<ConversationMatches[]> {
  const pattern = containsPattern(keyword.toLowerCase())
  const found = new Map<string, { conversation_id: string; seq: number; created_at: Date }>()
  for await (const round of roundsOf(q, k.terms, null, Date.now())) {
    const params = [me, k.terms, pattern, round.hours, null, round.from, round.before]
    const { rows } = await q.query<{ channel_id: string; conversation_id: string; seq: number; created_at: Date }>(CONVERSATIONS_ROUND, params, { planPerCall: true })
    rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
    for (const r of rows) if (!found.has(r.channel_id)) found.set(r.channel_id, r)
    if (found.size > limit) break
  }
  const kept = [...found].slice(0, limit + 1)
  if (kept.length === 0) return []
  const channels = kept.map(([channel]) => channel)
  const { rows: counts } = await q.query<{ channel_id: string; count: number }>(COUNTS, [me, channels, k.terms, pattern])
  const { rows: latest } = await q.query<MessageRow>(
    `${MESSAGE_SELECT} JOIN unnest($1::text[], $2::bigint[]) AS k(channel_id, seq) ON k.channel_id = m.channel_id AND k.seq = m.seq`,
    [channels, kept.map(([, r]) => r.seq)],
  )
  const countOf = new Map(counts.map((r) => [r.channel_id, r.count]))
  const byKey = new Map(latest.map((r) => [`${r.channel_id}|${r.seq}`, r]))
  return kept.map(([channel, r]) => ({ conversationID: r.conversation_id, count: countOf.get(channel) ?? 1, latest: byKey.get(`${channel}|${r.seq}`)! }))
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
