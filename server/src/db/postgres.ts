import pg from 'pg'
import type { Db, Queryable } from './Db.js'

// BIGINT and NUMERIC come back as numbers: our sequences and counters stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v))

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const res = await c.query(sql, params as unknown[])
      return { rows: res.rows, rowCount: res.rowCount ?? 0 }
    },
    async exec(sql) {
      await c.query(sql)
    },
  }
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  await pool.query('SELECT 1')
  const base = wrap(pool)
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async tx(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
