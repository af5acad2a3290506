import type { Queryable } from '../db/Db.js'

/** Failed logins allowed per window before further attempts are refused. */
export const THROTTLE = {
  windowMinutes: 15,
  perAccount: 5,
  perAddress: 20,
} as const

export const accountKey = (id: string) => `acct:${id}`
export const addressKey = (ip: string) => `ip:${ip}`

/**
 * Minutes until the first of `keys` that is over its limit may try again, or 0 when none is.
 * Counting rows in the window is exact across server processes, unlike an in-memory counter.
 */
export async function throttledFor(db: Queryable, keys: { key: string; limit: number }[]): Promise<number> {
  let wait = 0
  for (const { key, limit } of keys) {
    const { rows } = await db.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*)::int AS n, min(at) AS oldest FROM login_failures
       WHERE key = $1 AND at > now() - make_interval(mins => $2)`,
      [key, THROTTLE.windowMinutes],
    )
    const { n, oldest } = rows[0]!
    if (n >= limit && oldest) {
      const until = new Date(oldest).getTime() + THROTTLE.windowMinutes * 60_000
      wait = Math.max(wait, Math.ceil((until - Date.now()) / 60_000))
    }
  }
  return Math.max(wait, 0)
}

export async function recordFailure(db: Queryable, keys: string[]): Promise<void> {
  for (const key of keys) await db.query('INSERT INTO login_failures (key) VALUES ($1)', [key])
  // Old rows are useless; trimming here keeps the table small without a scheduler.
  await db.query(`DELETE FROM login_failures WHERE at < now() - make_interval(mins => $1)`, [THROTTLE.windowMinutes * 2])
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [key])
}
