import type { Db, Queryable } from '../db/Db.js'

/**
 * Password attempts (login and lock password). Each key allows `free` failures in a streak; from
 * then on every further attempt waits a delay that doubles, up to `maxDelaySeconds`. A streak
 * starts over `windowMinutes` after its last attempt (or the end of its block).
 */
export const THROTTLE = {
  windowMinutes: 15,
  /** One account from one address: what a single guesser gets. */
  perPair: 5,
  /** One account from every address it has never logged in from: a guesser spread over many addresses. */
  perAccount: 30,
  /** One address over every account it has never logged in to: one address trying many accounts. */
  perAddress: 20,
  firstDelaySeconds: 60,
  maxDelaySeconds: 3600,
} as const

export interface ThrottleKey {
  key: string
  free: number
}

export const pairKey = (account: string, address: string): ThrottleKey => ({ key: `pair:${account}|${address}`, free: THROTTLE.perPair })
export const accountKey = (account: string): ThrottleKey => ({ key: `acct:${account}`, free: THROTTLE.perAccount })
export const addressKey = (address: string): ThrottleKey => ({ key: `ip:${address}`, free: THROTTLE.perAddress })

/** The block set after the `failures`-th failure of a streak, or null while failures are still free. */
export function delaySeconds(failures: number, free: number): number | null {
  if (failures < free) return null
  return Math.min(THROTTLE.firstDelaySeconds * 2 ** Math.min(failures - free, 20), THROTTLE.maxDelaySeconds)
}

type Row = { key: string; failures: number; last_at: Date; blocked_until: Date | null; now: Date }

/**
 * Takes one attempt on every key at once, before the password is checked: the attempt counts as
 * a failure until `forgiveAttempt` says it succeeded. The rows are locked for the transaction,
 * so a burst of parallel attempts is counted one by one and no more than `free` of them reach
 * the password check. Answers 0, or the seconds to wait when a key is blocked (nothing is counted then).
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<number> {
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key))
  const names = sorted.map((k) => k.key)
  return db.tx(async (q) => {
    await q.query('INSERT INTO login_throttle (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO NOTHING', [names])
    const { rows } = await q.query<Row>(
      'SELECT key, failures, last_at, blocked_until, now() AS now FROM login_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE',
      [names],
    )
    const now = rows[0] ? new Date(rows[0].now).getTime() : Date.now()
    const wait = Math.max(0, ...rows.map((r) => (r.blocked_until ? new Date(r.blocked_until).getTime() - now : 0)))
    if (wait > 0) return Math.ceil(wait / 1000)
    const windowMs = THROTTLE.windowMinutes * 60_000
    for (const row of rows) {
      const free = sorted.find((k) => k.key === row.key)!.free
      const since = Math.max(new Date(row.last_at).getTime(), row.blocked_until ? new Date(row.blocked_until).getTime() : 0)
      const failures = now - since > windowMs ? 1 : row.failures + 1
      const delay = delaySeconds(failures, free)
      await q.query(
        `UPDATE login_throttle SET failures = $2, last_at = now(),
           blocked_until = CASE WHEN $3::int IS NULL THEN NULL ELSE now() + make_interval(secs => $3::int) END
         WHERE key = $1`,
        [row.key, failures, delay],
      )
    }
    // Rows of old streaks are useless; trimming here keeps the table small without a scheduler.
    await q.query(
      `DELETE FROM login_throttle WHERE greatest(last_at, coalesce(blocked_until, last_at)) < now() - make_interval(mins => $1)`,
      [THROTTLE.windowMinutes * 2],
    )
    return 0
  })
}

/**
 * The reserved attempt succeeded: the pair's streak ends, and the wider keys give back the one
 * failure the reservation counted (with any block that failure alone set).
 */
export async function forgiveAttempt(db: Queryable, pair: ThrottleKey, wider: ThrottleKey[]): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [pair.key])
  for (const { key, free } of wider) {
    await db.query(
      `UPDATE login_throttle SET failures = greatest(failures - 1, 0),
         blocked_until = CASE WHEN failures - 1 < $2 THEN NULL ELSE blocked_until END
       WHERE key = $1`,
      [key, free],
    )
  }
}

/** The user-facing refusal text for a wait of `seconds`, in whole minutes rounded up. */
export const throttledText = (seconds: number) => `登录失败次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`

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
