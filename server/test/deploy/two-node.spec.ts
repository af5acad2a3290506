import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureServerBuild } from '../../../scripts/build-server.mjs'
import { precompress, projectRoot } from '../../../scripts/ensure-h5-build.mjs'
import { freePort, startServer, type RunningServer } from '../../../scripts/server-process.mjs'
import { WsClose } from '../../../types/ws.js'
import { signal } from '../support/calls.js'
import { metric, NGINX, proxyClient, renderSite, selfSignedCertificate, startNginx, type ProxyClient, type SocketClient } from './proxy.js'

const DATABASE = process.env.TEST_DATABASE_URL
const REDIS = process.env.TEST_REDIS_URL
const WEB_ROOT = path.join(projectRoot, 'dist/h5')
const missing = [
  !NGINX && 'nginx (apt-get install nginx-light)',
  !DATABASE && 'TEST_DATABASE_URL',
  !REDIS && 'TEST_REDIS_URL',
  !fs.existsSync(path.join(WEB_ROOT, 'index.html')) && 'dist/h5 (npm run build)',
].filter(Boolean)
// CI provides all of them (.ci/run), so there the test runs, never skips.
if (missing.length && process.env.CI) throw new Error(`The two-process deployment test needs ${missing.join(', ')}`)
if (missing.length) console.warn(`Skipping the two-process deployment test; missing: ${missing.join(', ')}`)

interface Node {
  server: RunningServer
  metricsPort: number
  scrape(): Promise<string>
}

describe.skipIf(missing.length > 0)('nginx in front of two server processes on PostgreSQL and Redis', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weitalk-deploy-'))
  const dbName = `weitalk_deploy_${randomBytes(4).toString('hex')}`
  const nodes: Node[] = []
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null
  let proxy: ProxyClient
  let httpsPort: number
  let ca: Buffer

  async function startNode(databaseUrl: string, uploadDir: string): Promise<Node> {
    const metricsPort = await freePort()
    const server = await startServer({
      dataDir: path.join(dir, `data-${nodes.length}`),
      compiled: true,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        REDIS_URL: REDIS,
        UPLOAD_DIR: uploadDir,
        WEB_ROOT,
        TRUST_PROXY: '1',
        DEMO_DATA: '0',
        LOG_LEVEL: 'info',
        METRICS_PORT: String(metricsPort),
        PUBLIC_URL: undefined,
        METRICS_TOKEN: undefined,
      },
    })
    return { server, metricsPort, scrape: async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text() }
  }

  beforeAll(async () => {
    await ensureServerBuild({ log: () => undefined })
    precompress(WEB_ROOT)
    const admin = new pg.Client({ connectionString: DATABASE })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${dbName}`)
    await admin.end()
    const url = new URL(DATABASE!)
    url.pathname = `/${dbName}`
    const uploads = path.join(dir, 'uploads')
    // The first applies the migrations; the second finds them applied.
    nodes.push(await startNode(url.toString(), uploads))
    nodes.push(await startNode(url.toString(), uploads))

    const cert = selfSignedCertificate(dir)
    ca = cert.pem
    httpsPort = await freePort()
    const shipped = fs.readFileSync(path.join(projectRoot, 'deploy/nginx/weitalk.conf'), 'utf8')
    const site = renderSite(shipped, { httpsPort, httpPort: await freePort(), upstreams: nodes.map((n) => n.server.port), cert: cert.cert, key: cert.key, webRoot: WEB_ROOT })
    nginx = await startNginx(dir, site, httpsPort)
    proxy = proxyClient(httpsPort, ca)
  }, 120_000)

  afterAll(async () => {
    await nginx?.stop()
    for (const n of nodes) await n.server.stop()
    if (DATABASE) {
      const admin = new pg.Client({ connectionString: DATABASE })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      await admin.end()
    }
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('serves the app over TLS and HTTP/2 with hashed assets cached for good and precompressed', async () => {
    const session = http2.connect(`https://127.0.0.1:${httpsPort}`, { ca })
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = session.request({ ':path': '/api/health' })
      let body = ''
      let status = 0
      req.on('response', (h) => (status = Number(h[':status'])))
      req.on('data', (d: Buffer) => (body += d.toString()))
      req.on('end', () => resolve({ status, body }))
      req.on('error', reject)
    })
    session.close()
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 200, data: { status: 'ok' } })

    const page = await proxy.request('GET', '/messages')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-cache')
    const script = /src="\/?(js\/[^"]+\.[0-9a-f]{8}\.js)"/.exec(page.body.toString())?.[1]
    expect(script, 'index.html names a hashed script').toBeTruthy()
    const asset = await proxy.request('GET', `/${script}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(asset.status).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.headers['content-encoding']).toBe('gzip')
    // The very bytes of the .gz file written at build time: nothing compressed per request.
    expect(asset.body.equals(fs.readFileSync(path.join(WEB_ROOT, `${script}.gz`)))).toBe(true)
    expect((await proxy.request('GET', '/metrics')).status).toBe(404)
    expect(await proxy.api('/api/ready')).toMatchObject({ code: 200, data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', bus: 'ok' } } })
  })

  it('two users on different processes chat, call, share a file, and one reconnects to the other process when its own stops', async () => {
    const register = async (nickName: string) => {
      const phone = `137${String(Date.now()).slice(-8)}`.slice(0, 11)
      const res = await proxy.request('POST', '/api/user/login/register', { json: { phone, pwd: 'secret123', nickName }, localAddress: '127.0.0.5', headers: { 'x-forwarded-for': '198.51.100.9' } })
      const { code, msg, data } = res.json<{ code: number; msg: string; data: { wtId: string; token: string } }>()
      expect(code, msg).toBe(200)
      await new Promise((r) => setTimeout(r, 2))
      return data
    }
    const a = await register('甲')
    const b = await register('乙')
    expect(await proxy.api('/api/userFriends/apply', { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, a.token)).toMatchObject({ code: 200 })
    expect(await proxy.api('/api/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 1 }, b.token)).toMatchObject({ code: 200 })

    // nginx passes the client's own address (127.0.0.5 here), not one the client claims.
    const logged = nodes.map((n) => n.server.output()).join('\n')
    expect(logged).toMatch(/"event":"login"[^\n]*"ip":"127\.0\.0\.5"/)
    expect(logged).not.toContain('198.51.100.9')

    // least_conn puts the second long-lived socket on the other process.
    let sa: SocketClient = await proxy.socket(a.token)
    const sb: SocketClient = await proxy.socket(b.token)
    const sockets = async () => Promise.all(nodes.map(async (n) => metric(await n.scrape(), 'weitalk_ws_open_sockets')))
    expect(await sockets()).toEqual([1, 1])

    const send = async (from: SocketClient, to: string, message: Record<string, unknown>) => {
      const clientMsgId = randomUUID()
      from.ws.send(JSON.stringify({ type: 'send', message: { clientMsgId, conversationID: `C2C${to}`, ...message } }))
      const ack = await from.next((f) => (f.type === 'ack' || f.type === 'nack') && f.clientMsgId === clientMsgId)
      expect(ack.type, JSON.stringify(ack)).toBe('ack')
      return clientMsgId
    }
    const text = (t: string) => ({ type: 'TIMTextElem', payload: { text: t } })
    const received = (sock: SocketClient, pred: (m: Record<string, unknown>) => boolean) =>
      sock.next((f) => f.type === 'msg' && pred(f.message as Record<string, unknown>))
    const hasText = (t: string) => (m: Record<string, unknown>) => (m.payload as { text?: string }).text === t

    await send(sa, b.wtId, text('你好，乙'))
    await received(sb, hasText('你好，乙'))
    await send(sb, a.wtId, text('你好，甲'))
    await received(sa, hasText('你好，甲'))

    // A call: invite on one process, accept on the other; both sides see both steps.
    const inviteID = `call-${randomUUID()}`
    const custom = (s: unknown) => ({ type: 'TIMCustomElem', payload: { data: JSON.stringify(s), description: '', extension: '' } })
    const callStep = (action: number) => (m: Record<string, unknown>) => {
      const data = (m.payload as { data?: string }).data
      return !!data && (JSON.parse(data) as { inviteID?: string; actionType?: number }).inviteID === inviteID && JSON.parse(data).actionType === action
    }
    await send(sa, b.wtId, custom(signal(inviteID, a.wtId, b.wtId, 1)))
    await received(sb, callStep(1))
    await send(sb, a.wtId, custom(signal(inviteID, a.wtId, b.wtId, 3)))
    await received(sa, callStep(3))
    const activeCalls = await Promise.all(nodes.map(async (n) => metric(await n.scrape(), 'weitalk_calls_active')))
    expect(activeCalls).toEqual([1, 1])

    // A file uploaded through the proxy; the process that took it is the one stopped below.
    const content = randomBytes(50_000)
    const boundary = `----weitalk${randomBytes(8).toString('hex')}`
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.zip"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await proxy.request('POST', '/api/oss/upload', { token: a.token, body: form, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
    const uploaded = upload.json<{ code: number; msg: string; data: { url: string } }>()
    expect(uploaded.code, uploaded.msg).toBe(200)
    const uploadCounts = await Promise.all(nodes.map(async (n) => metric(await n.scrape(), 'weitalk_http_requests_total{method="POST",route="/api/oss/upload",status="200"}')))
    const stopped = uploadCounts.findIndex((n) => n === 1)
    expect(stopped).toBeGreaterThanOrEqual(0)
    const survivor = nodes[1 - stopped]!

    // Whoever was connected to that process is cut off and comes back through the proxy on the other one.
    await nodes[stopped]!.server.stop()
    const first = await Promise.race([sa.closed.then((code) => ({ code, isA: true })), sb.closed.then((code) => ({ code, isA: false }))])
    expect(first.code).toBe(WsClose.ServerShutdown)
    const { isA } = first
    const onSurvivor = isA ? sb : sa
    const back = await proxy.socket(isA ? a.token : b.token)
    if (isA) sa = back
    expect(metric(await survivor.scrape(), 'weitalk_ws_open_sockets')).toBe(2)
    await send(back, isA ? b.wtId : a.wtId, text('我回来了'))
    await received(onSurvivor, hasText('我回来了'))

    const download = await proxy.request('GET', uploaded.data.url, { token: b.token })
    expect(download.status).toBe(200)
    expect(download.body.equals(content)).toBe(true)

    // What an operator's scrape shows after the run: messages, sockets and latency series are non-zero.
    const scraped = await survivor.scrape()
    expect(metric(scraped, 'weitalk_messages_acked_total')).toBeGreaterThan(0)
    expect(metric(scraped, 'weitalk_message_send_ack_seconds_count')).toBeGreaterThan(0)
    expect(metric(scraped, 'weitalk_bus_delivery_lag_seconds_count')).toBeGreaterThan(0)
    expect(metric(scraped, 'weitalk_db_query_duration_seconds_count{kind="postgres"}')).toBeGreaterThan(0)
    expect(metric(scraped, 'weitalk_db_pool_connections{state="total"}')).toBeGreaterThan(0)
    sa.ws.close()
    sb.ws.close()
    back.ws.close()
  })
})
