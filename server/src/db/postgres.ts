import pg from 'pg'
import type { Db, Queryable } from './Db.js'

// BIGINT and NUMERIC come back as numbers: our sequences and counters stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v))

/**
 * Parameterised statements run as named prepared statements: each connection parses and plans
 * a text once instead of on every call (on the send path this cut PostgreSQL's CPU per message
 * by about a third). The names are per SQL text; texts built on the fly (multi-row inserts of
 * varying size) stop being named after PREPARED_TEXTS_MAX, so a connection's cache stays bounded.
 */
const PREPARED_TEXTS_MAX = 500

function statementNames() {
  const names = new Map<string, string>()
  return (sql: string): string | undefined => {
    let name = names.get(sql)
    if (name === undefined && names.size < PREPARED_TEXTS_MAX) {
      name = `q${names.size + 1}`
      names.set(sql, name)
    }
    return name
  }
}

function wrap(c: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string | undefined): Queryable {
  return {
    async query(sql, params, options) {
      const values = params as unknown[] | undefined
      const name = values && values.length > 0 && !options?.planPerCall ? nameOf(sql) : undefined
      const res = name ? await c.query({ name, text: sql, values }) : await c.query(sql, values)
      return { rows: res.rows, rowCount: res.rowCount ?? 0 }
    },
    async exec(sql) {
      await c.query(sql)
    },
  }
}

/** Connections kept open however quiet it gets: a send's rule query and two batches in flight, and one for the rest. */
const POOL_MIN_IDLE = 4

export async function openPostgres(url: string): Promise<Db> {
  // Connections idle for 10 s close down to POOL_MIN_IDLE, not to none: after a quiet spell the
  // first send found no connection and paid a new one (and its prepared statements) before its
  // acknowledgement.
  const pool = new pg.Pool({ connectionString: url, max: 10, min: POOL_MIN_IDLE })
  await pool.query('SELECT 1')
  const nameOf = statementNames()
  const base = wrap(pool, nameOf)
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async tx(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client, nameOf))
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}
