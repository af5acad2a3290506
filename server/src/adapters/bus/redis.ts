import { Redis } from 'ioredis'
import type { Bus, BusEvent } from '../../bus/Bus.js'

export interface RedisBusHooks {
  /** Seconds between an event's publish (on any process) and its arrival here. */
  delivered?(lagSeconds: number): void
}

/**
 * Redis pub/sub between server processes. One connection publishes, one subscribes; each
 * topic is subscribed in Redis while at least one local handler wants it. Each event carries
 * its publish time (`at`, ms) for the delivery-lag metric; processes that do not know the
 * field ignore it.
 */
export async function redisBus(url: string, prefix = 'im:', hooks: RedisBusHooks = {}): Promise<Bus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  await Promise.all([pub.connect(), sub.connect()])
  const handlers = new Map<string, Set<(e: BusEvent) => void>>()

  sub.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel.slice(prefix.length))
    if (!set) return
    let event: BusEvent & { at?: number }
    try {
      event = JSON.parse(raw) as BusEvent & { at?: number }
    } catch {
      return
    }
    if (hooks.delivered && typeof event.at === 'number') hooks.delivered(Math.max(0, Date.now() - event.at) / 1000)
    for (const h of set) h(event)
  })

  return {
    async publish(topic, event) {
      await pub.publish(prefix + topic, JSON.stringify({ ...event, at: Date.now() }))
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic)
      if (!set) {
        set = new Set()
        handlers.set(topic, set)
        void sub.subscribe(prefix + topic)
      }
      set.add(handler)
      return () => {
        const current = handlers.get(topic)
        if (!current) return
        current.delete(handler)
        if (current.size === 0) {
          handlers.delete(topic)
          void sub.unsubscribe(prefix + topic)
        }
      }
    },
    async ping() {
      await pub.ping()
    },
    async close() {
      handlers.clear()
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
