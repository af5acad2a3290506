/** The one database interface the domain code sees; PGlite and PostgreSQL both implement it. */
export interface QueryOptions {
  /**
   * Plan this call for its own parameters instead of reusing a prepared statement's plan.
   * PostgreSQL turns a prepared statement to a generic plan after five calls; for a query whose
   * best plan depends on who asks (how many friends a viewer has), that plan can be ten times slower.
   */
  planPerCall?: boolean
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: R[]; rowCount: number }>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** PostgreSQL's connection pool, for the metrics; PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number }
}

/** Repositories take an optional transaction and fall back to the pool. */
export type Conn = Queryable
