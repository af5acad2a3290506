/**
 * Fairness under a flood: one account sends from many sockets as fast as it can while a second
 * account chats at a person's pace; the figure is the second account's one-to-one latency (send
 * to delivery on the recipient's socket), in a quiet baseline and beside the flood, in one run.
 *
 *   npm run bench:fairness -- [--sockets=20] [--flood-rate=50] [--rate=8] [--seconds=20] [--db=pglite|postgres]
 *
 * --sockets: the flooder's sockets; --flood-rate: frames a second each one sends; --rate: the
 * second account's messages a second. The server runs with its default limits (README).
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { startServer } from '../../scripts/server-process.mjs'
import { parseFlags } from '../lib/flags.js'

const flags = parseFlags(process.argv.slice(2))
const num = (name: string, fallback: number) => Number(flags.get(name) ?? fallback)
const SOCKETS = num('sockets', 20)
const FLOOD_RATE = num('flood-rate', 50)
const RATE = num('rate', 8)
const SECONDS = num('seconds', 20)
const DB = flags.get('db') ?? 'pglite'

interface Account {
  wtId: string
  token: string
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
  const answer = (await res.json()) as { code: number; msg: string; data: T }
  if (answer.code !== 200) throw new Error(`${url}: ${answer.msg}`)
  return answer.data
}

function socket(base: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/${token}`)
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve(ws))
    ws.once('error', reject)
  })
}

const frames = (raw: WebSocket.RawData): Array<Record<string, unknown>> => {
  const f = JSON.parse(raw.toString()) as Record<string, unknown>
  return f.type === 'batch' ? (f.frames as Array<Record<string, unknown>>) : [f]
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN
}

/** The second account's messages for SECONDS at RATE a second; answers each one's send-to-delivery time. */
async function chat(sender: WebSocket, receiver: WebSocket, to: string): Promise<number[]> {
  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  const onMessage = (raw: WebSocket.RawData) => {
    for (const f of frames(raw)) {
      const id = f.type === 'msg' ? (f.message as { clientMsgId?: string }).clientMsgId : undefined
      const t = id ? sentAt.get(id) : undefined
      if (t !== undefined) latencies.push(performance.now() - t)
    }
  }
  receiver.on('message', onMessage)
  const total = Math.round(SECONDS * RATE)
  for (let i = 0; i < total; i++) {
    const clientMsgId = randomUUID()
    sentAt.set(clientMsgId, performance.now())
    sender.send(JSON.stringify({ type: 'send', message: { clientMsgId, conversationID: `C2C${to}`, type: 'TIMTextElem', payload: { text: `hello ${i}` } } }))
    await new Promise((r) => setTimeout(r, 1000 / RATE))
  }
  await new Promise((r) => setTimeout(r, 1000))
  receiver.off('message', onMessage)
  return latencies
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weitalk-fairness-'))
  const env: Record<string, string | undefined> = { DEMO_DATA: '0', RATE_REGISTER_PER_HOUR: '1000', LOG_LEVEL: 'warn', WEB_ROOT: '', REDIS_URL: undefined }
  if (DB === 'pglite') env.DATABASE_URL = undefined
  const server = await startServer({ dataDir, env })
  const api = `${server.url}/api`
  try {
    const register = (nickName: string) => post<Account>(`${api}/user/login/register`, { phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, pwd: 'secret123', nickName })
    const [flooder, victim, peer, sink] = [await register('洪水'), await register('用户'), await register('对方'), await register('收件')]
    const befriend = async (a: Account, b: Account) => {
      await post(`${api}/userFriends/apply`, { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, a.token)
      await post(`${api}/userFriends/apply/handle`, { applyWtId: a.wtId, handleStatus: 1 }, b.token)
    }
    await befriend(victim, peer)
    await befriend(flooder, sink)
    const [victimWs, peerWs, sinkWs] = [await socket(server.url, victim.token), await socket(server.url, peer.token), await socket(server.url, sink.token)]
    sinkWs.on('message', () => undefined)

    const baseline = await chat(victimWs, peerWs, peer.wtId)

    const floodSockets = await Promise.all(Array.from({ length: SOCKETS }, () => socket(server.url, flooder.token)))
    let acked = 0
    let refused = 0
    for (const ws of floodSockets) {
      ws.on('message', (raw) => {
        for (const f of frames(raw)) {
          if (f.type === 'ack') acked++
          else if (f.type === 'nack') refused++
        }
      })
    }
    const floodStart = performance.now()
    const timers = floodSockets.map((ws) =>
      setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) {
          ws.send(JSON.stringify({ type: 'send', message: { clientMsgId: randomUUID(), conversationID: `C2C${sink.wtId}`, type: 'TIMTextElem', payload: { text: 'flood' } } }))
        }
      }, 1000 / FLOOD_RATE),
    )
    const flooded = await chat(victimWs, peerWs, peer.wtId)
    for (const t of timers) clearInterval(t)
    const floodSeconds = (performance.now() - floodStart) / 1000
    // The sockets the cap (4409) closed, some of them while the others were still opening.
    const closedBySocketCap = floodSockets.filter((ws) => ws.readyState !== WebSocket.OPEN).length

    const row = (name: string, xs: number[]) => `${name.padEnd(10)} n=${String(xs.length).padStart(4)}  p50 ${quantile(xs, 0.5).toFixed(1)} ms  p99 ${quantile(xs, 0.99).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms`
    console.log(`fairness: ${SOCKETS} flooding sockets × ${FLOOD_RATE}/s beside ${RATE} messages/s of another account, ${SECONDS} s each, ${DB}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`)
    console.log(row('baseline', baseline))
    console.log(row('flood', flooded))
    console.log(`flood: ${acked} accepted (${(acked / floodSeconds).toFixed(1)}/s), ${refused} refused, ${closedBySocketCap} sockets closed by the cap (4409)`)
    console.log(`p99 ratio flood/baseline: ${(quantile(flooded, 0.99) / quantile(baseline, 0.99)).toFixed(2)}`)
    for (const ws of [victimWs, peerWs, sinkWs, ...floodSockets]) ws.close()
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
