/**
 * What the search indexer's live passes cost a message, in CPU, apart from the sends: the
 * messaging benchmark's pairs (with and without the indexer) show it only as the difference of two
 * noisy runs, where the machine's two cores are four-fifths busy. Here the messages of the c2c
 * scenario at 2,000/s (--channels conversations, --per-channel messages each per pass, 3 s of them)
 * are stored in SQL, then one live pass indexes them, alone on the machine; the server process's
 * CPU and the database backends' (from /proc, PostgreSQL only: PGlite runs inside the process)
 * are read around the pass. Prints the median over --passes passes, in µs per message.
 *
 *   npx tsx bench/message-search/indexer-cost.ts [--pg-url=postgres://…] [--passes=9] [--channels=1000] [--per-channel=6]
 */
import { startSearchIndexer } from '../../server/src/app/search/buildIndex.js'
import { featuresWithout } from '../../types/messageOps.js'
import { startBenchApp } from '../lib/appOnDatabase.js'
import { CLK_TCK, readProc } from '../lib/procfs.js'

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const PG_URL = arg('pg-url', '')
const PASSES = Number(arg('passes', '9'))
const CHANNELS = Number(arg('channels', '1000'))
const PER_CHANNEL = Number(arg('per-channel', '6'))

/** Texts like the messaging benchmark's: short everyday phrases. */
const PHRASES = ['好的', '收到', '明天见', '今天下午开会吗', '我到楼下了', '晚上一起吃饭吧', '这个项目进度怎么样', 'ok thanks', 'see you tomorrow', '哈哈哈', '马上到', '在吗']

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** CPU seconds used so far by the given processes (utime + stime). */
function cpuOf(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    const stat = readProc(`/proc/${pid}/stat`)
    if (!stat) continue
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks / CLK_TCK
}

async function main() {
  const { db, close } = await startBenchApp(PG_URL, 'bench_indexer', { chatFeatures: featuresWithout(['messageSearch']) })
  const indexer = startSearchIndexer(db, { info: () => undefined, error: (o) => console.error(o) }, { batch: 2000, pauseMs: 20, liveMs: 3_600_000 })
  try {
    await indexer.built
    await db.query(`INSERT INTO channels (channel_id, last_seq) SELECT 'c2c:' || c, 0 FROM generate_series(1, $1::int) c`, [CHANNELS])
    const perPass = CHANNELS * PER_CHANNEL
    const node: number[] = []
    const database: number[] = []
    for (let p = 0; p <= PASSES; p++) {
      await db.query(
        `WITH n AS (SELECT c, s FROM generate_series(1, $1::int) c, generate_series(1, $2::int) s)
         INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload)
         SELECT 'c2c:' || c, $3::int * $2::int + s, 'cost-' || $3 || '-' || c || '-' || s, '1000000001', 'TIMTextElem',
                jsonb_build_object('text', ($4::text[])[1 + (c * 7 + s * 13 + $3) % cardinality($4::text[])])
         FROM n`,
        [CHANNELS, PER_CHANNEL, p, PHRASES],
      )
      const backends = db.kind === 'postgres' ? (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid) : []
      const before = { node: process.cpuUsage(), pg: cpuOf(backends) }
      await indexer.pass()
      const used = process.cpuUsage(before.node)
      // The first pass warms the caches and the JIT: not counted.
      if (p === 0) continue
      node.push((used.user + used.system) / perPass)
      database.push(((cpuOf(backends) - before.pg) * 1e6) / perPass)
    }
    const { rows } = await db.query<{ blocks: string }>('SELECT count(*)::text AS blocks FROM message_search_blocks')
    console.log(`${db.kind}: ${PASSES} live passes of ${perPass} messages (${CHANNELS} conversations × ${PER_CHANNEL}); ${rows[0]!.blocks} blocks written`)
    console.log(`  per message, median: server process ${median(node).toFixed(1)} µs` + (db.kind === 'postgres' ? `, database backends ${median(database).toFixed(1)} µs, together ${median(node.map((n, i) => n + database[i]!)).toFixed(1)} µs` : ' (the database inside it)'))
  } finally {
    await indexer.stop()
    await close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
