import * as throttle from '../data/throttle.js'
import type { Db, Queryable } from '../db/Db.js'
import { decideReservation, PENDING_TTL_SECONDS, THROTTLE, type AttemptOutcome, type Reservation, type ThrottleKey } from '../domain/throttle.js'

/**
 * Takes one attempt on every key at once, before the password is checked. The rows are locked
 * for the transaction, so a parallel burst is counted one by one: an attempt goes ahead only
 * while the failures already made plus the attempts in flight stay under `free`; past that it
 * is `busy` and the caller tries again when those have settled. So no more than `free` wrong
 * passwords are ever compared, and a right one is never refused for failures it did not make.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<Reservation> {
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key))
  const names = sorted.map((k) => k.key)
  return db.tx(async (q) => {
    await throttle.ensureThrottleRows(q, names)
    const rows = await throttle.lockThrottleRows(q, names, PENDING_TTL_SECONDS)
    const { counted, ...decision } = decideReservation(sorted, rows)
    if (decision.kind !== 'go') return decision
    for (const c of counted) await throttle.reserveOnKey(q, c.row.key, c.failures, c.row.pending + 1)
    // Rows of old streaks are useless; trimming here keeps the table small without a scheduler.
    await throttle.trimThrottle(q, THROTTLE.windowMinutes * 2)
    return decision
  })
}

/**
 * Settles a reserved attempt. A failure is counted on every key, and the failure that uses up a
 * key's free ones sets its block; a success ends the pair's streak; either way the attempt is no
 * longer in flight.
 */
export async function settleAttempt(db: Queryable, pair: ThrottleKey, wider: ThrottleKey[], outcome: AttemptOutcome): Promise<void> {
  if (outcome === 'succeeded') await throttle.deleteThrottleKey(db, pair.key)
  for (const { key, free } of outcome === 'succeeded' ? wider : [pair, ...wider]) {
    if (outcome === 'failed') await throttle.countFailure(db, key, free, THROTTLE.firstDelaySeconds, THROTTLE.maxDelaySeconds)
    else await throttle.releasePending(db, key)
  }
}
