import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'

/**
 * Who has a socket open now, on any server process. Each process counts its own sockets; a
 * reader asks about many users at once (a group's offline members).
 */
export interface Presence {
  connected(wtId: string): void
  disconnected(wtId: string): void
  /**
   * Whether the user has a socket open anywhere, when this process can tell without asking
   * anyone (it holds every count); null when only `online` can tell.
   */
  onlineNow(wtId: string): boolean | null
  /** The users among `wtIds` with at least one socket open anywhere. */
  online(wtIds: readonly string[]): Promise<Set<string>>
  close(): Promise<void>
}

/** One process: its own sockets are all there is. */
export function memoryPresence(): Presence {
  const counts = new Map<string, number>()
  return {
    connected(wtId) {
      counts.set(wtId, (counts.get(wtId) ?? 0) + 1)
    },
    disconnected(wtId) {
      const n = (counts.get(wtId) ?? 0) - 1
      if (n > 0) counts.set(wtId, n)
      else counts.delete(wtId)
    },
    onlineNow: (wtId) => counts.has(wtId),
    async online(wtIds) {
      return new Set(wtIds.filter((id) => counts.has(id)))
    },
    async close() {
      counts.clear()
    },
  }
}

/** How often a process says it is alive, and how long its word lasts when it stops saying so. */
const BEAT_MS = 10_000
const BEAT_TTL_S = 30

/**
 * Many processes: a hash per user (process → open sockets) and a key per process that lives
 * while the process beats. Counts left behind by a process that died are ignored once its key
 * expires, so a crash never leaves a user "online" (and never pushed to) for good.
 */
export async function redisPresence(url: string, prefix = 'im:presence:'): Promise<Presence> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  await redis.connect()
  const me = randomUUID()
  const aliveKey = (proc: string) => `${prefix}proc:${proc}`
  const userKey = (wtId: string) => `${prefix}user:${wtId}`
  const beat = () => redis.set(aliveKey(me), '1', 'EX', BEAT_TTL_S).catch(() => undefined)
  await beat()
  const timer = setInterval(() => void beat(), BEAT_MS)
  timer.unref()
  return {
    connected(wtId) {
      void redis.hincrby(userKey(wtId), me, 1).catch(() => undefined)
    },
    disconnected(wtId) {
      void redis
        .hincrby(userKey(wtId), me, -1)
        .then((n) => (n <= 0 ? redis.hdel(userKey(wtId), me) : 0))
        .catch(() => undefined)
    },
    onlineNow: () => null,
    async online(wtIds) {
      if (wtIds.length === 0) return new Set()
      const batch = redis.pipeline()
      for (const id of wtIds) batch.hgetall(userKey(id))
      const answers = (await batch.exec()) ?? []
      const holders = new Map<string, string[]>()
      answers.forEach(([, value], i) => {
        const procs = Object.entries((value ?? {}) as Record<string, string>)
          .filter(([, n]) => Number(n) > 0)
          .map(([proc]) => proc)
        if (procs.length > 0) holders.set(wtIds[i]!, procs)
      })
      const procs = [...new Set([...holders.values()].flat())]
      if (procs.length === 0) return new Set()
      const alive = await redis.mget(procs.map(aliveKey))
      const live = new Set(procs.filter((_, i) => alive[i] !== null))
      return new Set([...holders].filter(([, p]) => p.some((x) => live.has(x))).map(([id]) => id))
    },
    async close() {
      clearInterval(timer)
      await redis.del(aliveKey(me)).catch(() => undefined)
      await redis.quit().catch(() => undefined)
    },
  }
}
