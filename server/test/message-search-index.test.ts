import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message } from '../../types/chat.js'
import { containsPattern, searchAllStatement } from '../src/domain/messageOps/search.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, openStorage, startServer, type Storage, type TestServer } from './support/server.js'

const TRIGRAM_INDEXES = ['messages_custom_data_trgm', 'messages_custom_description_trgm', 'messages_file_name_trgm', 'messages_text_trgm']

describe.each(BACKENDS)('message search over trigram indexes on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let a: TestUser
  let b: TestUser
  let ca: ChatClient

  beforeAll(async () => {
    storage = await openStorage(backend)
    s = await startServer(storage)
    a = await registerUser(s, '甲')
    b = await registerUser(s, '乙')
    await befriend(s, a, b)
    ca = chatClient(s, a.token)
    for (const text of ['明天见，老地方', '好', '这个项目进度怎么样', '报销单据已提交']) {
      expect((await ca.sendText(`C2C${b.wtId}`, text)).type).toBe('ack')
    }
    const file = await ca.send({ clientMsgId: randomUUID(), conversationID: `C2C${b.wtId}`, type: 'TIMFileElem', payload: { fileUrl: '/api/oss/file/y', fileName: '年度报销单据.pdf', fileSize: 10 } })
    expect(file.type).toBe('ack')
    // Other people's history holding the same words: enough rows that the planner weighs an index
    // against reading them all, and matches the user must never get.
    await storage.db.query(`INSERT INTO channels (channel_id, last_seq) VALUES ('c2c:1000000001:1000000002', 20000)`)
    await storage.db.query(
      `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload)
       SELECT 'c2c:1000000001:1000000002', g, 'filler-' || g, '1000000001', 'TIMTextElem',
              jsonb_build_object('text', (ARRAY['好的', '明天见', '项目会议', '收到'])[1 + g % 4] || ' ' || g)
       FROM generate_series(1, 20000) g`,
    )
    await storage.db.exec('ANALYZE messages')
  })

  afterAll(async () => {
    ca?.close()
    await s?.close()
    await storage?.close()
  })

  const searchAll = async (keyword: string) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/searchAll', { keyword }, { token: a.token })).data.messages.map(
      (m) => m.payload.text ?? m.payload.fileName,
    )
  const search = async (keyword: string) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/search', { conversationID: `C2C${b.wtId}`, keyword }, { token: a.token })).data.messages.map(
      (m) => m.payload.text ?? m.payload.fileName,
    )

  it('has a trigram index on each matched field', async () => {
    const { rows } = await storage.db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'messages' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`,
    )
    expect(rows.map((r) => r.indexname)).toEqual(TRIGRAM_INDEXES)
  })

  it('looks a keyword of 3 characters or more up in the index', async () => {
    const { sql, options } = searchAllStatement('报销单据')
    const { rows } = await storage.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [a.wtId, containsPattern('报销单据'), 20], options)
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(plan).toMatch(/Bitmap Index Scan on messages_text_trgm/)
    expect(plan).toMatch(/Bitmap Index Scan on messages_file_name_trgm/)
    expect(plan).not.toMatch(/Seq Scan on messages/)
    // A shorter keyword has nothing to look up there: its plan leaves them out.
    for (const keyword of ['项目', '好']) {
      const short = searchAllStatement(keyword)
      const shortPlan = await storage.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${short.sql}`, [a.wtId, containsPattern(keyword), 20], short.options)
      expect(shortPlan.rows.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/_trgm/)
    }
  })

  it('finds keywords of every length, in the user’s conversations only', async () => {
    expect(await searchAll('报销单据')).toEqual(['年度报销单据.pdf', '报销单据已提交'])
    expect(await searchAll('明天见')).toEqual(['明天见，老地方'])
    // Too short for a trigram: still found, by reading the messages.
    expect(await searchAll('项目')).toEqual(['这个项目进度怎么样'])
    expect(await searchAll('好')).toEqual(['好'])
    expect(await search('项目')).toEqual(['这个项目进度怎么样'])
    expect(await search('好')).toEqual(['好'])
    expect(await search('报销单据')).toEqual(['年度报销单据.pdf', '报销单据已提交'])
  })
})
