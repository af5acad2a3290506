import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../../types/auth.js'
import { WsClose } from '../../../types/ws.js'
import { freePort } from '../../../scripts/server-process.mjs'
import { chatClient } from '../support/chat.js'
import { befriend } from '../support/contacts.js'
import type { TestServer } from '../support/server.js'
import { everyMessage, MessageStream } from '../support/stream.js'
import { registerUser, type TestUser } from '../support/users.js'
import { buildImage, havePodman, LIMITS, podman, removeContainer, startContainer, terminate, type Built } from './podman.js'

/**
 * The image itself, built from the Containerfile on base images made from Debian's packages and
 * the npm registry, then run twice: alone on the embedded database with a volume, and with host
 * networking against CI's PostgreSQL and Redis. Everything goes through the container's port.
 */
const PODMAN = havePodman()

/**
 * The image's budget, as a registry stores it and a pull downloads it (its layers compressed).
 * Unpacked it is larger, mostly Node's own binary (about 100 MB) and Debian; both sizes are printed
 * (docs/decisions/0076-container-image-compose-files-and-kubernetes-manifests.md).
 */
const SIZE_BUDGET_BYTES = 250 * 1000 * 1000
const IMAGE = 'localhost/weitalk:ci'
const tag = `weitalk-ci-${process.pid}`
const DATABASE = process.env.TEST_DATABASE_URL
const REDIS = process.env.TEST_REDIS_URL

const remote = (url: string): Pick<TestServer, 'url' | 'wsUrl' | 'api'> => ({
  url,
  wsUrl: url.replace(/^http/, 'ws'),
  async api(p, body, opts = {}) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    const res = await fetch(url + p, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { ...((await res.json()) as object), status: res.status } as never
  },
})

/** What the first life of a container wrote, to be found again by the second. */
interface Written {
  a: TestUser
  b: TestUser
  hello: string
  file: { url: string; bytes: Buffer }
  stream: MessageStream
}

/** Register, log in, a message over /ws read back by its receiver, and a file uploaded and downloaded. */
async function chatAndUpload(url: string): Promise<Omit<Written, 'stream'>> {
  const s = remote(url)
  const a = await registerUser(s, '容器甲')
  const b = await registerUser(s, '容器乙')
  const login = await s.api<LoginResult>('/api/user/login/pwd', { phone: a.phone, pwd: a.pwd })
  expect(login.code, login.msg).toBe(200)
  a.token = login.data.token
  await befriend(s, a, b)
  const hello = `你好，容器 ${randomBytes(4).toString('hex')}`
  const chat = chatClient(s, a.token)
  expect((await chat.sendText(`C2C${b.wtId}`, hello)).type).toBe('ack')
  chat.close()
  expect((await everyMessage(s, b.token, `C2C${a.wtId}`)).map((m) => m.payload.text)).toEqual([hello])

  const bytes = randomBytes(70_000)
  const form = new FormData()
  form.append('file', new Blob([bytes]), 'container.zip')
  const up = await fetch(`${url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } })
  const { code, data } = (await up.json()) as { code: number; data: { url: string } }
  expect(code).toBe(200)
  const file = { url: data.url, bytes }
  await expectFile(url, b.token, file)
  return { a, b, hello, file }
}

async function expectFile(url: string, token: string, file: { url: string; bytes: Buffer }) {
  const res = await fetch(`${url}${file.url}`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true)
}

/**
 * 200 messages with SIGTERM once 80 are acknowledged: the stream ends with the server's
 * shutdown close, the container exits 0 after draining, and what was acknowledged is stored.
 */
async function streamAndStop(url: string, name: string, w: Omit<Written, 'stream'>): Promise<MessageStream> {
  const stream = new MessageStream(`C2C${w.b.wtId}`, 200, `ctr${process.pid}`)
  let stopping: ReturnType<typeof terminate> | null = null
  const code = await stream.run(url.replace(/^http/, 'ws'), w.a.token, { window: 16, onAck: (n) => void (n === 80 && (stopping ??= terminate(name))) })
  const stopped = await stopping!
  expect(code).toBe(WsClose.ServerShutdown)
  expect(stream.nacks).toEqual([])
  expect(stopped.exitCode, stopped.logs.slice(-2000)).toBe(0)
  expect(stopped.logs).toMatch(/微谈 stopped \(SIGTERM\)/)
  console.log(`[container] ${name}: SIGTERM after 80 of 200 acknowledged; ${stream.acked.size} acknowledged when it stopped`)
  expect(stream.acked.size).toBeLessThan(200)
  return stream
}

/** After the restart: every acknowledged message is there, the resent rest lands once, the file is there. */
async function findEverything(url: string, w: Written) {
  const s = remote(url)
  const stored = await everyMessage(s, w.a.token, `C2C${w.b.wtId}`)
  const streamed = stored.filter((m) => m.clientMsgId.startsWith(`ctr${process.pid}-`))
  expect(new Set(streamed.map((m) => m.clientMsgId))).toEqual(w.stream.acked)
  expect(await w.stream.run(s.wsUrl, w.a.token)).toBe(0)
  const texts = (await everyMessage(s, w.b.token, `C2C${w.a.wtId}`)).map((m) => m.payload.text)
  expect(texts).toEqual([w.hello, ...w.stream.ids.map((id) => w.stream.textOf(id))])
  console.log(`[container] after the restart: ${texts.length} messages, none lost or doubled`)
  await expectFile(url, w.b.token, w.file)
}

describe('the container image', () => {
  let built: Built
  const names: string[] = []
  const volumes: string[] = []
  const logFile = path.join(os.tmpdir(), `${tag}-build.log`)

  beforeAll(async () => {
    // A machine without podman fails here with what to install, rather than passing in silence.
    if (!PODMAN) throw new Error('podman is missing: apt-get install -y --no-install-recommends podman runc debootstrap')
    try {
      built = await buildImage(IMAGE, logFile)
    } catch (err) {
      console.log(`[container] build log: ${logFile}`)
      throw err
    }
    const mb = (built.bytes / 1e6).toFixed(1)
    console.log(
      `[container] base images ${built.baseSeconds.toFixed(1)} s; image built in ${built.buildSeconds.toFixed(1)} s ` +
        `(${built.cachedSteps} of ${built.steps} steps from cache); size ${mb} MB, ${(built.compressedBytes / 1e6).toFixed(1)} MB compressed ` +
        `(budget ${SIZE_BUDGET_BYTES / 1e6} MB)`,
    )
  })

  afterAll(async () => {
    for (const n of names) await removeContainer(n)
    for (const v of volumes) await podman(['volume', 'rm', '-f', v], { allowFailure: true })
  })

  it('stays within its size budget, runs as a non-root user and holds no build tools or dev dependencies', async () => {
    expect(built.compressedBytes).toBeLessThanOrEqual(SIZE_BUDGET_BYTES)
    const [inspected] = JSON.parse((await podman(['image', 'inspect', IMAGE])).stdout) as Array<{ Config: { User: string }; Healthcheck?: { Test: string[] } }>
    expect(inspected!.Config.User).toBe('weitalk')
    expect(inspected!.Healthcheck?.Test.join(' ')).toContain('/api/ready')
    const probe = await podman([
      'run', '--rm', '--read-only', ...LIMITS, IMAGE, 'sh', '-c',
      'id -u; for t in gcc cc g++ make python3 git tsc taro; do command -v $t; done; ls node_modules; ls node_modules/.bin 2>/dev/null; touch /app/x 2>&1 || echo read-only',
    ], { allowFailure: true })
    const lines = probe.stdout.trim().split('\n')
    expect(lines[0]).toBe('10001')
    // Tools found by `command -v`, and the entries of node_modules and node_modules/.bin.
    const seen = new Set(lines.slice(1))
    for (const devOrClient of ['typescript', 'vitest', 'jest', 'webpack', 'eslint', 'tsx', 'react', '@tarojs', 'trtc-sdk-v5', 'sass', '@playwright']) expect(seen.has(devOrClient), devOrClient).toBe(false)
    for (const runtime of ['fastify', '@electric-sql', 'pg', 'ws']) expect(seen.has(runtime), runtime).toBe(true)
    for (const tool of ['/usr/bin/gcc', '/usr/bin/make', '/usr/bin/python3', '/usr/bin/git']) expect(seen.has(tool), tool).toBe(false)
    expect(probe.stdout).toContain('read-only')
  })

  it('runs alone on the embedded database with a volume, stops cleanly mid-stream and loses nothing', async () => {
    const volume = `${tag}-data`
    volumes.push(volume)
    await podman(['volume', 'create', volume])
    const port = await freePort()
    const run = { image: IMAGE, port, hostNetwork: false, volume, env: { DEMO_DATA: '0', RATE_REGISTER_PER_HOUR: '1000', WS_SEND_BURST: '1000', WS_SEND_PER_SECOND: '1000' } }
    names.push(`${tag}-pglite-1`, `${tag}-pglite-2`, `${tag}-pglite-backup`)
    const url = await startContainer({ ...run, name: `${tag}-pglite-1` })
    const w = await chatAndUpload(url)
    const stream = await streamAndStop(url, `${tag}-pglite-1`, w)

    // The embedded database is copied with the server stopped, from a container on the same volume.
    const backup = await podman(['run', '--name', `${tag}-pglite-backup`, '--read-only', ...LIMITS, '-v', `${volume}:/data`, IMAGE, 'npm', 'run', 'backup', '--', '--out', '/data/backups'])
    const target = /Backup written to (\S+)/.exec(backup.stdout)![1]!
    const manifest = JSON.parse((await podman(['run', '--rm', ...LIMITS, '-v', `${volume}:/data`, IMAGE, 'cat', `${target}/manifest.json`])).stdout) as { database: string; messages: number; uploadFiles: number }
    expect(manifest).toMatchObject({ database: 'pglite', messages: 1 + stream.acked.size, uploadFiles: 1 })

    const again = await startContainer({ ...run, name: `${tag}-pglite-2` })
    await findEverything(again, { ...w, stream })
    expect((await terminate(`${tag}-pglite-2`)).exitCode).toBe(0)
  })

  describe('with PostgreSQL and Redis', () => {
    const database = `weitalk_ctr_${process.pid}`
    const admin = () => new pg.Client({ connectionString: DATABASE })
    beforeAll(async () => {
      if (!DATABASE || !REDIS) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL must be set (.ci/run sets them)')
      const c = admin()
      await c.connect()
      await c.query(`CREATE DATABASE ${database}`)
      await c.end()
    })
    afterAll(async () => {
      const c = admin()
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await c.end()
    })

    it('runs with host networking, backs up while running, stops cleanly mid-stream and loses nothing', async () => {
      const databaseUrl = new URL(DATABASE!)
      databaseUrl.pathname = `/${database}`
      const volume = `${tag}-uploads`
      volumes.push(volume)
      await podman(['volume', 'create', volume])
      const port = await freePort()
      const env = { DATABASE_URL: databaseUrl.toString(), REDIS_URL: REDIS!, DEMO_DATA: '0', RATE_REGISTER_PER_HOUR: '1000', WS_SEND_BURST: '1000', WS_SEND_PER_SECOND: '1000' }
      const run = { image: IMAGE, port, hostNetwork: true, volume, env }
      names.push(`${tag}-pg-1`, `${tag}-pg-2`)
      const url = await startContainer({ ...run, name: `${tag}-pg-1` })
      const w = await chatAndUpload(url)

      // pg_dump runs inside the container while the server serves.
      const backup = await podman(['exec', `${tag}-pg-1`, 'npm', 'run', 'backup', '--', '--out', '/tmp/backups'])
      const target = /Backup written to (\S+)/.exec(backup.stdout)![1]!
      const manifest = JSON.parse((await podman(['exec', `${tag}-pg-1`, 'cat', `${target}/manifest.json`])).stdout) as { database: string; messages: number; uploadFiles: number }
      expect(manifest).toMatchObject({ database: 'postgres', messages: 1, uploadFiles: 1 })

      const stream = await streamAndStop(url, `${tag}-pg-1`, w)
      const again = await startContainer({ ...run, name: `${tag}-pg-2` })
      await findEverything(again, { ...w, stream })
      expect((await terminate(`${tag}-pg-2`)).exitCode).toBe(0)
    })
  })
})
