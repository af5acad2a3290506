/**
 * The first feed page under load: a reader with 500 friends who each posted 20 moments (every
 * moment with likes and comments from the reader's friends); 50 readers at once ask the first
 * page (list) and its likes and comments (one batch), as the feed does. Prints p50/p95/p99 of
 * the pair. Target (docs/performance.md): p99 under 100 ms on PostgreSQL.
 *
 *   DATABASE_URL=postgres://…/empty_db npx tsx bench/moments/feed.ts [--friends=500] [--per=20] [--concurrency=50] [--seconds=20] [--pace-ms=0] [--like-every-ms=0]
 *
 * The readers run in a process of their own (readers.mjs) and ask in a closed loop, each the next
 * page as soon as the last one came; --pace-ms=N has each reader open the feed once every N ms
 * instead. The server keeps the reader's first page (domain/moments/firstPages.ts), so without
 * writes every page after the first is answered from memory; --like-every-ms=N has the author of
 * the newest moment like or unlike it every N ms, each time dropping the kept page. The server
 * runs as in production (no answer checks). It migrates and seeds the database it is given: use
 * an empty one.
 */
import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { buildApp } from '../../server/src/compose.js'
import { loadConfig } from '../../server/src/config.js'
import { openDb } from '../../server/src/db/index.js'
import { hashToken, newToken } from '../../server/src/domain/tokens.js'
import { cpuByName, cpuDelta } from '../messaging/proc.js'

const arg = (name: string, fallback: number) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`))
  return hit ? Number(hit.split('=')[1]) : fallback
}
const FRIENDS = arg('friends', 500)
const PER = arg('per', 20)
const CONCURRENCY = arg('concurrency', 50)
const SECONDS = arg('seconds', 20)
const PACE_MS = arg('pace-ms', 0)
const LIKE_EVERY_MS = arg('like-every-ms', 0)

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function main() {
  // One account asks every page: the per-account API limit would measure itself, not the feed.
  const config = loadConfig({ RATE_API_PER_MINUTE: '10000000', CHECK_ANSWERS: '0', ...process.env }, { port: 0, host: '127.0.0.1', webRoot: null, demoData: false, logLevel: 'warn' })
  if (!config.databaseUrl) throw new Error('set DATABASE_URL to an empty PostgreSQL database')
  const db = await openDb(config)
  const token = newToken()
  const started = Date.now()
  // Users 8NNNNNNN: 80000000 is the reader, 80000001.. its friends; generated in the database.
  const id = (n: string) => `'8' || lpad((${n})::text, 7, '0')`
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
       SELECT ${id('n')}, '171' || ${id('n')}, 'x', 'bench' || n, '' FROM generate_series(0, $1::int) AS n ON CONFLICT DO NOTHING`,
      [FRIENDS],
    )
    await q.query(`INSERT INTO user_config (wt_id) SELECT ${id('n')} FROM generate_series(0, $1::int) AS n ON CONFLICT DO NOTHING`, [FRIENDS])
    await q.query(
      `INSERT INTO friendships (owner_wt_id, friend_wt_id)
       SELECT '80000000', ${id('n')} FROM generate_series(1, $1::int) AS n
       UNION ALL SELECT ${id('n')}, '80000000' FROM generate_series(1, $1::int) AS n ON CONFLICT DO NOTHING`,
      [FRIENDS],
    )
    await q.query('INSERT INTO sessions (token_hash, wt_id, device_id, user_agent) VALUES ($1, $2, $3, $4)', [hashToken(token), '80000000', 'bench', 'bench/moments'])
    await q.query(
      `INSERT INTO moments (author_wt_id, content, created_at)
       SELECT ${id('f')}, 'moment ' || f || '-' || k, now() - make_interval(secs => f * $2::int + k)
       FROM generate_series(1, $1::int) AS f, generate_series(1, $2::int) AS k`,
      [FRIENDS, PER],
    )
    // Three likes and two comments a moment, from other friends of the reader.
    await q.query(
      `INSERT INTO moment_praises (moment_id, wt_id)
       SELECT m.id, ${id(`1 + ((m.id + j * 37) % ${FRIENDS})`)} FROM moments m, generate_series(1, 3) AS j ON CONFLICT DO NOTHING`,
    )
    await q.query(
      `INSERT INTO moment_comments (moment_id, author_wt_id, content)
       SELECT m.id, ${id(`1 + ((m.id + j * 53) % ${FRIENDS})`)}, 'comment ' || j FROM moments m, generate_series(1, 2) AS j`,
    )
  })
  // The author of the newest moment, who likes it in turns with --like-every-ms.
  const writerToken = newToken()
  await db.query(
    `INSERT INTO sessions (token_hash, wt_id, device_id, user_agent) SELECT $1, author_wt_id, 'bench', 'bench/moments' FROM moments ORDER BY id DESC LIMIT 1`,
    [hashToken(writerToken)],
  )
  await db.query('ANALYZE')
  console.log(`seeded ${FRIENDS} friends x ${PER} moments in ${Date.now() - started} ms`)

  const built = await buildApp(config, { db, logger: false })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}/api`
  const readers = async (count: number, seconds: number, pace: number, likeEvery: number) => {
    const script = fileURLToPath(new URL('./readers.mjs', import.meta.url))
    const args = [script, base, token, String(count), String(seconds), String(FRIENDS * PER), String(pace), writerToken, String(likeEvery)]
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 })
    const out = JSON.parse(stdout) as { pages: number[]; lists: number[]; likes: number; cpuMs: number }
    return { pages: out.pages.sort((a, b) => a - b), lists: out.lists.sort((a, b) => a - b), likes: out.likes, readersCpuMs: out.cpuMs }
  }
  await readers(1, 2, 0, 0)

  const pgBefore = cpuByName('postgres')
  const serverBefore = process.cpuUsage()
  const { pages: times, lists: listTimes, likes, readersCpuMs } = await readers(CONCURRENCY, SECONDS, PACE_MS, LIKE_EVERY_MS)
  const serverCpu = process.cpuUsage(serverBefore)
  const pgCpuMs = cpuDelta(pgBefore, cpuByName('postgres')) * 1000
  const fmt = (n: number) => n.toFixed(1)
  const mode = (PACE_MS ? `each every ${PACE_MS} ms` : 'closed loop') + (LIKE_EVERY_MS ? `, ${likes} likes or unlikes of the newest moment` : '')
  console.log(
    `first feed page (list + batch), ${CONCURRENCY} readers (${mode}), ${SECONDS} s: ${times.length} pages, ${fmt(times.length / SECONDS)}/s, ` +
      `p50 ${fmt(pct(times, 50))} ms, p95 ${fmt(pct(times, 95))} ms, p99 ${fmt(pct(times, 99))} ms, max ${fmt(times[times.length - 1]!)} ms; the list alone p50 ${fmt(pct(listTimes, 50))} ms, p99 ${fmt(pct(listTimes, 99))} ms`,
  )
  const per = (ms: number) => (ms / times.length).toFixed(2)
  console.log(
    `CPU per page: server ${per((serverCpu.user + serverCpu.system) / 1000)} ms, PostgreSQL ${per(pgCpuMs)} ms, readers ${per(readersCpuMs)} ms; load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  )
  await built.close()
  await db.close()
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
