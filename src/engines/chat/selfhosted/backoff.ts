export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseMs: number
  /** Ceiling of the exponential growth. */
  maxMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 30_000 }

/**
 * Exponential backoff with "equal jitter": half the capped exponential delay is fixed, the other
 * half random, so clients that dropped together (a server restart) do not return together.
 * `attempt` counts from 0.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt))
  return Math.round(exponential / 2 + random() * (exponential / 2))
}
