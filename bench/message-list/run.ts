/**
 * Message-list benchmark in Chromium: a one-to-one chat of 50,000 messages (seeded in PostgreSQL
 * behind the real server), the built H5 app (dist/h5), desktop and phone viewports.
 *
 *   npx tsx bench/message-list/run.ts [--messages=50000] [--seconds=6] [--shots=dir]
 *                                     [--pg-url=postgres://postgres@127.0.0.1:5432/postgres] [--json=out.json]
 *
 * Figures per viewport:
 * - open: from the click on the conversation to a screen of bubbles painted.
 * - fps: frames per second while the reader scrolls up 40 px a frame for --seconds, pressing
 *   '查看更多' each time the top is near (older pages load, far pages are dropped), and the frames
 *   over 20 ms; pages: the older pages loaded meanwhile.
 * - rows: message rows in the document at the end (the window bounds it), and the JS heap and DOM
 *   node count after a garbage collection (Chromium's Performance metrics).
 * - jump: from a click on the quote of the newest message to its original, 25,000 messages back,
 *   highlighted on screen.
 * - gap: the median blank between consecutive bubbles of the newest page.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import type { Page } from 'playwright-core'
import { startBrowserStack } from '../lib/browserStack.js'
import { parseFlags } from '../lib/flags.js'

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
const PASSWORD = 'bench1234'
const SCROLL_PX_PER_FRAME = 40

function options(argv: string[]) {
  const raw = parseFlags(argv)
  const messages = Number(raw.get('messages') ?? 50_000)
  if (!(messages >= 100)) throw new Error('--messages must be at least 100')
  return {
    messages,
    seconds: Math.max(1, Number(raw.get('seconds') ?? 6)),
    shots: raw.get('shots') ?? null,
    pgUrl: raw.get('pg-url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    json: raw.get('json') ?? null,
  }
}

async function post<T>(base: string, route: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }
  const res = await fetch(`${base}/api${route}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const answer = (await res.json()) as { code: number; msg: string; data: T }
  if (answer.code !== 200) throw new Error(`${route}: ${answer.msg}`)
  return answer.data
}

const phoneNumber = (n: number) => `13${String(Date.now() + n).slice(-9)}`

/**
 * Two registered friends and their chat of `n` messages in turn, of mixed lengths; every 1,000th
 * message quotes the one 25,000 before it (or the first), the newest one among them.
 */
export async function seedLongChat(base: string, db: pg.Client, n: number) {
  const phone = phoneNumber(0)
  const me = await post<{ wtId: string; token: string }>(base, '/user/login/register', { phone, pwd: PASSWORD, nickName: '长聊天甲' })
  const peer = await post<{ wtId: string; token: string }>(base, '/user/login/register', { phone: phoneNumber(1), pwd: PASSWORD, nickName: '长聊天乙' })
  await post(base, '/userFriends/apply', { applyWtId: peer.wtId, applySource: 1, applyInfo: '' }, me.token)
  await post(base, '/userFriends/apply/handle', { applyWtId: me.wtId, handleStatus: 1 }, peer.token)
  const [lo, hi] = [me.wtId, peer.wtId].sort()
  const channel = `c2c:${lo}:${hi}`
  const sender = `CASE WHEN g % 2 = 0 THEN $2 ELSE $3 END`
  const quoted = `GREATEST(1, g - 25000)`
  const quotedSender = `CASE WHEN ${quoted} % 2 = 0 THEN $2 ELSE $3 END`
  await db.query(`INSERT INTO channels (channel_id, last_seq) VALUES ($1, 0) ON CONFLICT (channel_id) DO NOTHING`, [channel])
  // Friend events may have written the first messages already: the long history goes after them.
  const { rows } = await db.query<{ last: number }>(`SELECT COALESCE(max(seq), 0)::int AS last FROM messages WHERE channel_id = $1`, [channel])
  const offset = rows[0]!.last
  await db.query(
    `INSERT INTO messages (channel_id, seq, client_msg_id, sender, type, payload, created_at, cloud_custom_data)
     SELECT $1, $4 + g, 'bench' || lpad(g::text, 8, '0'), ${sender}, 'TIMTextElem',
            jsonb_build_object('text', CASE WHEN g % 7 = 0 THEN '第 ' || g || ' 条：' || repeat('一段较长的消息，换行看看气泡的高度。', 1 + g % 4) ELSE '第 ' || g || ' 条消息' END),
            now() - make_interval(secs => ($5 - g) * 20),
            CASE WHEN g % 1000 = 0 THEN json_build_object('messageReply', json_build_object(
              'messageID', ${quotedSender} || '-bench' || lpad(${quoted}::text, 8, '0'), 'messageType', 'TIMTextElem',
              'messageSender', '', 'messageAbstract', '第 ' || ${quoted} || ' 条消息'))::text ELSE '' END
     FROM generate_series(1, $5::int) g`,
    [channel, me.wtId, peer.wtId, offset, n],
  )
  await db.query(`UPDATE channels SET last_seq = $2 WHERE channel_id = $1`, [channel, offset + n])
  await db.query(
    `INSERT INTO user_conversations (wt_id, conversation_id, channel_id, read_seq) VALUES ($2, 'C2C' || $3, $1, $4), ($3, 'C2C' || $2, $1, $4)
     ON CONFLICT (wt_id, conversation_id) DO UPDATE SET read_seq = EXCLUDED.read_seq, hidden_seq = NULL`,
    [channel, me.wtId, peer.wtId, offset + n],
  )
  await db.query('ANALYZE messages')
  const newestQuote = Math.floor(n / 1000) * 1000
  return { phone, peer: peer.wtId, quotedText: `第 ${Math.max(1, newestQuote - 25000)} 条消息`, quoteAt: newestQuote }
}

async function login(page: Page, phone: string) {
  await page.goto('/login')
  const visible = (id: string) => page.locator(`[data-testid="${id}"]`).filter({ visible: true }).first()
  await visible('login-tab-phone').click()
  await page.locator('[data-testid="login-phone"] input').filter({ visible: true }).first().fill(phone)
  await page.locator('[data-testid="login-pwd"] input').filter({ visible: true }).first().fill(PASSWORD)
  await visible('login-submit').click()
  await page.locator('[data-testid="conv-row"]').first().waitFor({ timeout: 60_000 })
}

async function openChat(page: Page, peer: string): Promise<number> {
  const started = Date.now()
  await page.locator(`[data-testid="conv-row"][data-id="C2C${peer}"]`).filter({ visible: true }).first().click()
  await page.waitForFunction(() => document.querySelectorAll('#chat-scroll [data-testid="msg-row"]').length >= 10, null, { timeout: 60_000 })
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  return Date.now() - started
}

/** Scrolls up for `seconds`, pressing '查看更多' near the top; a string for the reason in bench/conversation-list. */
function scrollUp(page: Page, seconds: number): Promise<{ fps: number; longFrames: number; pages: number }> {
  return page.evaluate(`new Promise((resolve) => {
    const list = document.getElementById('chat-scroll')
    let frames = 0, longFrames = 0, last = 0, start = 0, pages = 0, waiting = false
    const tick = (t) => {
      if (!start) start = t
      else {
        frames++
        if (t - last > 20) longFrames++
      }
      last = t
      list.scrollTop -= ${SCROLL_PX_PER_FRAME}
      const more = list.querySelector('[data-testid="chat-view-more"]')
      if (list.scrollTop < 400 && more && !waiting) {
        waiting = true
        pages++
        more.click()
        setTimeout(() => (waiting = false), 300)
      }
      if (t - start < ${seconds * 1000}) requestAnimationFrame(tick)
      else resolve({ fps: (frames * 1000) / (t - start), longFrames, pages })
    }
    requestAnimationFrame(tick)
  })`)
}

async function memory(page: Page): Promise<{ heapMB: number; nodes: number; rows: number }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  const rows = await page.locator('#chat-scroll [data-testid="msg-row"]').count()
  await cdp.detach()
  return { heapMB: Math.round((metric('JSHeapUsedSize') / 1048576) * 10) / 10, nodes: metric('Nodes'), rows }
}

async function gaps(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const bubbles = [...document.querySelectorAll('#chat-scroll [data-testid="msg-bubble"]')].filter((b) => b.checkVisibility())
    const out: number[] = []
    for (let i = 1; i < bubbles.length; i++) out.push(Math.round(bubbles[i]!.getBoundingClientRect().top - bubbles[i - 1]!.getBoundingClientRect().bottom))
    return out
  })
}

async function jump(page: Page, quoteAt: number, quotedText: string): Promise<number> {
  const quote = page.locator(`#chat-scroll [data-testid="msg-row"]`).filter({ hasText: `第 ${quoteAt} 条` }).locator('[data-testid="msg-quote"]')
  await quote.first().scrollIntoViewIfNeeded()
  const started = Date.now()
  await quote.first().click()
  const original = page.locator('#chat-scroll [data-testid="msg-row"][data-highlight="true"]').filter({ hasText: quotedText })
  await original.first().waitFor({ timeout: 60_000 })
  await page.waitForFunction(
    () => {
      const row = document.querySelector('#chat-scroll [data-testid="msg-row"][data-highlight="true"]')
      const box = document.getElementById('chat-scroll')
      if (!row || !box) return false
      const r = row.getBoundingClientRect()
      const b = box.getBoundingClientRect()
      return r.top >= b.top && r.bottom <= b.bottom
    },
    null,
    { timeout: 60_000 },
  )
  return Date.now() - started
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)]! : NaN
}

async function main() {
  const opts = options(process.argv.slice(2))
  const { server, db, browser, close } = await startBrowserStack('bench_msglist', opts.pgUrl)
  const results: Record<string, unknown>[] = []
  try {
    const seedStart = Date.now()
    const seeded = await seedLongChat(server.url, db, opts.messages)
    console.log(`seeded ${opts.messages} messages in ${Date.now() - seedStart} ms`)
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport, baseURL: server.url, isMobile: name === 'phone', hasTouch: name === 'phone' })
      const page = await context.newPage()
      await login(page, seeded.phone)
      const open = await openChat(page, seeded.peer)
      const gap = median(await gaps(page))
      if (opts.shots) {
        mkdirSync(opts.shots, { recursive: true })
        await page.screenshot({ path: path.join(opts.shots, `long-chat-${name}.png`) })
      }
      const scrolled = await scrollUp(page, opts.seconds)
      const mem = await memory(page)
      await page.locator('[data-testid="scroll-latest"]').filter({ visible: true }).first().click()
      await page.locator('#chat-scroll [data-testid="msg-row"]').filter({ hasText: `第 ${opts.messages} 条` }).first().waitFor({ timeout: 60_000 })
      const jumpMs = await jump(page, seeded.quoteAt, seeded.quotedText)
      if (opts.shots) await page.screenshot({ path: path.join(opts.shots, `long-chat-jump-${name}.png`) })
      const row = { viewport: name, messages: opts.messages, openMs: open, fps: Math.round(scrolled.fps * 10) / 10, longFrames: scrolled.longFrames, pages: scrolled.pages, ...mem, jumpMs, gapPx: gap }
      results.push(row)
      console.log(JSON.stringify(row))
      await context.close()
    }
  } finally {
    await close()
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2))
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
