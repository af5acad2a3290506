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

/** A key's row as the reservation reads it (locked): `pending` counts only attempts still in flight. */
export type ThrottleRow = { key: string; failures: number; last_at: Date; blocked_until: Date | null; pending: number; now: Date }

/** An attempt in flight longer than this (its process died) no longer holds others back. */
export const PENDING_TTL_SECONDS = 120

/** What a reservation allows: the password check, a wait for a block, or a wait for the attempts ahead of it. */
export type Reservation = { kind: 'go' } | { kind: 'blocked'; seconds: number } | { kind: 'busy' }

/** A key's streak as the reservation counts it: failures older than the window are forgotten. */
export interface CountedKey {
  row: ThrottleRow
  failures: number
  free: number
}

/**
 * Whether one more attempt on these keys (their rows locked) may go ahead: refused while any key
 * is blocked; `busy` when the failures already made plus the attempts in flight reach a key's
 * free ones, so the caller tries again when those have settled. On `go`, `counted` holds each
 * key's streak to write back with one more attempt in flight.
 */
export function decideReservation(keys: ThrottleKey[], rows: ThrottleRow[]): Reservation & { counted: CountedKey[] } {
  const now = rows[0] ? new Date(rows[0].now).getTime() : Date.now()
  const wait = Math.max(0, ...rows.map((r) => (r.blocked_until ? new Date(r.blocked_until).getTime() - now : 0)))
  if (wait > 0) return { kind: 'blocked', seconds: Math.ceil(wait / 1000), counted: [] }
  const windowMs = THROTTLE.windowMinutes * 60_000
  const counted = rows.map((row) => {
    const since = Math.max(new Date(row.last_at).getTime(), row.blocked_until ? new Date(row.blocked_until).getTime() : 0)
    return { row, failures: now - since > windowMs ? 0 : row.failures, free: keys.find((k) => k.key === row.key)!.free }
  })
  if (counted.some((c) => c.row.pending > 0 && c.failures + c.row.pending >= c.free)) return { kind: 'busy', counted: [] }
  return { kind: 'go', counted }
}

/** How a reserved attempt ended: a wrong password, a right one, or neither (the check itself failed). */
export type AttemptOutcome = 'failed' | 'succeeded' | 'abandoned'

/** The user-facing refusal text for a wait of `seconds`, in whole minutes rounded up. */
export const throttledText = (seconds: number) => `登录失败次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`
