import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Db, Queryable } from './Db.js'

/**
 * PGlite has no autovacuum, so nothing ever runs ANALYZE: a table keeps the statistics of the
 * day it was created (often "empty"), and the plans cached inside im_send and other functions
 * stay sequential scans as it grows. Measured on the send path: about 4 ms per message on
 * fresh tables, 0.1-0.8 ms once analysed. So we do autovacuum's analyze part ourselves: every
 * few seconds, tables changed by more than 50 rows + 10 % since their last ANALYZE (its
 * default thresholds) are analysed.
 */
const STATS_CHECK_MS = 5_000
const CHANGED_TABLES = `
  SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`

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
  // Message search's trigram indexes (migration 018) need the extension in every session that
  // writes messages.
  const pg = await PGlite.create({ dataDir: dir ?? undefined, extensions: { pg_trgm } })
  const base = wrap(pg)
  let closed = false
  let timer: NodeJS.Timeout | null = null
  const analyzeChanged = async () => {
    const { rows } = await pg.query<{ name: string }>(CHANGED_TABLES)
    for (const r of rows) if (!closed) await pg.exec(`ANALYZE ${r.name}`)
  }
  const schedule = () => {
    if (closed) return
    timer = setTimeout(() => void analyzeChanged().catch(() => undefined).finally(schedule), STATS_CHECK_MS)
    timer.unref()
  }
  schedule()
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    close: () => {
      closed = true
      if (timer) clearTimeout(timer)
      return pg.close()
    },
  }
}
