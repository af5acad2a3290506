/**
 * Message history search on a long history, on PGlite by default or PostgreSQL with --pg-url
 * (a database of its own, created and dropped). One user holds --conversations C2C conversations
 * with --messages messages between them (mixed Chinese and ASCII text, about 5 % file messages
 * and 2 % custom ones); other people hold --others more in conversations the user is not in, so
 * an index over all messages has to find the user's among everyone's. The rows are loaded in SQL
 * (as an import would), ANALYZE runs, then the real app is timed over HTTP:
 * POST /api/im/messages/searchAll (the conversation list's search) and /api/im/messages/search
 * (one conversation) for a rare term, a common one, a rare and a common 2-character Chinese term,
 * a 1-character one and a file-name one. Prints p50 and p99 of --runs calls each.
 *
 * The rows are loaded with the search keys' insert trigger off, as if stored before migration
 * 160; then the server's batched build (app/search/buildIndex.ts, its default batch and pause)
 * gives them their keys and is timed, and the keys' size is printed, also per message.
 *
 *   npx tsx bench/message-search/run.ts [--messages=200000] [--others=200000] [--conversations=50] [--runs=40] [--pg-url=postgres://…] [--plans]
 */
import { INDEXER_DEFAULTS, startSearchIndexer } from '../../server/src/app/search/buildIndex.js'
import { explainMatches, FILTER_TYPES } from '../../server/src/data/search.js'
import { blocksSize, restartKeysBuild } from '../../server/src/data/searchIndex.js'
import type { Db } from '../../server/src/db/Db.js'
import { startBenchApp } from '../lib/appOnDatabase.js'

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const MESSAGES = Number(arg('messages', '200000'))
const OTHERS = Number(arg('others', '200000'))
const CONVERSATIONS = Number(arg('conversations', '50'))
const RUNS = Number(arg('runs', '40'))
const PG_URL = arg('pg-url', '')
/** Which round the plans below are of (0: the newest hours). */
const ROUND = Number(arg('round', '0'))

/** Everyday phrases: '明天见' and '项目' end up in about 4 % of texts, '明天' and '好' in about 8 %. */
const PHRASES = [
  '好的', '收到', '明天见', '今天下午开会吗', '我到楼下了', '晚上一起吃饭吧', '这个项目进度怎么样', '周末有空吗',
  '辛苦了', '稍等一下', '没问题', 'OK', 'ok thanks', 'see you tomorrow', 'meeting at 3pm', '哈哈哈',
  '发你邮箱了', '文件看一下', '明天上午提交', '路上堵车', '马上到', '谢谢老板', '在吗', '我想想',
  '这周报告写完了吗', '客户那边回复了', '已经转账', '收到请回复', 'lol', 'check the PR please', '下班了吗', '好久不见',
]
/** Words found in a handful of messages only. */
const RARE = ['Zephyr', '报销单据']
const FILE_NAMES = ['报告', 'contract', '会议纪要', 'invoice', '设计稿', 'photo', '周报', 'budget']
const FILE_EXT = ['.pdf', '.docx', '.xlsx', '.zip', '.pptx']

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

/**
 * `count` messages over channels `channel(k)`, k < conversations, in SQL: one statement per 20,000
 * rows. One every 3 s, the newest 3 s ago, so that a conversation's sequence runs forward in time
 * as a real one does (each statement used to date its 20,000 over the same last 7 days, one every
 * 30 s: the same density, but a conversation's time jumped back every 400 messages).
 */
async function loadMessages(db: Db, channelOf: string, senders: string, count: number, conversations: number, seed: number) {
  await db.query('SELECT setseed($1)', [seed])
  for (let from = 1; from <= count; from += 20_000) {
    const to = Math.min(count, from + 19_999)
    await db.query(
      `WITH g AS (SELECT g, random() AS r, random() AS r2, random() AS r3 FROM generate_series($1::int, $2::int) g)
       INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload, created_at)
       SELECT ${channelOf}, (g - 1) / $3 + 1, 'bench-' || $8 || '-' || g, ${senders},
              CASE WHEN r < 0.05 THEN 'TIMFileElem' WHEN r < 0.07 THEN 'TIMCustomElem' ELSE 'TIMTextElem' END,
              CASE WHEN r < 0.05 THEN jsonb_build_object('fileName', ($6::text[])[1 + (r2 * 8)::int % 8] || '-' || g || ($7::text[])[1 + (r3 * 5)::int % 5], 'fileSize', 1000 + g, 'uuid', 'u' || g)
                   WHEN r < 0.07 THEN jsonb_build_object('data', '{"businessID":"card","title":"' || ($4::text[])[1 + (r2 * 32)::int % 32] || '"}', 'description', '[名片]', 'extension', '')
                   ELSE jsonb_build_object('text',
                     ($4::text[])[1 + (r2 * 32)::int % 32] || CASE WHEN r3 < 0.4 THEN '，' || ($4::text[])[1 + (r3 * 1000)::int % 32] ELSE '' END
                     || CASE WHEN g % 9973 = 0 THEN ' ' || ($5::text[])[1 + (g / 9973) % 2] ELSE '' END
                     || CASE WHEN r3 > 0.9 THEN ' #' || g ELSE '' END) END,
              now() - ((($9::int + 1 - g) * 3) || ' seconds')::interval
       FROM g`,
      [from, to, conversations, PHRASES, RARE, FILE_NAMES, FILE_EXT, seed, count],
    )
  }
}

async function main() {
  const { db, post, close } = await startBenchApp(PG_URL, 'bench_search')
  try {
    const me = (await post('/api/user/login/register', { phone: '13900000101', pwd: 'bench1234', nickName: '压测' })).data as { token: string; wtId: string }
    // Peers need no accounts of their own: the search reads the user's conversations and the messages.
    const t0 = performance.now()
    await db.query(
      `WITH k AS (SELECT k, '880000' || lpad(k::text, 4, '0') AS peer FROM generate_series(0, $2::int - 1) k),
            c AS (SELECT k, peer, CASE WHEN $1 < peer THEN 'c2c:' || $1 || ':' || peer ELSE 'c2c:' || peer || ':' || $1 END AS channel_id FROM k),
            ch AS (INSERT INTO channels (channel_id, last_seq) SELECT channel_id, $3::int / $2::int + 1 FROM c)
       INSERT INTO user_conversations (wt_id, conversation_id, channel_id) SELECT $1, 'C2C' || peer, channel_id FROM c`,
      [me.wtId, CONVERSATIONS, MESSAGES],
    )
    await db.query(
      `INSERT INTO channels (channel_id, last_seq) SELECT 'c2c:770000' || lpad(k::text, 4, '0') || ':880000', $2::int / $1::int + 1 FROM generate_series(0, $1::int - 1) k`,
      [CONVERSATIONS, OTHERS],
    )
    await loadMessages(
      db,
      `(SELECT CASE WHEN '${me.wtId}' < p THEN 'c2c:${me.wtId}:' || p ELSE 'c2c:' || p || ':${me.wtId}' END FROM (SELECT '880000' || lpad(((g - 1) % $3)::text, 4, '0') AS p) x)`,
      `CASE WHEN g % 2 = 0 THEN '${me.wtId}' ELSE '880000' || lpad(((g - 1) % $3)::text, 4, '0') END`,
      MESSAGES,
      CONVERSATIONS,
      0.42,
    )
    await loadMessages(db, `'c2c:770000' || lpad(((g - 1) % $3)::text, 4, '0') || ':880000'`, `'770000' || lpad(((g - 1) % $3)::text, 4, '0')`, OTHERS, CONVERSATIONS, 0.17)
    await db.exec('ANALYZE')
    const loadSeconds = (performance.now() - t0) / 1000
    await restartKeysBuild(db)
    const t1 = performance.now()
    // A second indexer next to the app's own, which is idle: the build runs in one of them at a time.
    const indexer = startSearchIndexer(db, { info: () => undefined, error: (o) => console.error(o) }, INDEXER_DEFAULTS)
    await indexer.built
    await indexer.stop()
    const buildSeconds = (performance.now() - t1) / 1000
    await db.exec('VACUUM ANALYZE messages')
    await db.exec('VACUUM ANALYZE message_search_blocks')
    const total = MESSAGES + OTHERS
    const size = await blocksSize(db)
    const msgs = Number((await db.query<{ n: string }>(`SELECT pg_total_relation_size('messages')::text AS n`)).rows[0]!.n)
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`
    const indexes = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'messages' ORDER BY indexname`)
    console.log(
      `${db.kind}: ${MESSAGES} messages over ${CONVERSATIONS} conversations for the user, ${OTHERS} for others (loaded in ${loadSeconds.toFixed(0)} s); ${RUNS} calls each, over HTTP`,
    )
    console.log(`indexes on messages: ${indexes.rows.map((r) => r.indexname).join(', ')}`)
    console.log(
      `search blocks built in batches over ${total} messages in ${buildSeconds.toFixed(0)} s (${Math.round(total / buildSeconds)} messages/s, ` +
        `so about ${(1_000_000 / (total / buildSeconds) / 60).toFixed(0)} min per 1,000,000 by extrapolation)`,
    )
    console.log(
      `search blocks: ${size.blocks} (${(total / size.blocks).toFixed(1)} messages each), ${(size.keys / total).toFixed(1)} keys per message, ` +
        `table ${mb(size.table)} + GIN index ${mb(size.index)}; messages ${mb(msgs)} with their indexes; ` +
        `scaled to 1,000,000 messages: ${mb(((size.table + size.index) / total) * 1_000_000)}`,
    )

    const conversationID = 'C2C8800000007'
    const terms: Array<[string, string]> = [
      ['rare (20 of 400,000)', 'zephyr'],
      ['rare Chinese (20 of 400,000)', '报销单据'],
      ['common, 4 % of texts', '明天见'],
      ['2-char Chinese, 4 % of texts', '项目'],
      ['2-char Chinese, 8 % of texts', '明天'],
      ['1-char Chinese, 8 % of texts', '好'],
      ['file name', 'invoice-1'],
    ]
    const time = async (label: string, route: string, body: Record<string, unknown>) => {
      let hits = 0
      for (let i = 0; i < 3; i++) {
        const r = await post(route, body, me.token)
        if (r.code !== 200) throw new Error(`${route} ${JSON.stringify(body)}: ${r.code} ${r.msg}`)
        hits = (r.data.messages as unknown[]).length
      }
      const ms: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now()
        await post(route, body, me.token)
        ms.push(performance.now() - t)
      }
      ms.sort((a, b) => a - b)
      console.log(`  ${label.padEnd(42)} hits=${String(hits).padStart(2)}  p50 ${quantile(ms, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(ms, 0.99).toFixed(1).padStart(7)} ms`)
    }
    console.log('searchAll (every conversation, 20 newest matches):')
    for (const [label, keyword] of terms) await time(`${label} '${keyword}'`, '/api/im/messages/searchAll', { keyword })
    console.log('searchAll, the next page (from the first page\'s nextCursor):')
    for (const [label, keyword] of terms) {
      const cursor = (await post('/api/im/messages/searchAll', { keyword }, me.token)).data.nextCursor
      if (typeof cursor === 'string') await time(`${label} '${keyword}'`, '/api/im/messages/searchAll', { keyword, cursor })
    }
    console.log(`search (one conversation of ${Math.round(MESSAGES / CONVERSATIONS)} messages, first page of 20):`)
    for (const [label, keyword] of terms) await time(`${label} '${keyword}'`, '/api/im/messages/search', { conversationID, keyword })
    // The statement's own time, inside the database: what the machine's other load adds to the
    // figures over HTTP shows in the difference.
    console.log('searchAll, the index round in the database (EXPLAIN ANALYZE execution time):')
    for (const [label, keyword] of terms) {
      const ms: number[] = []
      let plan: string[] = []
      for (let i = 0; i < Math.min(RUNS, 20); i++) {
        plan = await explainMatches(db, { me: me.wtId, keyword, limit: 21, conversationID: null, cursor: null, types: FILTER_TYPES.all, beforeSeq: null }, ROUND)
        ms.push(Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN))
      }
      ms.sort((a, b) => a - b)
      console.log(`  ${`${label} '${keyword}'`.padEnd(42)}          p50 ${quantile(ms, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(ms, 0.99).toFixed(1).padStart(7)} ms`)
      if (process.argv.includes('--plans')) console.log(`  ${plan.join('\n  ')}`)
    }
  } finally {
    await close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
