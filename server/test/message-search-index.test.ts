import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message } from '../../types/chat.js'
import { startSearchIndexer, type SearchIndexer } from '../src/app/search/buildIndex.js'
import { explainMatches, FILTER_TYPES } from '../src/data/search.js'
import { insertBlocks, restartKeysBuild } from '../src/data/searchIndex.js'
import { termCode } from '../src/domain/searchKeys.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup, type TestGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, openStorage, startServer, type Storage, type TestServer } from './support/server.js'

const quiet = { info: () => undefined, error: () => undefined }

describe.each(BACKENDS)('message search over the search blocks on %s', (backend) => {
  let storage: Storage
  let indexer: SearchIndexer
  let s: TestServer
  let a: TestUser
  let b: TestUser
  let c: TestUser
  let ca: ChatClient
  let cb: ChatClient
  let group: TestGroup
  const toB = () => `C2C${b.wtId}`

  beforeAll(async () => {
    storage = await openStorage(backend)
    s = await startServer(storage)
    a = await registerUser(s, '甲')
    b = await registerUser(s, '乙')
    c = await registerUser(s, '丙')
    await befriend(s, a, b)
    await befriend(s, a, c)
    ca = chatClient(s, a.token)
    cb = chatClient(s, b.token)
    for (const text of ['明天见，老地方', '好', '这个项目进度怎么样', '报销单据已提交', 'Meeting at 3PM', '发一下PR链接']) {
      expect((await ca.sendText(toB(), text)).type).toBe('ack')
    }
    const file = await ca.send({ clientMsgId: randomUUID(), conversationID: toB(), type: 'TIMFileElem', payload: { fileUrl: '/api/oss/file/y', fileName: '年度报销单据.pdf', fileSize: 10 } })
    expect(file.type).toBe('ack')
    const place = await ca.send({
      clientMsgId: randomUUID(),
      conversationID: toB(),
      type: 'TIMLocationElem',
      payload: { latitude: 39.9, longitude: 116.4, description: JSON.stringify({ title: '望京SOHO', detail: '北京市朝阳区' }) },
    })
    expect(place.type).toBe('ack')
    group = await makeGroup(s, a, [], [b, c])
    // Other people's history holding the same words: matches the user must never get.
    await storage.db.query(`INSERT INTO channels (channel_id, last_seq) VALUES ('c2c:1000000001:1000000002', 2000)`)
    await storage.db.query(
      `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload)
       SELECT 'c2c:1000000001:1000000002', g, 'filler-' || g, '1000000001', 'TIMTextElem',
              jsonb_build_object('text', (ARRAY['好的', '明天见', '项目会议', '报销单据', 'meeting 3pm'])[1 + g % 5] || ' ' || g)
       FROM generate_series(1, 2000) g`,
    )
    await storage.db.exec('ANALYZE messages')
    // Beside the server's own: the tests ask it for a pass instead of waiting for the next one.
    indexer = startSearchIndexer(storage.db, quiet)
    await indexer.built
  })

  afterAll(async () => {
    await indexer?.stop()
    ca?.close()
    cb?.close()
    await s?.close()
    await storage?.close()
  })

  const searchAllPage = async (user: TestUser, keyword: string, extra: Record<string, unknown> = {}) => {
    const r = await s.api<{ messages: Message[]; nextCursor?: string }>('/api/im/messages/searchAll', { keyword, ...extra }, { token: user.token })
    expect(r.code).toBe(200)
    return r.data
  }
  const channelOf = async (user: TestUser, conversationID: string) =>
    (await storage.db.query<{ channel_id: string }>('SELECT channel_id FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2', [user.wtId, conversationID])).rows[0]!
      .channel_id
  /** Whether a block covers the message and holds `terms`. */
  const inBlock = async (clientMsgId: string, terms: string[]) => {
    const { rows } = await storage.db.query<{ k: boolean }>(
      `SELECT b.keys @> $2::bigint[] AS k FROM messages m JOIN message_search_blocks b ON b.channel_id = m.channel_id AND m.seq BETWEEN b.first_seq AND b.last_seq
       WHERE m.client_msg_id = $1`,
      [clientMsgId, terms.map(termCode)],
    )
    return rows[0]?.k ?? null
  }
  const words = (m: Message) => (m.payload.text ?? m.payload.fileName ?? m.payload.description) as string
  const searchAll = async (keyword: string, user = a) => (await searchAllPage(user, keyword)).messages.map(words)
  const search = async (keyword: string, conversationID = toB()) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/search', { conversationID, keyword }, { token: a.token })).data.messages.map(words)

  it('finds keywords of 1, 2, 3 and 4+ characters, Chinese, ASCII and mixed, in the user’s conversations only', async () => {
    await indexer.pass()
    const { rows } = await storage.db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_search_blocks')
    expect(rows[0]!.n).toBeGreaterThan(100)
    expect(await searchAll('好')).toEqual(['好'])
    expect(await searchAll('项目')).toEqual(['这个项目进度怎么样'])
    expect(await searchAll('明天见')).toEqual(['明天见，老地方'])
    expect(await searchAll('报销单据')).toEqual(['年度报销单据.pdf', '报销单据已提交'])
    expect(await searchAll('m')).toEqual(['Meeting at 3PM'])
    expect(await searchAll('3pm')).toEqual(['Meeting at 3PM'])
    expect(await searchAll('MEETING AT')).toEqual(['Meeting at 3PM'])
    expect(await searchAll('pr链接')).toEqual(['发一下PR链接'])
    expect(await searchAll('望京')).toHaveLength(1)
    expect(await searchAll('北京')).toEqual([])
    expect(await searchAll('100%')).toEqual([])
    expect(await search('项目')).toEqual(['这个项目进度怎么样'])
    expect(await search('报销单据')).toEqual(['年度报销单据.pdf', '报销单据已提交'])
    // The other side of the chat finds the same messages; a stranger finds none of them.
    expect(await searchAll('报销单据', b)).toEqual(['年度报销单据.pdf', '报销单据已提交'])
    expect(await searchAll('报销单据', c)).toEqual([])
  })

  it('can look a keyword up in the GIN index of the blocks, not in every message', async () => {
    const plan = await explainMatches(storage.db, { me: a.wtId, keyword: '望京', limit: 21, conversationID: null, cursor: null, types: FILTER_TYPES.all, beforeSeq: null })
    expect(plan.join('\n')).toMatch(/Bitmap Index Scan on message_search_blocks_keys/)
  })

  it('finds a message at once after it is sent, and by its block after the next pass', async () => {
    const sent = (await ca.sendText(toB(), '刚发出的暗号甲乙')).message as Message
    expect(await searchAll('暗号甲乙')).toEqual(['刚发出的暗号甲乙'])
    expect(await search('暗号')).toEqual(['刚发出的暗号甲乙'])
    await indexer.pass()
    expect(await inBlock(sent.clientMsgId, ['甲乙', '暗'])).toBe(true)
    expect(await searchAll('暗号甲乙')).toEqual(['刚发出的暗号甲乙'])
    expect(await search('暗号')).toEqual(['刚发出的暗号甲乙'])
  })

  it('drops a pass’s blocks when another pass wrote the channel since it read', async () => {
    const channel = await channelOf(a, toB())
    const { rows } = await storage.db.query<{ seq: string }>('SELECT last_seq::text AS seq FROM channels WHERE channel_id = $1', [channel])
    const next = Number(rows[0]!.seq) + 1
    const stale = { channelId: channel, firstSeq: next, lastSeq: next, keys: new Set([termCode('旧')]), mark: 0 }
    expect(await insertBlocks(storage.db, [stale])).toBe(0)
  })

  it('writes a pass of many conversations in parts, each conversation’s blocks in one of them', async () => {
    // 40 conversations of 50 messages: 7 blocks each, 280 in all, so a part of 200 would end inside one.
    await storage.db.query(`INSERT INTO channels (channel_id, last_seq) SELECT 'bulk:' || c, 50 FROM generate_series(1, 40) c`)
    await storage.db.query(
      `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload)
       SELECT 'bulk:' || c, g, 'bulk-' || c || '-' || g, '1000000001', 'TIMTextElem', jsonb_build_object('text', '批量 ' || g)
       FROM generate_series(1, 40) c, generate_series(1, 50) g`,
    )
    await indexer.pass()
    const { rows } = await storage.db.query<{ unblocked: number; overlaps: number; channels: number }>(
      `SELECT (SELECT count(*)::int FROM messages m WHERE m.channel_id LIKE 'bulk:%' AND NOT EXISTS (
                 SELECT 1 FROM message_search_blocks b WHERE b.channel_id = m.channel_id AND m.seq BETWEEN b.first_seq AND b.last_seq)) AS unblocked,
              (SELECT count(*)::int FROM message_search_blocks x JOIN message_search_blocks y
                 ON y.channel_id = x.channel_id AND y.first_seq > x.first_seq AND y.first_seq <= x.last_seq WHERE x.channel_id LIKE 'bulk:%') AS overlaps,
              (SELECT count(DISTINCT channel_id)::int FROM message_search_blocks WHERE channel_id LIKE 'bulk:%' AND last_seq = 50) AS channels`,
    )
    expect(rows[0]).toEqual({ unblocked: 0, overlaps: 0, channels: 40 })
    expect(await searchAll('批量 37', c)).toEqual([])
  })

  it('reads older hours in later rounds and pages across them, newest first', async () => {
    const channel = await channelOf(a, toB())
    // Stored by another statement than a send, with their own times (the first two hours ahead, as
    // from a database whose clock runs ahead of the server's): read above the watermark first,
    // then from the blocks of the next pass.
    await storage.db.query(
      `WITH n AS (UPDATE channels SET last_seq = last_seq + 5 WHERE channel_id = $1 RETURNING last_seq)
       INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload, created_at)
       SELECT $1, n.last_seq - 5 + g, 'aged-' || g, $2, 'TIMTextElem', jsonb_build_object('text', '旧话第' || g || '条'), now() - (h || ' hours')::interval
       FROM n, unnest(ARRAY[1, 2, 3, 4, 5], ARRAY[-2, 3, 30, 300, 3000]) AS x(g, h)`,
      [channel, a.wtId],
    )
    const all = ['旧话第1条', '旧话第2条', '旧话第3条', '旧话第4条', '旧话第5条']
    // The pass reads by time: the ones dated in the past wait above the watermark until the
    // conversation's next message shows the gap, which the pass after it fills.
    for (const pass of [false, true]) {
      if (pass) {
        await indexer.pass()
        expect((await ca.sendText(toB(), '新的一条')).type).toBe('ack')
        await indexer.pass()
      }
      expect(await searchAll('旧话')).toEqual(all)
      const first = await searchAllPage(a, '旧话', { count: 3 })
      expect(first.messages.map(words)).toEqual(all.slice(0, 3))
      expect((await searchAllPage(a, '旧话', { count: 3, cursor: first.nextCursor })).messages.map(words)).toEqual(all.slice(3))
      expect(await search('旧')).toEqual(all)
    }
    const { rows } = await storage.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN message_search_blocks b ON b.channel_id = m.channel_id AND m.seq BETWEEN b.first_seq AND b.last_seq
       WHERE m.client_msg_id LIKE 'aged-%'`,
    )
    expect(rows[0]!.n).toBe(5)
  })

  it('pages through a common word newest first', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await ca.sendText(toB(), `第${i}次好消息`)).type).toBe('ack')
      // Some in blocks, some above them: a page is read across both.
      if (i === 3) await indexer.pass()
    }
    const first = await searchAllPage(a, '好消息', { count: 2 })
    expect(first.messages.map(words)).toEqual(['第5次好消息', '第4次好消息'])
    const second = await searchAllPage(a, '好消息', { count: 2, cursor: first.nextCursor })
    expect(second.messages.map(words)).toEqual(['第3次好消息', '第2次好消息'])
    const third = await searchAllPage(a, '好消息', { count: 2, cursor: second.nextCursor })
    expect(third.messages.map(words)).toEqual(['第1次好消息'])
    expect(third.nextCursor).toBeUndefined()
    // One conversation's matches: what opening a conversation's 聊天记录 shows.
    expect((await searchAllPage(a, '好', { conversationID: toB() })).messages).toHaveLength(6)
    expect((await searchAllPage(a, '好', { conversationID: group.conversationID })).messages).toHaveLength(0)
  })

  it('never finds revoked messages, messages deleted for the user, cleared history or a left group’s later messages', async () => {
    const revoked = (await ca.sendText(toB(), '撤回的机密')).message as Message
    const unindexed = (await ca.sendText(toB(), '撤回的另一个机密')).message as Message
    await indexer.pass()
    expect(await inBlock(revoked.clientMsgId, ['机密'])).toBe(true)
    for (const m of [revoked, unindexed]) {
      const r = await s.api('/api/im/message/revoke', { conversationID: toB(), sequence: m.sequence }, { token: a.token })
      expect(r.code).toBe(200)
    }
    expect(await searchAll('机密')).toEqual([])
    expect(await searchAll('机密', b)).toEqual([])

    // A message of one's own is revoked, not deleted, in its first minutes: the peer deletes one of b's.
    const deleted = (await cb.sendText(`C2C${a.wtId}`, '删掉的草稿')).message as Message
    await indexer.pass()
    expect((await s.api('/api/im/message/delete', { conversationID: toB(), sequences: [deleted.sequence] }, { token: a.token })).code).toBe(200)
    expect(await searchAll('草稿')).toEqual([])
    expect(await searchAll('草稿', b)).toEqual(['删掉的草稿'])

    expect((await s.api('/api/im/conversation/delete', { conversationID: toB(), clearHistory: true }, { token: a.token })).code).toBe(200)
    expect(await searchAll('报销单据')).toEqual([])
    expect(await search('报销单据')).toEqual([])
    expect(await searchAll('报销单据', b)).toEqual(['年度报销单据.pdf', '报销单据已提交'])

    expect((await ca.sendText(group.conversationID, '群里说的会前话')).type).toBe('ack')
    const quit = await s.api('/api/user/groupchat/member/quit', { groupNumber: group.groupNumber }, { token: b.token })
    expect(quit.code).toBe(200)
    expect((await ca.sendText(group.conversationID, '群里说的会后话')).type).toBe('ack')
    await indexer.pass()
    // What b could read before leaving stays theirs; nothing said after.
    expect(await searchAll('群里说的', b)).toEqual(['群里说的会前话'])
    expect(await searchAll('会后', b)).toEqual([])
    expect(await searchAll('群里说的', c)).toEqual(['群里说的会后话', '群里说的会前话'])
  })

  it('builds the blocks of messages stored before the index in batches, and searches them meanwhile', async () => {
    const unblocked = async () =>
      (
        await storage.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages m
           WHERE NOT EXISTS (SELECT 1 FROM message_search_blocks b WHERE b.channel_id = m.channel_id AND m.seq BETWEEN b.first_seq AND b.last_seq)`,
        )
      ).rows[0]!.n
    await indexer.stop()
    await restartKeysBuild(storage.db)
    expect(await unblocked()).toBeGreaterThan(2000)
    // Not built yet: the search reads the messages instead, with the same answers.
    expect(await searchAll('报销单据', c)).toEqual([])
    expect(await searchAll('群里说的', c)).toEqual(['群里说的会后话', '群里说的会前话'])
    indexer = startSearchIndexer(storage.db, quiet, { batch: 300, pauseMs: 0, liveMs: 50 })
    // Sends go on while it runs.
    expect((await ca.sendText(group.conversationID, '建索引时发的')).type).toBe('ack')
    await indexer.built
    await indexer.pass()
    const { rows } = await storage.db.query<{ done: boolean; indexed: string }>('SELECT done, indexed FROM message_search_build')
    expect(rows[0]!.done).toBe(true)
    expect(Number(rows[0]!.indexed)).toBeGreaterThan(2000)
    expect(await unblocked()).toBe(0)
    // Blocks are runs of a channel's messages that do not overlap.
    const { rows: overlaps } = await storage.db.query(
      `SELECT 1 FROM message_search_blocks x JOIN message_search_blocks y ON y.channel_id = x.channel_id AND y.first_seq > x.first_seq AND y.first_seq <= x.last_seq`,
    )
    expect(overlaps).toHaveLength(0)
    expect(await searchAll('建索引', c)).toEqual(['建索引时发的'])
    expect(await searchAll('群里说的', c)).toEqual(['群里说的会后话', '群里说的会前话'])
    expect(await searchAll('报销单据', b)).toEqual(['年度报销单据.pdf', '报销单据已提交'])
  })
})
