import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGE_MAX_CHARS, MsgType, SendError, type OutgoingMessage } from '../../types/chat.js'
import type { Db, Queryable } from '../src/db/Db.js'
import { loadModeration } from '../src/domain/moderation.js'
import { SendFailure } from '../src/domain/messages.js'
import { sendMessage, type SendContext } from '../src/app/messages/sendMessage.js'
import { MemberListCache } from '../src/domain/groups/memberListCache.js'
import { POSTGRES_GATHER_MS, SendBatcher, sendBatcherFor, storeMessage, type StoreArgs } from '../src/data/messages/sendBatcher.js'
import { BACKENDS, openStorage, type Storage } from './support/server.js'

const text = (conversationID: string, t: string, clientMsgId = randomUUID()): OutgoingMessage =>
  ({ clientMsgId, conversationID, type: MsgType.Text, payload: { text: t }, cloudCustomData: '', atUserList: [], needReadReceipt: false }) as OutgoingMessage

describe.each(BACKENDS)('group commit of sends on %s', (backend) => {
  let storage: Storage
  let ctx: SendContext
  /** Statements that stored messages: batches (with their size) and single sends. */
  let stores: Array<{ kind: 'batch' | 'single'; size: number }>
  /** C2C rule lookups made before storing (none: the storing statement reads them). */
  let ruleLookups = 0
  let userCounter = 0

  beforeAll(async () => {
    storage = await openStorage(backend)
    const db = storage.db
    // The real database, with a look at each storing statement on its way through.
    const spied: Db = {
      ...db,
      async query(sql, params) {
        if (sql.includes('im_send_batch(')) stores.push({ kind: 'batch', size: (JSON.parse(String(params![0])) as unknown[]).length })
        else if (sql.includes('im_send(')) stores.push({ kind: 'single', size: 1 })
        else if (sql.includes('user_blacklist')) ruleLookups += 1
        return db.query(sql, params)
      },
    }
    ctx = { db: spied, moderation: loadModeration(), sends: sendBatcherFor(spied), memberLists: new MemberListCache() }
  })
  afterAll(async () => storage?.close())

  async function users(n: number): Promise<string[]> {
    const ids = Array.from({ length: n }, () => `8${process.pid % 1000}${String(++userCounter).padStart(4, '0')}`)
    for (const id of ids) {
      await storage.db.query(`INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar) VALUES ($1, $2, 'x', $3, '')`, [id, `p${id}`, `n${id}`])
    }
    return ids
  }
  const seqsOf = async (channelId: string) =>
    (await storage.db.query<{ seq: number }>('SELECT seq::int AS seq FROM messages WHERE channel_id = $1 ORDER BY seq', [channelId])).rows.map((r) => r.seq)
  const c2c = (x: string, y: string) => `c2c:${x < y ? x : y}:${x < y ? y : x}`
  const gapFree = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

  it('stores concurrent senders on one channel in shared transactions, with a gap-free sequence', async () => {
    const [a, b] = await users(2)
    stores = []
    ruleLookups = 0
    const sends = Array.from({ length: 40 }, (_, i) => (i % 2 ? sendMessage(ctx, a!, text(`C2C${b}`, `a${i}`)) : sendMessage(ctx, b!, text(`C2C${a}`, `b${i}`))))
    const results = await Promise.all(sends)
    expect(results.every((r) => r.created)).toBe(true)
    expect(results.map((r) => r.message.seq).sort((x, y) => x - y)).toEqual(gapFree(40))
    expect(await seqsOf(c2c(a!, b!))).toEqual(gapFree(40))
    // Fewer statements than messages: some of them went together.
    expect(stores.reduce((n, s) => n + s.size, 0)).toBe(40)
    expect(stores.some((s) => s.kind === 'batch' && s.size > 1)).toBe(true)
    // The rules were read by the statements that stored the messages: no round trip of their own.
    expect(ruleLookups).toBe(0)
  })

  it('keeps each channel gap-free when one batch holds several channels', async () => {
    const [a, b, c, d] = await users(4)
    stores = []
    const pairs: Array<[string, string]> = [
      [a!, b!],
      [c!, d!],
      [a!, c!],
      [d!, b!],
    ]
    const sends = []
    for (let i = 0; i < 15; i++) for (const [x, y] of pairs) sends.push(sendMessage(ctx, i % 2 ? x : y, text(`C2C${i % 2 ? y : x}`, `m${i}`)))
    await Promise.all(sends)
    for (const [x, y] of pairs) expect(await seqsOf(c2c(x, y))).toEqual(gapFree(15))
    expect(stores.some((s) => s.kind === 'batch' && s.size > 1)).toBe(true)
    // The conversation rows of both sides exist, and each sender has read up to their own last message.
    const { rows } = await storage.db.query<{ wt_id: string; conversation_id: string }>(
      'SELECT wt_id, conversation_id FROM user_conversations WHERE wt_id = ANY($1::text[])',
      [[a, b, c, d]],
    )
    expect(rows).toHaveLength(8)
  })

  it('stores a client ID repeated inside one batch once, and answers every copy with its sequence', async () => {
    const [a, b] = await users(2)
    stores = []
    const repeated = text(`C2C${b}`, '只存一次')
    const sends = [
      sendMessage(ctx, a!, text(`C2C${b}`, 'before')),
      sendMessage(ctx, a!, repeated),
      sendMessage(ctx, a!, repeated),
      sendMessage(ctx, b!, text(`C2C${a}`, 'between')),
      sendMessage(ctx, a!, repeated),
      sendMessage(ctx, a!, text(`C2C${b}`, 'after')),
    ]
    const results = await Promise.all(sends)
    const copies = [results[1]!, results[2]!, results[4]!]
    expect(copies.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(copies.map((r) => r.message.seq)).size).toBe(1)
    expect(copies.every((r) => r.message.client_msg_id === repeated.clientMsgId)).toBe(true)
    expect(await seqsOf(c2c(a!, b!))).toEqual(gapFree(4))
    expect(stores.some((s) => s.kind === 'batch' && s.size > 1)).toBe(true)
  })

  it('refuses one bad send with its own error and stores the others of its batch', async () => {
    const [a, b, blocker] = await users(3)
    await storage.db.query('INSERT INTO user_blacklist (owner_wt_id, target_wt_id) VALUES ($1, $2)', [blocker, a])
    stores = []
    const outcomes = await Promise.allSettled([
      sendMessage(ctx, a!, text(`C2C${b}`, 'one')),
      sendMessage(ctx, a!, text(`C2C${blocker}`, 'refused: blacklisted')),
      sendMessage(ctx, a!, text(`C2C${b}`, 'x'.repeat(MESSAGE_MAX_CHARS + 1))),
      // The database itself refuses this one (jsonb has no NUL character), inside the batch.
      sendMessage(ctx, a!, text(`C2C${b}`, 'nul \u0000 inside')),
      sendMessage(ctx, b!, text(`C2C${a}`, 'two')),
      sendMessage(ctx, a!, text(`C2C${b}`, 'three')),
    ])
    const codeOf = (o: PromiseSettledResult<unknown>) => (o.status === 'rejected' && o.reason instanceof SendFailure ? o.reason.code : o.status)
    expect(outcomes.map(codeOf)).toEqual(['fulfilled', SendError.Blacklisted, SendError.TooLong, 'rejected', 'fulfilled', 'fulfilled'])
    // The failed statement stored nothing; its good messages were stored on their own, without gaps.
    expect(await seqsOf(c2c(a!, b!))).toEqual(gapFree(3))
    expect(await seqsOf(c2c(a!, blocker!))).toEqual([])
    expect(stores.some((s) => s.kind === 'batch' && s.size > 1)).toBe(true)
  })

  it('answers a send the rules and the content both refuse with the rule, and a stored message retried after a ban with its copy', async () => {
    const [a, b] = await users(2)
    const first = text(`C2C${b}`, 'before the ban')
    const stored = await sendMessage(ctx, a!, first)
    await storage.db.query(`UPDATE users SET banned_until = now() + interval '1 hour' WHERE wt_id = $1`, [a])
    const refusal = await sendMessage(ctx, a!, text(`C2C${b}`, '这里有违禁词测试')).catch((err: unknown) => err)
    expect(refusal).toMatchObject({ code: SendError.Banned, message: '封禁期间无法向其他用户发送消息' })
    const plain = await sendMessage(ctx, a!, text(`C2C${b}`, 'after the ban')).catch((err: unknown) => err)
    expect(plain).toMatchObject({ code: SendError.Banned })
    const retried = await sendMessage(ctx, a!, first)
    expect(retried).toMatchObject({ created: false, message: { seq: stored.message.seq, client_msg_id: first.clientMsgId } })
    expect(await seqsOf(c2c(a!, b!))).toEqual([1])
  })

  it('stores a batch with one update per channel and per sender conversation, and shows hidden conversations again', async () => {
    const [a, b, c, d] = await users(4)
    stores = []
    const ab = c2c(a!, b!)
    const cd = c2c(c!, d!)
    // b deleted the conversation with a before: the batch shows it again.
    await sendMessage(ctx, a!, text(`C2C${b}`, 'first'))
    await storage.db.query('UPDATE user_conversations SET hidden_seq = 1 WHERE wt_id = $1 AND conversation_id = $2', [b, `C2C${a}`])
    const send = (from: string, to: string, n: number) => ({
      c: c2c(from, to), s: from, id: randomUUID(), t: MsgType.Text, p: { text: `m${n}` }, ccd: '', at: [], nrr: false,
      cs: `C2C${to}`, peer: to, cp: `C2C${from}`, g: null,
    })
    // A group of a and b, whose conversation b deleted too.
    const groupId = `g${a}`
    await storage.db.query(`INSERT INTO groups (group_id, group_number, group_name, owner_wt_id) VALUES ($1, $1, 'g', $2)`, [groupId, a])
    await storage.db.query(`INSERT INTO group_members (group_id, wt_id) VALUES ($1, $2), ($1, $3)`, [groupId, a, b])
    await storage.db.query(`INSERT INTO channels (channel_id) VALUES ($1)`, [`group:${groupId}`])
    await storage.db.query(
      `INSERT INTO user_conversations (wt_id, conversation_id, channel_id, hidden_seq) VALUES ($1, $3, $4, NULL), ($2, $3, $4, 0)`,
      [a, b, `GROUP${groupId}`, `group:${groupId}`],
    )
    const toGroup = (n: number) => ({
      c: `group:${groupId}`, s: a, id: randomUUID(), t: MsgType.Text, p: { text: `g${n}` }, ccd: '', at: [], nrr: false,
      cs: `GROUP${groupId}`, peer: null, cp: null, g: groupId,
    })
    const sends = [
      ...Array.from({ length: 12 }, (_, n) => send(a!, b!, n)),
      ...Array.from({ length: 8 }, (_, n) => (n % 2 ? send(c!, d!, n) : send(d!, c!, n))),
      ...Array.from({ length: 3 }, (_, n) => toGroup(n)),
    ]
    // Counted inside the transaction: the session's counters may still hold earlier transactions.
    const updates = async (q: Queryable) =>
      Object.fromEntries(
        (
          await q.query<{ relname: string; upd: number }>(
            `SELECT relname, n_tup_upd::int AS upd FROM pg_stat_xact_user_tables WHERE relid IN ('channels'::regclass, 'user_conversations'::regclass)`,
          )
        ).rows.map((r) => [r.relname, r.upd]),
      )
    const counted = await storage.db.tx(async (q: Queryable) => {
      const before = await updates(q)
      const { rows } = await q.query<{ i: number; seq: number; created: boolean }>('SELECT i, seq::int AS seq, created FROM im_send_batch($1::jsonb)', [JSON.stringify(sends)])
      const after = await updates(q)
      return { rows, upd: { channels: after.channels! - before.channels!, user_conversations: after.user_conversations! - before.user_conversations! } }
    })
    expect(counted.rows.map((r) => [r.i, r.seq, r.created])).toEqual([
      ...Array.from({ length: 12 }, (_, n) => [n, n + 2, true]),
      ...Array.from({ length: 8 }, (_, n) => [12 + n, n + 1, true]),
      ...Array.from({ length: 3 }, (_, n) => [20 + n, n + 1, true]),
    ])
    expect(await seqsOf(ab)).toEqual(gapFree(13))
    expect(await seqsOf(cd)).toEqual(gapFree(8))
    // One update per channel; per sender conversation one read_seq move, plus b's row shown again.
    expect(counted.upd).toEqual({ channels: 3, user_conversations: 6 })
    const conv = async (w: string, cv: string) =>
      (await storage.db.query<{ read_seq: number; hidden_seq: number | null }>(
        'SELECT read_seq::int AS read_seq, hidden_seq FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2', [w, cv],
      )).rows[0]
    expect(await conv(a!, `C2C${b}`)).toEqual({ read_seq: 13, hidden_seq: null })
    expect(await conv(b!, `C2C${a}`)).toEqual({ read_seq: 0, hidden_seq: null })
    expect(await conv(c!, `C2C${d}`)).toEqual({ read_seq: 8, hidden_seq: null })
    expect(await conv(d!, `C2C${c}`)).toEqual({ read_seq: 7, hidden_seq: null })
    expect(await conv(a!, `GROUP${groupId}`)).toEqual({ read_seq: 3, hidden_seq: null })
    expect(await conv(b!, `GROUP${groupId}`)).toEqual({ read_seq: 0, hidden_seq: null })
    const { rows: stamped } = await storage.db.query<{ wt_id: string }>(
      'SELECT wt_id FROM group_members WHERE group_id = $1 AND last_send_at IS NOT NULL',
      [groupId],
    )
    expect(stamped.map((r) => r.wt_id)).toEqual([a])
  })

  it('settles a send only after its commit: another connection already sees the message', async () => {
    const [a, b] = await users(2)
    // On PostgreSQL a connection of its own; PGlite has one connection, where every statement outside a transaction has committed.
    let client: pg.Pool | null = null
    if (backend === 'postgres') {
      const { rows } = await storage.db.query<{ search_path: string }>('SHOW search_path')
      const url = new URL(process.env.TEST_DATABASE_URL!)
      url.searchParams.set('options', `-c search_path=${rows[0]!.search_path}`)
      client = new pg.Pool({ connectionString: url.toString(), max: 2 })
    }
    const other = async (sql: string, params: unknown[]) => (client ? (await client.query(sql, params)).rows : (await storage.db.query(sql, params)).rows)
    const seen: boolean[] = []
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendMessage(ctx, a!, text(`C2C${b}`, `c${i}`)).then(async (r) => {
          const rows = await other('SELECT 1 FROM messages WHERE channel_id = $1 AND seq = $2', [r.message.channel_id, r.message.seq])
          seen.push(rows.length === 1)
        }),
      ),
    )
    await client?.end()
    expect(seen).toEqual(Array(10).fill(true))
  })
})

describe('SendBatcher', () => {
  /** A database whose statements finish only when the test says so. */
  function slowDb() {
    const calls: Array<{ sql: string; size: number; finish: () => void }> = []
    let seq = 0
    const db: Queryable = {
      query: (sql, params) =>
        new Promise((resolve) => {
          const sends = sql.includes('im_send_batch') ? (JSON.parse(String(params![0])) as unknown[]) : [params]
          const rows = sends.map((_, i) => ({ i, seq: ++seq, created: true, created_at: new Date() }))
          calls.push({ sql, size: sends.length, finish: () => resolve({ rows: rows as never[], rowCount: rows.length }) })
        }),
      exec: async () => undefined,
    }
    return { db, calls }
  }
  const args = (n: number): StoreArgs => ({
    channelId: 'c2c:1:2',
    sender: '1',
    clientMsgId: `m${n}`,
    type: MsgType.Text,
    payload: { text: String(n) },
    cloudCustomData: '',
    atUserList: [],
    needReadReceipt: false,
    senderConversationId: 'C2C2',
    peer: '2',
    peerConversationId: 'C2C1',
    groupId: null,
  })
  // A few turns of the event loop: the batcher starts its next statement from setImmediate.
  const tick = async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r))
  }

  it('on PostgreSQL runs at most two batches at once, a gather interval apart: what arrives while both commit waits for one of them', async () => {
    const { db, calls } = slowDb()
    const pgDb = { ...db, kind: 'postgres', tx: () => Promise.reject(new Error('not used')), close: async () => undefined } as Db
    const onPg = { db: pgDb, sends: sendBatcherFor(pgDb) }
    const first = storeMessage(onPg, args(10))
    await tick()
    const second = [11, 12].map((n) => storeMessage(onPg, args(n)))
    await tick()
    // The first batch still runs: the next one starts only once the interval has passed.
    expect(calls.map((c) => c.size)).toEqual([1])
    await new Promise((r) => setTimeout(r, POSTGRES_GATHER_MS + 5))
    expect(calls.map((c) => c.size)).toEqual([1, 2])
    const third = [13, 14, 15].map((n) => storeMessage(onPg, args(n)))
    await new Promise((r) => setTimeout(r, POSTGRES_GATHER_MS + 5))
    // Two in flight: the third batch waits for a commit.
    expect(calls.map((c) => c.size)).toEqual([1, 2])
    calls[0]!.finish()
    await first
    await tick()
    expect(calls.map((c) => c.size)).toEqual([1, 2, 3])
    calls[1]!.finish()
    calls[2]!.finish()
    await Promise.all([...second, ...third])
  })

  it('on PostgreSQL starts a batch at most once per gather interval, and a send to an idle database at once', async () => {
    const { db, calls } = slowDb()
    const pgDb = { ...db, kind: 'postgres', tx: () => Promise.reject(new Error('not used')), close: async () => undefined } as Db
    const onPg = { db: pgDb, sends: sendBatcherFor(pgDb) }
    const started = performance.now()
    const first = storeMessage(onPg, args(20))
    await tick()
    expect(calls.map((c) => c.size)).toEqual([1])
    calls[0]!.finish()
    await first
    const later = [21, 22].map((n) => storeMessage(onPg, args(n)))
    await tick()
    // The first commit is back, but the next batch waits for the rest of the interval. On a
    // machine so busy that the interval has already passed, the batch may rightly have started.
    if (performance.now() - started < POSTGRES_GATHER_MS) expect(calls.map((c) => c.size)).toEqual([1])
    await new Promise((r) => setTimeout(r, POSTGRES_GATHER_MS + 5))
    expect(calls.map((c) => c.size)).toEqual([1, 2])
    expect(performance.now() - started).toBeGreaterThanOrEqual(POSTGRES_GATHER_MS)
    calls[1]!.finish()
    await Promise.all(later)
    // Idle for longer than the interval: the next send goes at once.
    await new Promise((r) => setTimeout(r, POSTGRES_GATHER_MS + 5))
    const alone = storeMessage(onPg, args(23))
    await tick()
    expect(calls.map((c) => c.size)).toEqual([1, 2, 1])
    calls[2]!.finish()
    await alone
  })

  it('sends alone when idle, gathers what arrives meanwhile into one batch, and settles each only after its commit', async () => {
    const { db, calls } = slowDb()
    const batcher = new SendBatcher(db, { maxInFlight: 1 })
    const settled: Array<number | null> = []
    const first = batcher.store(args(0)).then((r) => settled.push(r.seq))
    await tick()
    expect(calls).toHaveLength(1)
    expect(calls[0]!.size).toBe(1)
    const later = [1, 2, 3].map((n) => batcher.store(args(n)).then((r) => settled.push(r.seq)))
    await tick()
    // Still one statement: the others wait for the first commit.
    expect(calls).toHaveLength(1)
    expect(settled).toEqual([])
    calls[0]!.finish()
    await first
    expect(settled).toEqual([1])
    await tick()
    expect(calls).toHaveLength(2)
    expect(calls[1]).toMatchObject({ size: 3 })
    expect(calls[1]!.sql).toContain('im_send_batch')
    await tick()
    expect(settled).toEqual([1])
    calls[1]!.finish()
    await Promise.all(later)
    expect(settled).toEqual([1, 2, 3, 4])
  })
})
