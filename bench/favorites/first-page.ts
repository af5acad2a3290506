/**
 * The first page of a user with 2,000 favorites (spec 9: pages of 10), on PGlite by default or
 * PostgreSQL with --pg-url. It loads the rows in SQL (as an import would), runs ANALYZE, then
 * times POST /api/user/collection/list through the real app over HTTP: the first page, the
 * first page of a title search, and a late page. Prints the median and p95 of --runs calls each.
 *
 *   npx tsx bench/favorites/first-page.ts [--favorites=2000] [--runs=200] [--pg-url=postgres://…]
 */
import { startBenchApp } from '../lib/appOnDatabase.js'

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const FAVORITES = Number(arg('favorites', '2000'))
const RUNS = Number(arg('runs', '200'))
const PG_URL = arg('pg-url', '')

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

async function main() {
  const { db, post, close } = await startBenchApp(PG_URL, 'bench_fav')
  try {
    const reg = async (phone: string) => (await post('/api/user/login/register', { phone, pwd: 'bench1234', nickName: '压测' })).data as { token: string; wtId: string }
    const me = await reg('13900000001')
    const other = await reg('13900000002')
    // The user's 2,000 and another user's 20,000, so the index has to pick the user out.
    const load = (owner: string, n: number) =>
      db.query(
        `INSERT INTO user_collections (wt_id, content_type, collect_title, collected_user_id, top_status, created_at)
         SELECT $1, (ARRAY[1,2,3,4,5,7,99])[1 + g % 7], '收藏 ' || g, $1, CASE WHEN g % 500 = 0 THEN 1 ELSE 0 END, now() - (g || ' seconds')::interval
         FROM generate_series(1, $2) g`,
        [owner, n],
      )
    await load(me.wtId, FAVORITES)
    await load(other.wtId, FAVORITES * 10)
    await db.exec('ANALYZE user_collections')

    const time = async (label: string, body: Record<string, unknown>) => {
      for (let i = 0; i < 20; i++) await post('/api/user/collection/list', body, me.token)
      const ms: number[] = []
      let rows = 0
      let total = 0
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now()
        const r = await post('/api/user/collection/list', body, me.token)
        ms.push(performance.now() - t0)
        rows = (r.data.rows as unknown[]).length
        total = r.data.total as number
      }
      ms.sort((a, b) => a - b)
      console.log(`${label.padEnd(34)} rows=${rows} total=${total}  median ${quantile(ms, 0.5).toFixed(2)} ms  p95 ${quantile(ms, 0.95).toFixed(2)} ms`)
    }
    console.log(`${db.kind}: ${FAVORITES} favorites for the user, ${FAVORITES * 10} for another; ${RUNS} calls each, over HTTP`)
    await time('first page (pageNum 1, size 10)', { pageNum: 1, pageSize: 10 })
    await time('first page of a title search', { pageNum: 1, pageSize: 10, collectTitle: '收藏 19' })
    await time('page 150 (rows 1491-1500)', { pageNum: 150, pageSize: 10 })
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT c.* FROM user_collections c WHERE c.wt_id = $1 ORDER BY c.top_status DESC, c.id DESC LIMIT 10`,
      [me.wtId],
    )
    console.log(plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'))
  } finally {
    await close()
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
