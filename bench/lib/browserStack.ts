import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import { ensureH5Build } from '../../scripts/ensure-h5-build.mjs'
import { startServer } from '../../scripts/server-process.mjs'

/** What a browser benchmark runs against: the built app's server on a database of its own, and Chromium. */
export interface BrowserStack {
  server: Awaited<ReturnType<typeof startServer>>
  /** A connection to the bench's database, for seeding. */
  db: pg.Client
  browser: Browser
  /** Stops everything and drops the database. */
  close(): Promise<void>
}

/**
 * Builds the H5 app if stale, makes a database `<name>_<random>` on the PostgreSQL at `pgUrl`,
 * starts the real server on it and launches Chromium.
 */
export async function startBrowserStack(name: string, pgUrl: string): Promise<BrowserStack> {
  await ensureH5Build({ quiet: true })
  const dbName = `${name}_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  const dbUrl = new URL(pgUrl)
  dbUrl.pathname = `/${dbName}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const server = await startServer({ dataDir, env: { DATABASE_URL: dbUrl.toString(), REDIS_URL: undefined, DEMO_DATA: undefined } })
  const db = new pg.Client({ connectionString: dbUrl.toString() })
  await db.connect()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  return {
    server,
    db,
    browser,
    async close() {
      await browser.close()
      await db.end()
      await server.stop()
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined)
      await admin.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
