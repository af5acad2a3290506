import type { PushEndpoint, PushOptions, PushSender } from '../../adapters/webPush.js'
import { deleteSubscription } from '../../data/push.js'
import type { Queryable } from '../../db/Db.js'
import type { RunOutcome } from './queue.js'

/** One push to one subscription, as it waits in the delivery queue. */
export interface Delivery {
  to: PushEndpoint
  payload: string
  options: PushOptions
  /** What it is, for the counts. */
  kind: string
  attempt: number
  /** Epoch ms it was first queued: a retry past its TTL is pointless, the push service would drop it anyway. */
  queuedAt: number
}

export type DeliveryOutcome = 'sent' | 'pruned' | 'retried' | 'gaveUp' | 'refused'

export interface DeliveryDeps {
  db: Queryable
  sender: PushSender
  retryBaseMs: number
  maxAttempts: number
  counted(outcome: DeliveryOutcome, kind: string): void
  warn(fields: Record<string, unknown>, msg: string): void
}

/** Retry-After is honoured up to this long; a push service asking for more gets the regular back-off. */
const RETRY_AFTER_MAX_MS = 10 * 60_000

/**
 * Sends one push and decides what its answer means: 2xx done; 404 and 410 the subscription is
 * gone for good (RFC 8030 §7.3, the browser unsubscribed or the user reset it), so it is deleted;
 * 429 and 5xx try again with exponential back-off (or the service's Retry-After), up to the
 * attempts allowed and never past the push's TTL; any other answer is logged and dropped.
 */
export async function deliver(deps: DeliveryDeps, d: Delivery): Promise<RunOutcome> {
  let status: number
  let retryAfterSeconds: number | null = null
  try {
    const result = await deps.sender.send(d.to, d.payload, d.options)
    status = result.status
    retryAfterSeconds = result.retryAfterSeconds
  } catch (err) {
    status = 0
    deps.warn({ err, endpointHost: hostOf(d.to.endpoint) }, 'push service unreachable')
  }
  if (status >= 200 && status < 300) return deps.counted('sent', d.kind)
  if (status === 404 || status === 410) {
    await deleteSubscription(deps.db, d.to.endpoint)
    return deps.counted('pruned', d.kind)
  }
  if (status === 0 || status === 429 || status >= 500) {
    const backOff = deps.retryBaseMs * 2 ** (d.attempt - 1)
    const wait = retryAfterSeconds !== null && retryAfterSeconds * 1000 <= RETRY_AFTER_MAX_MS ? Math.max(backOff, retryAfterSeconds * 1000) : backOff
    const expired = Date.now() + wait > d.queuedAt + d.options.ttlSeconds * 1000
    if (d.attempt >= deps.maxAttempts || expired) {
      deps.warn({ status, attempts: d.attempt, endpointHost: hostOf(d.to.endpoint) }, 'push given up')
      return deps.counted('gaveUp', d.kind)
    }
    d.attempt += 1
    deps.counted('retried', d.kind)
    return { retryInMs: wait }
  }
  deps.warn({ status, endpointHost: hostOf(d.to.endpoint) }, 'push refused')
  return deps.counted('refused', d.kind)
}

/** Logs name the push service, never the endpoint (it is a bearer capability to reach the device). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return ''
  }
}
