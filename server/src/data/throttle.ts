import type { Queryable } from '../db/Db.js'
import type { ThrottleRow } from '../domain/throttle.js'

/** Makes sure every key has a row, so the reservation can lock them all. */
export async function ensureThrottleRows(q: Queryable, names: string[]): Promise<void> {
  await q.query('INSERT INTO login_throttle (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO NOTHING', [names])
}

/** The keys' rows, locked for the transaction in key order; attempts in flight longer than `pendingTtlSeconds` no longer count. */
export async function lockThrottleRows(q: Queryable, names: string[], pendingTtlSeconds: number): Promise<ThrottleRow[]> {
  const { rows } = await q.query<ThrottleRow>(
    `SELECT key, failures, last_at, blocked_until, now() AS now,
            CASE WHEN pending_at > now() - make_interval(secs => $2) THEN pending ELSE 0 END AS pending
     FROM login_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
    [names, pendingTtlSeconds],
  )
  return rows
}

/** Takes one attempt on a key: its streak's failures so far and one more attempt in flight. */
export async function reserveOnKey(q: Queryable, key: string, failures: number, pending: number): Promise<void> {
  await q.query('UPDATE login_throttle SET failures = $2, pending = $3, pending_at = now(), last_at = now(), blocked_until = NULL WHERE key = $1', [key, failures, pending])
}

/** Drops the rows of streaks over for `minutes`. */
export async function trimThrottle(q: Queryable, minutes: number): Promise<void> {
  await q.query(
    `DELETE FROM login_throttle WHERE greatest(last_at, coalesce(blocked_until, last_at)) < now() - make_interval(mins => $1)`,
    [minutes],
  )
}

export async function deleteThrottleKey(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM login_throttle WHERE key = $1', [key])
}

/** Counts a failure on a key; the one that uses up its `free` failures sets a block doubling from `firstDelay` up to `maxDelay` seconds. */
export async function countFailure(q: Queryable, key: string, free: number, firstDelay: number, maxDelay: number): Promise<void> {
  await q.query(
    `UPDATE login_throttle SET pending = greatest(pending - 1, 0), failures = failures + 1, last_at = now(),
       blocked_until = CASE WHEN failures + 1 >= $2
         THEN now() + make_interval(secs => least($3 * power(2, least(failures + 1 - $2, 20)), $4)::int) END
     WHERE key = $1`,
    [key, free, firstDelay, maxDelay],
  )
}

export async function releasePending(q: Queryable, key: string): Promise<void> {
  await q.query('UPDATE login_throttle SET pending = greatest(pending - 1, 0) WHERE key = $1', [key])
}

export async function isKnownAddress(db: Queryable, wtId: string, address: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM login_known_addresses WHERE wt_id = $1 AND address = $2', [wtId, address])
  return rows.length > 0
}

export async function rememberAddress(db: Queryable, wtId: string, address: string): Promise<void> {
  await db.query(
    `INSERT INTO login_known_addresses (wt_id, address) VALUES ($1, $2)
     ON CONFLICT (wt_id, address) DO UPDATE SET last_at = now()`,
    [wtId, address],
  )
}
