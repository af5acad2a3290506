import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redactUrl } from '../src/ops/logging.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

const METRICS_TOKEN = 'scrape-secret-0123456789'

/** Value of one sample line of the exposition text, e.g. `weitalk_messages_acked_total` or `x{a="b"}`. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : null
}

/** Every metric name the exposition text declares (histograms also as _bucket, _sum, _count). */
function declaredNames(text: string): Set<string> {
  const names = new Set<string>()
  for (const line of text.split('\n')) {
    const m = /^# TYPE (\S+) (\S+)/.exec(line)
    if (!m) continue
    names.add(m[1]!)
    if (m[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m[1]! + s)
  }
  return names
}

describe('operations: health, readiness, metrics and logs', () => {
  let storage: Storage
  let s: TestServer
  let a: TestUser
  let b: TestUser
  const lines: Array<Record<string, unknown>> = []
  const scrape = async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.status).toBe(200)
    return res.text()
  }

  beforeAll(async () => {
    storage = await openStorage('pglite')
    s = await startServer(storage, { logLevel: 'info', metrics: { port: null, host: '127.0.0.1', token: METRICS_TOKEN } }, {
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    })
    a = await registerUser(s, '甲')
    b = await registerUser(s, '乙')
    await befriend(s, a, b)
  })
  afterAll(async () => {
    await s?.close()
    await storage?.close()
  })

  it('answers /api/health and /api/ready unauthenticated, in the envelope, within a few milliseconds', async () => {
    const health = await s.api<{ status: string; uptimeSeconds: number }>('/api/health')
    expect(health).toMatchObject({ status: 200, code: 200, data: { status: 'ok' } })
    const ready = await s.api('/api/ready')
    expect(ready).toMatchObject({ status: 200, code: 200, data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', bus: 'ok' } } })
    // Measured by the server itself (the request histogram), so a busy test machine's client side
    // does not count. The server runs in this test's process, though, so another suite's burst on
    // the same two cores delays its handlers too: a round of 20 probes each is repeated, up to three
    // times, and the probes pass when one round answers within 5 ms. A probe that is slow by
    // itself is slow in every round.
    const routes = ['/api/health', '/api/ready'] as const
    const counts = (text: string, route: string) => ({
      fast: sample(text, `weitalk_http_request_duration_seconds_bucket{le="0.005",method="GET",route="${route}"}`) ?? 0,
      total: sample(text, `weitalk_http_request_duration_seconds_count{method="GET",route="${route}"}`) ?? 0,
    })
    let shares: Record<string, number> = {}
    for (let round = 0; round < 3; round++) {
      const before = await scrape()
      for (let i = 0; i < 20; i++) for (const p of routes) await (await fetch(s.url + p)).arrayBuffer()
      const after = await scrape()
      shares = {}
      for (const route of routes) {
        const [b, a] = [counts(before, route), counts(after, route)]
        expect(a.total - b.total).toBe(20)
        shares[route] = (a.fast - b.fast) / 20
      }
      if (routes.every((r) => shares[r]! >= 0.5)) break
    }
    for (const route of routes) expect(shares[route], `${route}: share answered within 5 ms`).toBeGreaterThanOrEqual(0.5)
  })

  it('keeps a request id given by the proxy, makes one otherwise, and sends it back', async () => {
    const given = await fetch(`${s.url}/api/health`, { headers: { 'x-request-id': 'abcdef0123456789' } })
    expect(given.headers.get('x-request-id')).toBe('abcdef0123456789')
    const made = await fetch(`${s.url}/api/health`, { headers: { 'x-request-id': 'bad id with spaces' } })
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('serves /metrics only with the token', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401)
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401)
    expect(await scrape()).toContain('weitalk_http_requests_total')
  })

  it('counts sockets, acknowledged messages, send and fan-out latency, requests by route and database time', async () => {
    const ca = chatClient(s, a.token)
    const cb = chatClient(s, b.token)
    await Promise.all([ca.ready, cb.ready])
    const ack = await ca.sendText(`C2C${b.wtId}`, '你好')
    expect(ack.type).toBe('ack')
    await cb.next((f) => f.type === 'msg')
    const text = await scrape()
    expect(sample(text, 'weitalk_ws_open_sockets')).toBe(2)
    expect(sample(text, 'weitalk_messages_acked_total')).toBe(1)
    expect(sample(text, 'weitalk_message_send_ack_seconds_count')).toBe(1)
    expect(sample(text, 'weitalk_message_fanout_seconds_count')).toBe(1)
    expect(sample(text, 'weitalk_bus_publish_seconds_count')).toBeGreaterThan(0)
    expect(sample(text, 'weitalk_db_query_duration_seconds_count{kind="pglite"}')).toBeGreaterThan(0)
    expect(sample(text, 'weitalk_http_requests_total{method="GET",route="/api/health",status="200"}')).toBeGreaterThan(0)
    expect(sample(text, 'weitalk_calls_active')).toBe(0)
    ca.close()
    cb.close()
  })

  it('counts and logs login failures and rate-limit refusals, and logs logins and logouts', async () => {
    const c = await registerUser(s, '丙')
    const wrong = { phone: c.phone, pwd: 'not-the-password' }
    const answers: number[] = []
    for (let i = 0; i < 6; i++) answers.push((await s.api('/api/user/login/pwd', wrong)).code)
    expect(answers).toEqual([400, 400, 400, 400, 400, 429])
    const text = await scrape()
    expect(sample(text, 'weitalk_login_failures_total')).toBe(5)
    expect(sample(text, 'weitalk_rate_limit_refusals_total{route="/api/user/login/pwd"}')).toBe(1)
    expect(await s.api('/api/user/logout', {}, { token: c.token })).toMatchObject({ code: 200 })

    const events = lines.filter((l) => typeof l.event === 'string')
    expect(events.filter((l) => l.event === 'login failure')).toHaveLength(5)
    expect(events.find((l) => l.event === 'rate-limit refusal')).toMatchObject({ level: 40, route: '/api/user/login/pwd' })
    expect(events.filter((l) => l.event === 'login').length).toBeGreaterThanOrEqual(3)
    expect(events.find((l) => l.event === 'logout')).toMatchObject({ wtId: c.wtId, reqId: expect.any(String) })
    // Secrets never reach the log: no token, no password.
    const all = lines.map((l) => JSON.stringify(l)).join('\n')
    expect(all).not.toContain(c.token)
    expect(all).not.toContain('not-the-password')
  })

  it('logs a refused send with its code and counts it', async () => {
    const ca = chatClient(s, a.token)
    const nack = await ca.sendText('C2C99999999', '你好')
    expect(nack.type).toBe('nack')
    expect(lines.find((l) => l.event === 'send refused')).toMatchObject({ wtId: a.wtId, code: nack.code })
    expect(sample(await scrape(), `weitalk_message_send_failures_total{code="${String(nack.code)}"}`)).toBe(1)
    ca.close()
  })

  it('plots in the Grafana dashboard only metrics the server exports', async () => {
    const dashboard = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../deploy/grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>
    }
    const exported = declaredNames(await scrape())
    const plotted = dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/\bweitalk_\w+/g) ?? []))
    expect(plotted.length).toBeGreaterThan(15)
    expect(plotted.filter((name) => !exported.has(name))).toEqual([])
  })

  it('takes tokens out of logged URLs', () => {
    expect(redactUrl('/ws/abc.def?x=1')).toBe('/ws/[token]?x=1')
    expect(redactUrl('/api/oss/file/12?t=secret&download=1')).toBe('/api/oss/file/12?t=[token]&download=1')
  })
})

describe('operations: not ready, and /metrics on its own port', () => {
  let storage: Storage
  let s: TestServer

  beforeAll(async () => {
    storage = await openStorage('pglite')
    const tight = { apiPerMinute: 2, registerPerHour: 2, loginPerMinute: 2, friendApplyPerHour: 2, uploadPerHour: 2, uploadBytesPerHour: 1e9, qrCodesPerMinute: 2, codeExchangesPerMinute: 2 }
    s = await startServer(storage, { metrics: { port: 0, host: '127.0.0.1', token: null }, rateLimits: tight })
  })
  afterAll(async () => {
    await s?.close()
    await storage?.close()
  })

  it('serves /metrics on the metrics port and not on the main one', async () => {
    const { port } = s.built.metricsServer!.address() as AddressInfo
    const res = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('weitalk_ws_open_sockets 0')
    expect((await fetch(`${s.url}/metrics`)).status).toBe(404)
  })

  it('never rate-limits the probes, while the rest of the API is limited', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await s.api('/api/health')).status).toBe(200)
      expect((await s.api('/api/ready')).status).toBe(200)
    }
    const info = []
    for (let i = 0; i < 3; i++) info.push((await s.api('/api/site/info')).code)
    expect(info).toEqual([200, 200, 429])
  })

  it('answers 503 naming the migration that is missing, and ready again once it is back', async () => {
    const { rows } = await storage.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1')
    const last = rows[0]!.version
    await storage.db.query('DELETE FROM schema_migrations WHERE version = $1', [last])
    const notReady = await s.api('/api/ready')
    expect(notReady).toMatchObject({ status: 503, code: 503, data: { status: 'not ready', checks: { database: 'ok', migrations: `not applied: ${last}`, bus: 'ok' } } })
    await storage.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [last])
    expect(await s.api('/api/ready')).toMatchObject({ status: 200, code: 200 })
  })

  it('answers 503 when the bus does not answer', async () => {
    const failing = { ...storage.bus, ping: () => Promise.reject(new Error('connection refused')) }
    const other = await startServer({ ...storage, bus: failing })
    try {
      expect(await other.api('/api/ready')).toMatchObject({ status: 503, data: { checks: { bus: 'connection refused', database: 'ok' } } })
      expect(await other.api('/api/health')).toMatchObject({ status: 200, code: 200 })
    } finally {
      await other.close()
    }
  })
})

describe('compiled start-up paths', () => {
  it('ships the migrations next to the compiled code it reads them from', () => {
    // The build copies server/src/db/migrations; a migration added without a number would be skipped by both.
    const files = fs.readdirSync(path.resolve(__dirname, '../src/db/migrations'))
    expect(files.every((f) => /^\d{3}_[\w-]+\.sql$/.test(f))).toBe(true)
  })
})
