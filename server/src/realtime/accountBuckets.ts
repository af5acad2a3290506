import { Redis } from 'ioredis'
import type { FrameBucket, SocketLimits } from '../config.js'

/** The buckets an account shares over all its sockets: the frames one person can flood others with. */
export type AccountBucketKind = 'send' | 'typing' | 'call'

/**
 * One account's send, typing and call budgets over all its sockets, so opening more sockets buys
 * no more messages. `take` answers false when the account's bucket is empty.
 */
export interface AccountBuckets {
  take(wtId: string, kind: AccountBucketKind): Promise<boolean> | boolean
  close(): Promise<void>
}

/** The account's bucket: `factor` times one socket's. */
export function accountBucket(limits: SocketLimits, kind: AccountBucketKind, factor: number): FrameBucket {
  const socket = limits[kind]
  return { burst: socket.burst * factor, perSecond: socket.perSecond * factor }
}

/** The buckets in this process's memory: one server process, or tests. */
export function memoryAccountBuckets(limits: SocketLimits, factor: number, now: () => number = Date.now): AccountBuckets {
  // One map per kind, its buckets updated in place: every send takes a token, and a key string and
  // two objects per take were garbage at thousands of messages a second.
  const kinds = new Map<AccountBucketKind, { limit: FrameBucket; state: Map<string, { left: number; at: number }> }>()
  const kindOf = (kind: AccountBucketKind) => {
    let k = kinds.get(kind)
    if (!k) kinds.set(kind, (k = { limit: accountBucket(limits, kind, factor), state: new Map() }))
    return k
  }
  let prunedAt = now()
  return {
    take(wtId, kind) {
      const { limit, state } = kindOf(kind)
      const t = now()
      // A bucket that has refilled is the same as none: dropped once a minute so idle accounts cost nothing.
      if (t - prunedAt > 60_000) {
        for (const { state: buckets } of kinds.values()) for (const [k, v] of buckets) if (v.at < t - 60_000) buckets.delete(k)
        prunedAt = t
      }
      const s = state.get(wtId)
      const left = s ? Math.min(limit.burst, s.left + ((t - s.at) / 1000) * limit.perSecond) : limit.burst
      const allowed = left >= 1
      const after = allowed ? left - 1 : left
      if (s) {
        s.left = after
        s.at = t
      } else state.set(wtId, { left: after, at: t })
      return allowed
    },
    async close() {
      kinds.clear()
    },
  }
}

/**
 * A token bucket in Redis, refilled by Redis's own clock so processes on machines whose clocks
 * disagree share one budget. The key expires once the bucket would be full again.
 */
const TAKE = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local s = redis.call('HMGET', KEYS[1], 'l', 't')
local left = tonumber(s[1]) or burst
local at = tonumber(s[2]) or now
left = math.min(burst, left + (now - at) / 1000 * rate)
local ok = 0
if left >= 1 then
  left = left - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'l', tostring(left), 't', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return ok
`

/**
 * The buckets in Redis, shared by every server process. A Redis outage lets frames through (the
 * per-socket buckets still hold) rather than refusing every message.
 */
export function redisAccountBuckets(url: string, limits: SocketLimits, factor: number, prefix = 'weitalk-ab:'): AccountBuckets {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
  redis.on('error', () => undefined)
  redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE })
  const take = (redis as unknown as { takeToken(key: string, burst: number, rate: number): Promise<number> }).takeToken.bind(redis)
  return {
    async take(wtId, kind) {
      const limit = accountBucket(limits, kind, factor)
      try {
        return (await take(`${prefix}${kind}:${wtId}`, limit.burst, limit.perSecond)) === 1
      } catch {
        return true
      }
    },
    async close() {
      await redis.quit().catch(() => undefined)
    },
  }
}
