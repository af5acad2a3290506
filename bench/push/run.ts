/**
 * Web Push benchmark: messages to users who are all offline, each with one push subscription
 * (one-to-one messages to each in turn, or group messages to all of them), through the real server (in this process), its database and its push queue, to a
 * stand-in push service in another process (bench/push/pushService.mjs) that answers after a delay.
 *
 *   npx tsx bench/push/run.ts [--scenario=c2c|group] [--members=5000] [--rate=1] [--seconds=20] [--delay-ms=30] [--concurrency=32]
 *                             [--drain-seconds=30] [--db=postgres://…]
 *
 * Two runs of the same send load, each on a fresh database: without subscriptions (nothing to
 * push) and with one per member. It prints the sender's acknowledgement latency (p50, p99) for
 * both, the pushes per second the queue delivered, and so the group messages per second the push
 * side keeps up with.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { buildApp } from '../../server/src/compose.js'
import { memoryBus } from '../../server/src/adapters/bus/memory.js'
import { loadConfig } from '../../server/src/config.js'
import { hashToken } from '../../server/src/domain/tokens.js'
import { parseFlags } from '../lib/flags.js'
import { throwawayDatabase } from '../lib/throwawayDatabase.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const flags = parseFlags(process.argv.slice(2))
const num = (name: string, fallback: number) => Number(flags.get(name) ?? fallback)
const MEMBERS = num('members', 5000)
const RATE = num('rate', 1)
const SECONDS = num('seconds', 20)
const DELAY_MS = num('delay-ms', 30)
const PG = flags.get('db') ?? ''
const CONCURRENCY = num('concurrency', 32)
/** c2c: each message to the next offline member (one push each); group: each message to the whole group (one push per member). */
const SCENARIO = flags.get('scenario') ?? 'c2c'
if (SCENARIO !== 'c2c' && SCENARIO !== 'group') throw new Error('--scenario must be c2c or group')
/** How long the push side may go on after the last acknowledgement before it is measured and stopped. */
const DRAIN_SECONDS = num('drain-seconds', 30)

interface Seed {
  users: Array<{ wtId: string; token: string }>
  groupId: string
}

async function startPushService(): Promise<{ url: string; count(): Promise<number>; stop(): void }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/push/pushService.mjs'), `--delay-ms=${DELAY_MS}`], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())))
  return { url, count: async () => Number(await (await fetch(`${url}/count`)).text()), stop: () => child.kill() }
}

/** A fresh database (a PGlite directory, or a PostgreSQL database) seeded with the group. */
async function seed(tag: string): Promise<{ env: Record<string, string>; seed: Seed; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `push-bench-${tag}-`))
  const database = PG ? await throwawayDatabase(PG, `push_bench_${tag}`) : null
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) }
  const out = path.join(dataDir, 'seed.json')
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/cli/seed-bench.ts', `--users=${MEMBERS + 1}`, '--group', `--out=${out}`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return {
    env,
    seed: JSON.parse(fs.readFileSync(out, 'utf8')) as Seed,
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true })
      await database?.drop()
    },
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

async function run(withPush: boolean, service: Awaited<ReturnType<typeof startPushService>>) {
  const { env, seed: s, drop } = await seed(withPush ? 'on' : 'off')
  const config = loadConfig(env, { port: 0, host: '127.0.0.1', webRoot: null, demoData: false, logLevel: 'warn' })
  config.push = { ...config.push, allowHttpEndpoints: true, concurrency: CONCURRENCY }
  // One socket sends the whole load: its per-socket send bucket would cap it at 10 a second.
  config.socketLimits = { ...config.socketLimits, send: { burst: 1e6, perSecond: 1e6 } }
  const built = await buildApp(config, { bus: memoryBus(), logger: false })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (built.app.server.address() as AddressInfo).port
  const [sender, ...members] = s.users
  if (withPush) {
    const rows = members.map((m) => {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      return [`${service.url}/push/${m.wtId}`, hashToken(m.token), m.wtId, ecdh.getPublicKey().toString('base64url'), randomBytes(16).toString('base64url')]
    })
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000)
      const params: unknown[] = []
      const tuples = chunk.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`)
      await built.ctx.db.query(`INSERT INTO push_subscriptions (endpoint, session_hash, wt_id, p256dh, auth) VALUES ${tuples.join(', ')}`, params)
    }
    await built.ctx.db.exec('ANALYZE push_subscriptions')
  }
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/${sender!.token}`)
  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  await new Promise<void>((resolve) => {
    ws.on('message', (raw) => {
      const frames = [JSON.parse(raw.toString()) as { type: string; clientMsgId?: string; frames?: Array<{ type: string; clientMsgId?: string }> }]
      for (const f of frames.flatMap((x) => (x.type === 'batch' ? (x.frames ?? []) : [x]))) {
        if (f.type === 'hello') resolve()
        if (f.type === 'ack' && f.clientMsgId && sentAt.has(f.clientMsgId)) latencies.push(performance.now() - sentAt.get(f.clientMsgId)!)
      }
    })
  })
  const before = await service.count()
  const started = performance.now()
  const total = Math.round(RATE * SECONDS)
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    const clientMsgId = randomUUID()
    sentAt.set(clientMsgId, performance.now())
    const conversationID = SCENARIO === 'group' ? `GROUP${s.groupId}` : `C2C${members[i % members.length]!.wtId}`
    ws.send(JSON.stringify({ type: 'send', message: { clientMsgId, conversationID, type: 'TIMTextElem', payload: { text: `消息 ${i}` } } }))
  }
  while (latencies.length < total && performance.now() - started < (SECONDS + 30) * 1000) await new Promise((r) => setTimeout(r, 50))
  const sendEnded = performance.now()
  await Promise.race([built.ctx.push.idle(), new Promise((r) => setTimeout(r, DRAIN_SECONDS * 1000))])
  const drained = performance.now()
  const pushed = (await service.count()) - before
  const left = built.ctx.push.counts().planned - pushed
  const counts = built.ctx.push.counts()
  ws.close()
  await built.close()
  await drop()
  const sorted = latencies.sort((a, b) => a - b)
  return {
    acked: latencies.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    pushed,
    dropped: counts.dropped,
    pushesPerSecond: pushed / ((drained - started) / 1000),
    drainSeconds: (drained - sendEnded) / 1000,
    left: Math.max(0, left),
  }
}

async function main() {
  const service = await startPushService()
  try {
    console.log(`scenario=${SCENARIO} members=${MEMBERS} rate=${RATE}/s seconds=${SECONDS} push service delay=${DELAY_MS} ms concurrency=${CONCURRENCY} db=${PG ? 'postgres' : 'pglite'} cpus=${os.cpus().length} (${os.cpus()[0]?.model ?? ''})`)
    const off = await run(false, service)
    console.log(`without pushing: ${off.acked} messages acked, p50 ${off.p50.toFixed(1)} ms, p99 ${off.p99.toFixed(1)} ms`)
    const on = await run(true, service)
    console.log(`with pushing:    ${on.acked} messages acked, p50 ${on.p50.toFixed(1)} ms, p99 ${on.p99.toFixed(1)} ms`)
    const perMessage = SCENARIO === 'group' ? MEMBERS : 1
    console.log(`pushes delivered ${on.pushed} (dropped ${on.dropped}), ${on.pushesPerSecond.toFixed(0)} pushes/s = ${(on.pushesPerSecond / perMessage).toFixed(2)} messages/s pushed to offline subscribers; measured ${on.drainSeconds.toFixed(1)} s after the last ack, ${on.left} still queued then`)
    console.log(`p99 change with pushing: ${(((on.p99 - off.p99) / off.p99) * 100).toFixed(1)} %`)
  } finally {
    service.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
