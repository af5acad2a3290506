/**
 * The message search blocks (migration 170): what the indexer reads to write them, and the
 * writes. A pass reads without a lock and writes in a short transaction that first takes the
 * build row: two servers' indexers never write the same blocks, and a write whose reading is
 * stale (another pass wrote the channel, the build moved on) is dropped and read again later.
 */
import type { Queryable } from '../db/Db.js'
import type { BlockMessage, SearchBlock } from '../domain/searchBlocks.js'

export interface BuildState {
  /** The database's clock when this state was read: where the next live pass starts. */
  at: Date
  /** Where the last live pass started. */
  liveAfter: Date
  /** The build of the messages stored before migration 170 is done. */
  done: boolean
  afterChannel: string
  afterSeq: number
}

const BUILD_STATE = 'SELECT now() AS at, live_after, done, after_channel, after_seq::text FROM message_search_build'

export const readBuildState = (q: Queryable) => buildState(q, BUILD_STATE)

async function buildState(q: Queryable, sql: string): Promise<BuildState> {
  const { rows } = await q.query<{ at: Date; live_after: Date; done: boolean; after_channel: string; after_seq: string }>(sql)
  const r = rows[0]!
  return { at: r.at, liveAfter: r.live_after, done: r.done, afterChannel: r.after_channel, afterSeq: Number(r.after_seq) }
}

type Row = { channel_id: string; seq: string; search_id: string; type: string; payload: unknown; created_at: Date; is_revoked: boolean; mark: string }

const toMessage = (r: Row): BlockMessage => ({
  channelId: r.channel_id,
  seq: Number(r.seq),
  searchId: Number(r.search_id),
  type: r.type,
  payload: r.payload,
  createdAt: r.created_at,
  revoked: r.is_revoked,
  mark: Number(r.mark),
})

/**
 * A message's columns for its block. Its words are found from its payload by the indexer, not by
 * im_search_text: that would run in the database beside the sends, in one statement a pass.
 */
const COLUMNS = 'm.channel_id, m.seq::text, ch.search_id::text, m.type, m.payload, m.created_at, m.is_revoked'

/** A channel's watermark: the last sequence of its newest block, 0 for none. */
const MARK = (channel: string) =>
  `COALESCE((SELECT mb.last_seq FROM message_search_blocks mb WHERE mb.channel_id = ${channel} ORDER BY mb.first_seq DESC LIMIT 1), 0)`

/**
 * The messages stored since `since` (found by the BRIN index on created_at) above their channel's
 * watermark (looked up once a channel, not once a message), each channel's together in sequence
 * order. Channels the build has not passed yet are its own. The channels are in byte order: a
 * pass needs them only grouped, and the database's collation took several microseconds a message.
 */
export async function storedSince(q: Queryable, since: Date, state: BuildState): Promise<BlockMessage[]> {
  const { rows } = await q.query<Row>(
    `WITH fresh AS (SELECT m.channel_id, m.seq, m.type, m.payload, m.created_at, m.is_revoked FROM messages m
                    WHERE m.created_at >= $1 AND ($2 OR m.channel_id < $3)),
          marked AS MATERIALIZED (SELECT f.channel_id, ${MARK('f.channel_id')} AS mark FROM (SELECT DISTINCT channel_id FROM fresh) f)
     SELECT ${COLUMNS}, k.mark::text
     FROM fresh m JOIN marked k ON k.channel_id = m.channel_id AND m.seq > k.mark JOIN channels ch ON ch.channel_id = m.channel_id
     ORDER BY m.channel_id COLLATE "C", m.seq`,
    [since, state.done, state.afterChannel],
  )
  return rows.map(toMessage)
}

/**
 * The messages of each gap given (a channel, its watermark and the first sequence read above it),
 * at most `perChannel` of each: what a send that committed after a pass read its time stored.
 */
export async function gapMessages(q: Queryable, gaps: Array<{ channelId: string; mark: number; before: number }>, perChannel: number): Promise<BlockMessage[]> {
  if (gaps.length === 0) return []
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS}, g.mark::text
     FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS g(channel_id, mark, before)
     JOIN channels ch ON ch.channel_id = g.channel_id
     CROSS JOIN LATERAL (SELECT * FROM messages m WHERE m.channel_id = g.channel_id AND m.seq > g.mark AND m.seq < g.before
                         ORDER BY m.seq LIMIT $4) m
     ORDER BY m.channel_id, m.seq`,
    [gaps.map((g) => g.channelId), gaps.map((g) => g.mark), gaps.map((g) => g.before), perChannel],
  )
  return rows.map(toMessage)
}

/** The next `batch` messages of the build, in key order from its cursor (whose channel's blocks end there). */
export async function nextToBuild(q: Queryable, state: BuildState, batch: number): Promise<BlockMessage[]> {
  const { rows } = await q.query<Row>(
    `SELECT ${COLUMNS}, CASE WHEN m.channel_id = $1 THEN $2 ELSE 0 END::text AS mark
     FROM messages m JOIN channels ch ON ch.channel_id = m.channel_id
     WHERE (m.channel_id, m.seq) > ($1, $2::bigint)
     ORDER BY m.channel_id, m.seq LIMIT $3`,
    [state.afterChannel, state.afterSeq, batch],
  )
  return rows.map(toMessage)
}

/** Takes the build row until the caller's transaction ends, and answers its state. */
export const lockBuild = (q: Queryable) => buildState(q, `${BUILD_STATE} FOR UPDATE`)

/**
 * Stores blocks whose channel's watermark is still the one they were read above: the blocks of
 * a channel another pass has written since are left out. Answers the blocks stored.
 */
export async function insertBlocks(q: Queryable, blocks: SearchBlock[]): Promise<number> {
  if (blocks.length === 0) return 0
  const { rowCount } = await q.query(
    `INSERT INTO message_search_blocks (channel_id, first_seq, last_seq, keys)
     SELECT b.channel_id, b.first_seq, b.last_seq, string_to_array(b.keys, ' ')::bigint[]
     FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[]) AS b(channel_id, first_seq, last_seq, keys, mark)
     WHERE ${MARK('b.channel_id')} = b.mark`,
    [blocks.map((b) => b.channelId), blocks.map((b) => b.firstSeq), blocks.map((b) => b.lastSeq), blocks.map((b) => [...b.keys].join(' ')), blocks.map((b) => b.mark)],
  )
  return rowCount ?? 0
}

export async function setLiveAfter(q: Queryable, at: Date): Promise<void> {
  await q.query('UPDATE message_search_build SET live_after = $1', [at])
}

/** Moves the build's cursor past `read` messages, ending at the key given; done when fewer than a batch were read. */
export async function advanceBuild(q: Queryable, last: { channelId: string; seq: number } | null, read: number, done: boolean): Promise<void> {
  await q.query(
    `UPDATE message_search_build SET after_channel = COALESCE($1, after_channel), after_seq = COALESCE($2, after_seq),
       indexed = indexed + $3, done = $4, finished_at = CASE WHEN $4 THEN now() END`,
    [last?.channelId ?? null, last?.seq ?? null, read, done],
  )
}

/**
 * Merges the blocks the passes appended to the index's pending list into the index proper, so
 * that a search never reads a long list. Answers the pages merged.
 */
export async function mergePendingBlocks(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ pages: string }>(`SELECT gin_clean_pending_list('message_search_blocks_keys'::regclass)::text AS pages`)
  return Number(rows[0]?.pages ?? 0)
}

/** Starts the build over again, from no blocks (an operator's rebuild, the tests and the benchmark). */
export async function restartKeysBuild(q: Queryable): Promise<void> {
  await q.query('TRUNCATE message_search_blocks')
  await q.query(
    `UPDATE message_search_build SET after_channel = '', after_seq = 0, done = NOT EXISTS (SELECT 1 FROM messages), indexed = 0,
       started_at = now(), finished_at = NULL, live_after = now()`,
  )
}

/** Blocks, their keys and their index's size (the benchmark prints them). */
export async function blocksSize(q: Queryable): Promise<{ blocks: number; keys: number; table: number; index: number }> {
  const { rows } = await q.query<{ blocks: string; keys: string; tbl: string; idx: string }>(
    `SELECT count(*)::text AS blocks, COALESCE(sum(cardinality(keys)), 0)::text AS keys,
            pg_table_size('message_search_blocks')::text AS tbl, pg_relation_size('message_search_blocks_keys')::text AS idx
     FROM message_search_blocks`,
  )
  const r = rows[0]!
  return { blocks: Number(r.blocks), keys: Number(r.keys), table: Number(r.tbl), index: Number(r.idx) }
}
