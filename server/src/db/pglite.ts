import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { Db, Queryable } from './Db.js'

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
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    close: () => pg.close(),
  }
}
