import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import WebSocket from 'ws'
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/compose.js'
import type { Bus } from '../../src/bus/Bus.js'
import { memoryBus } from '../../src/adapters/bus/memory.js'
import { redisBus } from '../../src/adapters/bus/redis.js'
import { loadConfig, type Config } from '../../src/config.js'
import type { Db } from '../../src/db/Db.js'
import { openDb } from '../../src/db/index.js'
import { applyAdminPhones } from '../../src/data/adminPhones.js'
import { defaultHashThreads } from '../../src/adapters/passwordHashing/pool.js'
import type { ApiEnvelope } from '../../../types/envelope.js'

export type Backend = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL (and Redis) too when CI provides them. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export interface Storage {
  db: Db
  bus: Bus
  close(): Promise<void>
}

/** A fresh database (a throwaway schema on PostgreSQL) and bus for one test file. */
export async function openStorage(backend: Backend): Promise<Storage> {
  if (backend === 'pglite') {
    const db = await openDb({ databaseUrl: null, dataDir: '' }, { inMemory: true })
    const bus = memoryBus()
    return { db, bus, close: async () => (await bus.close(), await db.close()) }
  }
  const base = process.env.TEST_DATABASE_URL!
  const schema = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const url = new URL(base)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const db = await openDb({ databaseUrl: url.toString(), dataDir: '' })
  const bus = process.env.TEST_REDIS_URL ? await redisBus(process.env.TEST_REDIS_URL, `${schema}:`) : memoryBus()
  return {
    db,
    bus,
    async close() {
      await bus.close()
      await db.close()
      const drop = new pg.Client({ connectionString: base })
      await drop.connect()
      await drop.query(`DROP SCHEMA ${schema} CASCADE`)
      await drop.end()
    },
  }
}

export interface TestServer {
  built: BuiltApp
  url: string
  wsUrl: string
  api<T = unknown>(path: string, body?: unknown, opts?: { token?: string; method?: string; headers?: Record<string, string> }): Promise<ApiEnvelope<T> & { status: number }>
  close(): Promise<void>
}

/** The real app on a real port, over the given storage. */
export async function startServer(storage: Storage, overrides: Partial<Config> = {}, options: Pick<BuildOptions, 'logStream' | 'presence'> = {}): Promise<TestServer> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'))
  // Test files register many users from one address; a test of the limits passes its own.
  const rateLimits = { apiPerMinute: 1e6, registerPerHour: 1e6, loginPerMinute: 1e6, friendApplyPerHour: 1e6, uploadPerHour: 1e6, uploadBytesPerHour: 1e15, qrCodesPerMinute: 1e6, codeExchangesPerMinute: 1e6 }
  // One test socket often sends far faster than a person: the frame buckets are raised the same way.
  const roomy = { burst: 1e6, perSecond: 1e6 }
  const socketLimits = { send: roomy, typing: roomy, read: roomy, call: roomy }
  // Tests register people in parallel, and share the machine with other test files: the hashing
  // pool's queue is out of reach and its threads at the process's priority (a test of the pool passes its own).
  const passwordHashing = { threads: defaultHashThreads(), queue: 1e6, nice: 0 }
  const config = loadConfig({}, { port: 0, host: '127.0.0.1', webRoot: null, demoData: false, logLevel: 'warn', trustProxy: true, uploadDir, rateLimits, socketLimits, passwordHashing, ...overrides })
  const built = await buildApp(config, { db: storage.db, bus: storage.bus, logger: Boolean(options.logStream), logStream: options.logStream, presence: options.presence })
  // What main.ts does at start-up.
  await applyAdminPhones(storage.db, config.adminPhones)
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = built.app.server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    built,
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    async api(path, body, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) }
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (opts.token) headers.authorization = `Bearer ${opts.token}`
      const res = await fetch(url + path, {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const json = (await res.json()) as ApiEnvelope<never>
      return { ...json, status: res.status }
    },
    async close() {
      await built.close()
      fs.rmSync(uploadDir, { recursive: true, force: true })
    },
  }
}

let phoneCounter = 0
/** A phone number unique within the run. */
export function freshPhone(): string {
  phoneCounter += 1
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`
}

export interface SocketProbe {
  ws: WebSocket
  frames: Array<Record<string, unknown>>
  /** Resolves with the first frame (already received or future) matching `pred`. */
  next(pred: (f: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>
  closed: Promise<{ code: number; reason: string }>
}

export function openSocket(url: string, headers: Record<string, string> = {}): SocketProbe {
  const ws = new WebSocket(url, { headers })
  const frames: Array<Record<string, unknown>> = []
  const waiters: Array<{ pred: (f: Record<string, unknown>) => boolean; resolve: (f: Record<string, unknown>) => void }> = []
  ws.on('message', (raw) => {
    const f = JSON.parse(raw.toString()) as Record<string, unknown>
    frames.push(f)
    for (const w of [...waiters]) {
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(f)
      }
    }
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  ws.on('error', () => undefined)
  return {
    ws,
    frames,
    closed,
    next(pred, timeoutMs = 5000) {
      const found = frames.find(pred)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs)
        waiters.push({ pred, resolve: (f) => (clearTimeout(timer), resolve(f)) })
      })
    },
  }
}

/**
 * Registers beforeAll/afterAll hooks that open fresh storage and start `count` server
 * processes on it (the second and later play other machines behind a load balancer), each with
 * `overrides` on top of the test configuration.
 */
export function setupServers(
  backend: Backend,
  count: number,
  assign: (env: { storage: Storage; servers: TestServer[] }) => void,
  overrides: Partial<Config> = {},
) {
  let storage: Storage
  const servers: TestServer[] = []
  beforeAll(async () => {
    storage = await openStorage(backend)
    for (let i = 0; i < count; i++) servers.push(await startServer(storage, overrides))
    assign({ storage, servers })
  })
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close()
    await storage?.close()
  })
}
