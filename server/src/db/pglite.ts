import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Db, Queryable } from './Db.js'

/**
 * PGlite has no autovacuum, so nothing ever runs ANALYZE: tables keep the statistics of the
 * day they were created (often "empty"), and the plans cached inside im_send and other
 * functions degrade to sequential scans as the tables grow. We refresh statistics ourselves,
 * soon after start and then periodically.
 */
const ANALYZE_FIRST_MS = 30_000
const ANALYZE_EVERY_MS = 10 * 60_000

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query(sql, params) {
      const res = await q.query(sql, params as unknown[])
      return { rows: res.rows as never[], rowCount: res.affectedRows ?? res.rows.length }
    },
    async exec(sql) {
      await q.exec(sql)
    },
  }
}

/** Embedded PostgreSQL in DATA_DIR/pgdata; `null` keeps it in memory (tests). */
export async function openPglite(dir: string | null): Promise<Db> {
  if (dir) fs.mkdirSync(dir, { recursive: true })
  const pg = dir ? await PGlite.create(dir) : await PGlite.create()
  const base = wrap(pg)
  let closed = false
  const analyze = () => {
    if (!closed) pg.exec('ANALYZE').catch(() => undefined)
  }
  const first = setTimeout(analyze, ANALYZE_FIRST_MS)
  const every = setInterval(analyze, ANALYZE_EVERY_MS)
  first.unref()
  every.unref()
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    close: () => {
      closed = true
      clearTimeout(first)
      clearInterval(every)
      return pg.close()
    },
  }
}
