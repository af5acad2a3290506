import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../../server/src/compose.js'
import { memoryBus } from '../../server/src/adapters/bus/memory.js'
import { loadConfig, type Config } from '../../server/src/config.js'
import type { Db } from '../../server/src/db/Db.js'
import { openDb } from '../../server/src/db/index.js'
import { throwawayDatabase } from './throwawayDatabase.js'

export interface BenchApp {
  db: Db
  /** http://127.0.0.1:port of the app. */
  url: string
  post(p: string, body: unknown, token?: string): Promise<{ code: number; msg?: string; data: Record<string, unknown> }>
  close(): Promise<void>
}

/**
 * The real app on a free port over a fresh, migrated database: PGlite in memory, or with `pgUrl`
 * a PostgreSQL database `<name>_<pid>` created here and dropped by close().
 */
export async function startBenchApp(pgUrl: string, name: string, overrides: Partial<Config> = {}): Promise<BenchApp> {
  const database = pgUrl ? await throwawayDatabase(pgUrl, name) : null
  const databaseUrl = database?.url ?? null
  const db = databaseUrl ? await openDb({ databaseUrl, dataDir: '' }) : await openDb({ databaseUrl: null, dataDir: '' }, { inMemory: true })
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const config = loadConfig({}, { port: 0, host: '127.0.0.1', webRoot: null, demoData: false, logLevel: 'warn', trustProxy: true, uploadDir, ...overrides })
  const built = await buildApp(config, { db, bus: memoryBus(), logger: false })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`
  return {
    db,
    url: base,
    async post(p, body, token) {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
      return (await res.json()) as { code: number; msg?: string; data: Record<string, unknown> }
    },
    async close() {
      await built.close()
      // The pool lets go before its database is dropped (a forced drop would kill its connections).
      await db.close().catch(() => undefined)
      fs.rmSync(uploadDir, { recursive: true, force: true })
      await database?.drop()
    },
  }
}
