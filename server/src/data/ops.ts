import type { Queryable } from '../db/Db.js'
import { LIVE_CALL } from './calls/live.js'

/** The migrations this database has applied, by file name. */
export async function appliedMigrations(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ version: string }>('SELECT version FROM schema_migrations')
  return new Set(rows.map((r) => r.version))
}

/** Calls that are ringing or under way now, for the metrics gauge. */
export async function liveCallCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM call_sessions cs WHERE ${LIVE_CALL}`)
  return rows[0]?.n ?? 0
}

/** Tables a bulk load fills, whose planner statistics are refreshed after it. */
export type AnalyzedTable = 'users' | 'user_config' | 'sessions' | 'groups' | 'group_members' | 'channels' | 'user_conversations'

/** Refreshes the planner's statistics of the given tables, one ANALYZE each. */
export async function analyzeTables(q: Queryable, tables: readonly AnalyzedTable[]): Promise<void> {
  for (const table of tables) await q.exec(`ANALYZE ${table}`)
}
