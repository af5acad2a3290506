/**
 * Conversation-list benchmark in Chromium: a user with 1,000 and 10,000 conversations (seeded in
 * PostgreSQL behind the real server), the built H5 app (dist/h5), desktop and phone viewports.
 *
 *   npx tsx bench/conversation-list/run.ts [--sizes=1000,10000] [--samples=7] [--avatars=shared|per-user]
 *                                          [--pg-url=postgres://postgres@127.0.0.1:5432/postgres] [--json=out.json]
 *                                          [--profile=DIR]
 *
 * Figures per size and viewport:
 * - render: from the end of the /api/im/conversations answer (the list data's arrival) to the
 *   first painted frame with a screen of rows (two animation frames after the rows are in the
 *   document); median, min and max over the samples, each a fresh page load.
 * - fps: frames per second while the list scrolls 3,600 px/s for 3 s; and the frames over 20 ms.
 * - rows: conversation rows in the document after loading (the virtual list draws a window).
 * - listKB / listSentKB: the conversation list's JSON as parsed and as it came over the wire
 *   (compressed when the server compresses it).
 *
 * --profile=DIR records one more load per size and viewport under Chromium's CPU profiler (CDP)
 * and writes DIR/convlist-{size}-{viewport}.cpuprofile (open it in DevTools), printing the
 * functions with the most self time between the list's arrival and its rows. Build with
 * H5_MINIFY=0 to see the app's own function names.
 */
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import type { Page } from 'playwright-core'
import { startBrowserStack } from '../lib/browserStack.js'
import { parseFlags } from '../lib/flags.js'

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
const PASSWORD = 'bench1234'
const SCROLL_PX_PER_FRAME = 60
const SCROLL_SECONDS = 3

function options(argv: string[]) {
  const raw = parseFlags(argv)
  const sizes = (raw.get('sizes') ?? '1000,10000').split(',').map(Number)
  if (sizes.some((n) => !(n > 0))) throw new Error('--sizes must be positive numbers')
  const avatars = raw.get('avatars') ?? 'shared'
  if (avatars !== 'shared' && avatars !== 'per-user') throw new Error('--avatars must be shared or per-user')
  return {
    sizes,
    samples: Math.max(1, Number(raw.get('samples') ?? 7)),
    avatars,
    pgUrl: raw.get('pg-url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    json: raw.get('json') ?? null,
    profile: raw.get('profile') ?? null,
  }
}

async function post<T>(base: string, route: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = (await res.json()) as { code: number; msg: string; data: T }
  if (answer.code !== 200) throw new Error(`${route}: ${answer.msg}`)
  return answer.data
}

/** A fresh user with `n` one-to-one conversations, each with one message, a third of them unread. */
async function seedUser(base: string, db: pg.Client, n: number, first: number, avatars: string) {
  const phone = `13${String(Date.now()).slice(-9)}`
  const me = await post<{ wtId: string }>(base, '/user/login/register', { phone, pwd: PASSWORD, nickName: '压测用户' })
  const peer = `(${first} + g)::text`
  const avatar = avatars === 'shared' ? `'/api/avatar/default/p' || (g % 8) || '.svg'` : `'/api/avatar/default/' || ${peer} || '.svg'`
  await db.query(
    `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
     SELECT ${peer}, '16' || lpad(${peer}, 9, '0'), 'x', '联系人' || g, ${avatar} FROM generate_series(1, $1::int) g`,
    [n],
  )
  const channel = `'c2c:' || LEAST($2, ${peer}) || ':' || GREATEST($2, ${peer})`
  await db.query(`INSERT INTO channels (channel_id, last_seq) SELECT ${channel}, 1 FROM generate_series(1, $1::int) g`, [n, me.wtId])
  await db.query(
    `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload, created_at)
     SELECT ${channel}, 1, md5(random()::text || g), ${peer}, 'TIMTextElem', jsonb_build_object('text', '第 ' || g || ' 条会话的最新消息'),
            now() - make_interval(secs => g * 37)
     FROM generate_series(1, $1::int) g`,
    [n, me.wtId],
  )
  await db.query(
    `INSERT INTO user_conversations (wt_id, conversation_id, channel_id, read_seq)
     SELECT $2, 'C2C' || ${peer}, ${channel}, CASE WHEN g % 3 = 0 THEN 0 ELSE 1 END FROM generate_series(1, $1::int) g`,
    [n, me.wtId],
  )
  return { phone }
}

/**
 * Records, from the page's first script on, when a screen of conversation rows was first painted.
 * A string, not a function: tsx would wrap a function in a helper the page does not have.
 */
const WATCH_ROWS = `
  window.__rowsPaintedAt = null
  const check = () => {
    if (document.querySelectorAll('[data-testid="conv-row"]').length >= 8) {
      requestAnimationFrame(() => requestAnimationFrame((t) => (window.__rowsPaintedAt = t)))
      return
    }
    requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
`

async function renderSample(page: Page): Promise<{ render: number; rows: number; decoded: number; encoded: number }> {
  await page.goto('/messages')
  try {
    await page.waitForFunction(() => (window as unknown as { __rowsPaintedAt: number | null }).__rowsPaintedAt !== null, null, { timeout: 120_000 })
  } catch (err) {
    const shot = path.join(os.tmpdir(), `bench-convlist-failed-${Date.now()}.png`)
    await page.screenshot({ path: shot })
    console.error(`no rows were drawn; the page is in ${shot}`)
    throw err
  }
  return page.evaluate(() => {
    const arrival = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/im/conversations')) as PerformanceResourceTiming
    const painted = (window as unknown as { __rowsPaintedAt: number }).__rowsPaintedAt
    return {
      render: painted - arrival.responseEnd,
      rows: document.querySelectorAll('[data-testid="conv-row"]').length,
      decoded: arrival.decodedBodySize,
      encoded: arrival.encodedBodySize,
    }
  })
}

async function scrollFps(page: Page): Promise<{ fps: number; longFrames: number }> {
  // A string for the same reason as WATCH_ROWS.
  return page.evaluate(`new Promise((resolve) => {
    const list = document.getElementById('conv-list-scroll')
    let frames = 0, longFrames = 0, last = 0, start = 0
    const tick = (t) => {
      if (!start) start = t
      else {
        frames++
        if (t - last > 20) longFrames++
      }
      last = t
      list.scrollTop += ${SCROLL_PX_PER_FRAME}
      if (list.scrollTop + list.clientHeight >= list.scrollHeight - ${SCROLL_PX_PER_FRAME}) list.scrollTop = 0
      if (t - start < ${SCROLL_SECONDS * 1000}) requestAnimationFrame(tick)
      else resolve({ fps: (frames * 1000) / (t - start), longFrames })
    }
    requestAnimationFrame(tick)
  })`)
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** One load of /messages under the CPU profiler; prints the heaviest functions (self time) after the list's arrival. */
async function profileSample(page: Page, file: string) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const { render } = await renderSample(page)
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  writeFileSync(file, JSON.stringify(profile))
  // Sample times are microseconds from the profile's start; the window is the last `render` ms
  // before the rows were painted, i.e. from the list's arrival on.
  const times: number[] = []
  let t = profile.startTime
  for (const d of profile.timeDeltas) times.push((t += d))
  const { paintedAt, nowAt } = await page.evaluate(() => ({ paintedAt: (window as unknown as { __rowsPaintedAt: number }).__rowsPaintedAt, nowAt: performance.now() }))
  const end = times[times.length - 1]! - (nowAt - paintedAt) * 1000
  const start = end - render * 1000
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  for (let i = 0; i < profile.samples.length; i++) {
    if (times[i]! < start || times[i]! > end) continue
    const node = byNode.get(profile.samples[i]!)!
    const f = node.callFrame
    const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  }
  console.log(`profile ${file}: ${Math.round(render)} ms from arrival to rows; heaviest self time in that window:`)
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`)
  await cdp.detach()
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

async function main() {
  const opts = options(process.argv.slice(2))
  const { server, db, browser, close } = await startBrowserStack('bench_convlist', opts.pgUrl)
  const results: Array<Record<string, unknown>> = []
  try {
    let first = 30_000_000
    for (const size of opts.sizes) {
      const { phone } = await seedUser(server.url, db, size, first, opts.avatars)
      first += size
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'zh-CN' })
        const page = await context.newPage()
        await page.goto('/login')
        const field = (id: string) => page.locator(`[data-testid="${id}"] input, input[data-testid="${id}"]`).filter({ visible: true }).first()
        await page.locator('[data-testid="login-tab-phone"]').filter({ visible: true }).first().click()
        await field('login-phone').fill(phone)
        await field('login-pwd').fill(PASSWORD)
        await page.locator('[data-testid="login-submit"]').filter({ visible: true }).first().click()
        await page.waitForURL(/\/messages/, { timeout: 60_000 })
        await page.addInitScript({ content: WATCH_ROWS })
        const samples: number[] = []
        let last = { rows: 0, decoded: 0, encoded: 0 }
        for (let i = 0; i < opts.samples; i++) {
          const s = await renderSample(page)
          samples.push(s.render)
          last = s
        }
        if (opts.profile) await profileSample(page, path.join(opts.profile, `convlist-${size}-${name}.cpuprofile`))
        const scroll = await scrollFps(page)
        const row = {
          conversations: size,
          viewport: name,
          renderMedianMs: Math.round(median(samples)),
          renderMinMs: Math.round(Math.min(...samples)),
          renderMaxMs: Math.round(Math.max(...samples)),
          fps: Math.round(scroll.fps * 10) / 10,
          framesOver20ms: scroll.longFrames,
          rowsInDocument: last.rows,
          listKB: Math.round(last.decoded / 1024),
          listSentKB: Math.round(last.encoded / 1024),
          avatars: opts.avatars,
        }
        results.push(row)
        console.log(JSON.stringify(row))
        await context.close()
      }
    }
  } finally {
    await close()
  }
  console.table(results)
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2))
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
