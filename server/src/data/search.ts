/**
 * Message search: the SQL over the messages' search keys (migration 160) and, while older
 * messages still lack theirs, over the messages themselves.
 *
 * A keyword's terms (domain/searchKeys.ts) are looked up in the GIN index together with the keys
 * of a span of hours, newest span first: the newest 8 hours, then the 56 before them, then the
 * 448 before those, then everything older. Each round's candidates are opened and checked
 * against the keyword and the user's window of the conversation (not before a clear, not after
 * leaving, not deleted for them, not revoked, not admin-only for members); a round that fills the
 * page ends the search. A common word fills it from its first hours, a rare one has few matches
 * to read: neither reads every match of a common word.
 */
import { MsgType } from '../../../types/chat.js'
import type { SearchFilter } from '../../../types/messageOps.js'
import type { Queryable } from '../db/Db.js'
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

/** Whether every message stored before migration 160 has its search keys. */
export async function searchKeysReady(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ done: boolean }>('SELECT done FROM message_search_build')
  return rows[0]?.done ?? false
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

/** Before the cursor $6-$8 (time in microseconds, channel, sequence), when there is one. */
const BEFORE_CURSOR = `($6::bigint IS NULL OR (m.created_at, m.channel_id, m.seq) < ('epoch'::timestamptz + $6::bigint * interval '1 microsecond', $7::text, $8::bigint))`

/**
 * The hours a round reads, counted back from the anchor, newest first; the last round reads every
 * hour before the others. The first also reads the next day's, for a database whose clock is
 * ahead of the server's.
 */
const SPANS: ReadonlyArray<[newest: number, oldest: number]> = [
  [-24, 7],
  [8, 63],
  [64, 511],
]

interface Round {
  /** Hour keys to read, or null: every hour before `olderThan`. */
  hours: number[] | null
  /** Seconds since 1970 that the last round's messages are older than. */
  olderThan: number | null
}

/** The rounds of a search whose newest possible match is at `anchorMs`. */
function rounds(anchorMs: number): Round[] {
  const anchor = hourOf(anchorMs)
  const span = ([newest, oldest]: [number, number]) => Array.from({ length: oldest - newest + 1 }, (_, i) => hourKey(anchor - newest - i))
  const last = SPANS[SPANS.length - 1]![1]
  return [...SPANS.map((s) => ({ hours: span(s), olderThan: null })), { hours: null, olderThan: (anchor - last) * 3600 }]
}

/**
 * The candidates of one round (`terms` the keyword's terms, `hours` hour keys or null, `channel`
 * one channel's key or null, `older` seconds the messages are older than or null, each a
 * parameter): a GIN scan of the keys alone, so the planner cannot walk the user's conversations
 * message by message instead.
 */
const candidates = (terms: string, hours: string, channel: string, older: string) => `cand AS MATERIALIZED (
    SELECT m.channel_id, m.seq, m.created_at, m.type, m.payload, m.is_revoked, m.visible_identity, m.visible_to FROM messages m
    WHERE m.search_keys @> ${terms}::bigint[] AND (${hours}::bigint[] IS NULL OR m.search_keys && ${hours}::bigint[])
      AND (${channel}::bigint IS NULL OR m.search_keys @> ARRAY[${channel}::bigint])
      AND (${older}::bigint IS NULL OR m.created_at < to_timestamp(${older}::bigint)))`

/**
 * One round of a search ($1 user, $2 terms, $3 the pattern the text is checked by or null, $4
 * matches wanted, $5 conversation, $6-$8 cursor, $9 kinds, $10 before this sequence, $11 hour
 * keys, $12 channel key, $13 older than): the newest candidates the user may see that hold the
 * keyword, with their messages.
 */
const ROUND = `WITH c AS MATERIALIZED (${MINE}), ${candidates('$2', '$11', '$12', '$13')},
  hit AS (
    SELECT m.channel_id, m.seq, m.created_at FROM cand m JOIN c ON c.channel_id = m.channel_id
    WHERE ${VISIBLE} AND m.type = ANY ($9::text[]) AND ($10::bigint IS NULL OR m.seq < $10) AND ${BEFORE_CURSOR}
      AND ($3::text IS NULL OR im_search_text(m.type, m.payload) LIKE $3)
    ORDER BY m.created_at DESC, m.channel_id DESC, m.seq DESC LIMIT $4)
  SELECT x.*, (extract(epoch FROM x.created_at) * 1000000)::bigint::text AS micros
  FROM (${MESSAGE_SELECT} JOIN hit h ON h.channel_id = m.channel_id AND h.seq = m.seq) x
  ORDER BY x.created_at DESC, x.channel_id DESC, x.seq DESC`

/**
 * The same answer read from the messages, for a database whose older messages have no keys yet
 * ($1 user, $2 pattern, $3 kinds, $4 limit, $5 conversation, $6-$8 cursor, $9 before).
 */
const BY_SCAN = `WITH hits AS (
    SELECT h.channel_id, h.seq, h.created_at FROM (${MINE}) c CROSS JOIN LATERAL (
      SELECT m.channel_id, m.seq, m.created_at FROM messages m
      WHERE m.channel_id = c.channel_id AND ${VISIBLE} AND m.type = ANY ($3::text[])
        AND im_search_text(m.type, m.payload) LIKE $2 AND ($9::bigint IS NULL OR m.seq < $9) AND ${BEFORE_CURSOR}
      ORDER BY m.seq DESC LIMIT $4) h
    ORDER BY h.created_at DESC, h.channel_id DESC, h.seq DESC LIMIT $4)
  SELECT x.*, (extract(epoch FROM x.created_at) * 1000000)::bigint::text AS micros
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
  const pattern = k.exact ? null : containsPattern(m.keyword.toLowerCase())
  return [m.me, k.terms, pattern, want, m.conversationID, c?.micros ?? null, c?.channelId ?? null, c?.seq ?? null, m.types, m.beforeSeq, round.hours, channel === null ? null : channelKey(channel), round.olderThan]
}

/**
 * The newest matches of a keyword over the user's conversations (or one of them), after the
 * cursor, read round by round from the newest hours back until the page is full.
 */
export async function findMatches(q: Queryable, m: MatchQuery): Promise<SearchRow[]> {
  if (!(await searchKeysReady(q))) {
    const c = m.cursor
    const params = [m.me, containsPattern(m.keyword.toLowerCase()), m.types, m.limit, m.conversationID, c?.micros ?? null, c?.channelId ?? null, c?.seq ?? null, m.beforeSeq]
    return (await q.query<SearchRow>(BY_SCAN, params, { planPerCall: true })).rows
  }
  const k = keywordLookup(m.keyword)
  if (!k) return []
  const channel = m.conversationID ? await channelOf(q, m.me, m.conversationID) : null
  if (m.conversationID && channel === null) return []
  const found: SearchRow[] = []
  for (const round of rounds(anchorOf(m.cursor))) {
    // Planned per call: a generic plan cannot know how common the terms are.
    const { rows } = await q.query<SearchRow>(ROUND, roundParams(m, k, round, channel, m.limit - found.length), { planPerCall: true })
    found.push(...rows)
    if (found.length >= m.limit) break
  }
  return found
}

/** The plan of findMatches' first round, with its timings (the benchmark prints it). */
export async function explainMatches(q: Queryable, m: MatchQuery): Promise<string[]> {
  const k = keywordLookup(m.keyword)
  if (!k) return []
  const [first] = rounds(anchorOf(m.cursor))
  const { rows } = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${ROUND}`, roundParams(m, k, first!, null, m.limit), { planPerCall: true })
  return rows.map((r) => r['QUERY PLAN'])
}

/**
 * One round of the conversations holding matches ($1 user, $2 terms, $3 pattern or null, $4 hour
 * keys, $5 null, $6 older than): each conversation's newest match in those hours.
 */
const CONVERSATIONS_ROUND = `WITH c AS MATERIALIZED (${MINE}), ${candidates('$2', '$4', 'NULL', '$6')}
  SELECT DISTINCT ON (m.channel_id) m.channel_id, c.conversation_id, m.seq::int AS seq, m.created_at
  FROM cand m JOIN c ON c.channel_id = m.channel_id
  WHERE ${VISIBLE} AND ($3::text IS NULL OR im_search_text(m.type, m.payload) LIKE $3)
  ORDER BY m.channel_id, m.created_at DESC, m.seq DESC`

/** The matches of each conversation of $2 (channels), counted up to 101 ($3 terms, $4 pattern or null). */
const COUNTS = `WITH c AS MATERIALIZED (
    SELECT x.*, ch.search_id FROM (${MINE.replace('$5::text IS NULL OR uc.conversation_id = $5', 'uc.channel_id = ANY ($2::text[])')}) x
    JOIN channels ch ON ch.channel_id = x.channel_id)
  SELECT c.channel_id, (SELECT count(*)::int FROM (
      SELECT 1 FROM messages m WHERE m.search_keys @> ($3::bigint[] || im_search_channel(c.search_id)) AND ${VISIBLE}
        AND ($4::text IS NULL OR im_search_text(m.type, m.payload) LIKE $4) LIMIT 101) n) AS count
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
 * 101 and its newest match. While older messages lack their keys they are made from the newest
 * 200 matches instead.
 */
export async function findConversations(q: Queryable, me: string, keyword: string, limit: number): Promise<ConversationMatches[]> {
  const k = keywordLookup(keyword)
  if (!k) return []
  if (!(await searchKeysReady(q))) return conversationsFromMatches(q, me, keyword, limit)
  const pattern = k.exact ? null : containsPattern(keyword.toLowerCase())
  const found = new Map<string, { conversation_id: string; seq: number; created_at: Date }>()
  for (const round of rounds(Date.now())) {
    const params = [me, k.terms, pattern, round.hours, null, round.olderThan]
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

async function conversationsFromMatches(q: Queryable, me: string, keyword: string, limit: number): Promise<ConversationMatches[]> {
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
