/**
 * Group robots' webhook under load: posts per second into a 500-member group with 100 members
 * online, and how long each post takes to reach the online members.
 *
 *   npx tsx bench/bots/webhook.ts [--db=pglite|postgres] [--members=500] [--online=100]
 *                                 [--concurrency=8] [--seconds=20] [--rate=0]
 *                                 [--pg-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The real app on a free port over a fresh database, its members seeded in SQL, a robot added
 * through the API, and `--online` members connected over /ws. Posters send WeCom text messages
 * to the webhook over HTTP: `--concurrency` at once, each sending its next post when the last is
 * answered (the most the server takes), or with `--rate` that many a second in all (an open
 * loop). The robot's limit per minute is lifted for the run (BOT_POSTS_PER_MINUTE), so the
 * figure is the server's, not the limit's. Figures: posts/s answered errcode 0, the answer's p50/p99,
 * and the delivery p50/p99/max: from the start of a post to its frame at each online member.
 * The load generator runs in the server's process, so its CPU counts against the server's.
 */
import { performance } from 'node:perf_hooks'
import os from 'node:os'
import WebSocket from 'ws'
import type { RobotSecrets } from '../../types/bots.js'
import { foundGroup } from '../../server/src/app/groups/create.js'
import { createSession } from '../../server/src/app/sessions.js'
import { startBenchApp } from '../lib/appOnDatabase.js'
import { parseFlags } from '../lib/flags.js'

const flags = parseFlags(process.argv.slice(2))
const DB = flags.get('db') ?? 'pglite'
const MEMBERS = Number(flags.get('members') ?? 500)
const ONLINE = Number(flags.get('online') ?? 100)
const CONCURRENCY = Number(flags.get('concurrency') ?? 8)
const SECONDS = Number(flags.get('seconds') ?? 20)
const RATE = Number(flags.get('rate') ?? 0)
const PG_URL = DB === 'postgres' ? (flags.get('pg-url') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : ''

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN)
const ms = (v: number) => `${v.toFixed(1)} ms`
const client = { deviceId: 'bench', userAgent: 'bench', ip: '127.0.0.1' }

async function main() {
  const app = await startBenchApp(PG_URL, 'bench_bots', { bots: { callbackAllow: [], postsPerMinute: 1e9, addressPerMinute: 1e9 } })
  try {
    const first = 30_000_000
    await app.db.query(
      `INSERT INTO users (wt_id, phone, pwd_hash, nick_name, avatar)
       SELECT (${first} + g)::text, '15' || lpad(g::text, 9, '0'), 'x', '成员' || g, '' FROM generate_series(0, $1::int - 1) g`,
      [MEMBERS],
    )
    const owner = String(first)
    const ids = Array.from({ length: MEMBERS - 1 }, (_, i) => String(first + 1 + i))
    const group = await app.db.tx((q) => foundGroup(q, owner, { groupName: '压测群', groupNotice: '', groupAvatar: '', wtIds: ids }))
    const ownerToken = await createSession(app.db, owner, client)
    const added = await app.post('/api/user/groupchat/robot/add', { groupNumber: group.groupNumber, name: '压测机器人' }, ownerToken)
    if (added.code !== 200) throw new Error(`robot add: ${added.msg}`)
    const hook = (added.data as unknown as RobotSecrets).webhookUrl

    // The online members, and when each post reached each of them.
    const sentAt = new Map<number, number>()
    const delivery: number[] = []
    const wsBase = app.url.replace('http', 'ws')
    const sockets = await Promise.all(
      [owner, ...ids].slice(0, ONLINE).map(async (wtId) => {
        const token = await createSession(app.db, wtId, client)
        const ws = new WebSocket(`${wsBase}/ws/${token}`, { headers: { origin: app.url } })
        const onFrame = (f: Record<string, unknown>) => {
          if (f.type === 'batch') return (f.frames as Array<Record<string, unknown>>).forEach(onFrame)
          if (f.type !== 'msg') return
          const text = String(((f.message as { payload?: { text?: unknown } }).payload?.text ?? ''))
          const n = /^bench (\d+)$/.exec(text)
          const started = n ? sentAt.get(Number(n[1])) : undefined
          if (started !== undefined) delivery.push(performance.now() - started)
        }
        ws.on('message', (raw) => onFrame(JSON.parse(raw.toString()) as Record<string, unknown>))
        await new Promise<void>((resolve, reject) => {
          ws.once('message', () => resolve())
          ws.once('error', reject)
        })
        return ws
      }),
    )

    let next = 0
    let ok = 0
    let failed = 0
    const answers: number[] = []
    const postOne = async () => {
      const n = next++
      const t = performance.now()
      sentAt.set(n, t)
      const res = await fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ msgtype: 'text', text: { content: `bench ${n}` } }) })
      const answer = (await res.json()) as { errcode: number }
      answers.push(performance.now() - t)
      if (answer.errcode === 0) ok += 1
      else failed += 1
    }
    const started = performance.now()
    const end = started + SECONDS * 1000
    if (RATE > 0) {
      const pending: Promise<void>[] = []
      for (let i = 0; performance.now() < end; i++) {
        const due = started + (i * 1000) / RATE
        const wait = due - performance.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        pending.push(postOne())
      }
      await Promise.all(pending)
    } else {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < end) await postOne()
        }),
      )
    }
    const elapsed = (performance.now() - started) / 1000
    // Deliveries still on their way.
    const expected = ok * ONLINE
    for (let i = 0; i < 50 && delivery.length < expected; i++) await new Promise((r) => setTimeout(r, 100))
    for (const ws of sockets) ws.close()

    answers.sort((a, b) => a - b)
    delivery.sort((a, b) => a - b)
    console.log(`group robots webhook: ${DB}, ${MEMBERS} members, ${ONLINE} online, ${RATE > 0 ? `open loop ${RATE}/s` : `${CONCURRENCY} posters`}, ${SECONDS} s`)
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
    console.log(`posts: ${ok} ok, ${failed} refused, ${(ok / elapsed).toFixed(1)} posts/s`)
    console.log(`answer: p50 ${ms(quantile(answers, 0.5))}, p99 ${ms(quantile(answers, 0.99))}`)
    console.log(`delivery to online members: ${delivery.length}/${expected} frames, p50 ${ms(quantile(delivery, 0.5))}, p99 ${ms(quantile(delivery, 0.99))}, max ${ms(delivery[delivery.length - 1] ?? NaN)}`)
  } finally {
    await app.close()
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
