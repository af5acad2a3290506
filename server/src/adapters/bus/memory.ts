import { EventEmitter } from 'node:events'
import type { Bus, BusEvent } from '../../bus/Bus.js'

/** The single-process bus: a plain emitter, used when REDIS_URL is unset. */
export function memoryBus(): Bus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    async publish(topic, event) {
      emitter.emit(topic, event)
    },
    subscribe(topic, handler: (e: BusEvent) => void) {
      emitter.on(topic, handler)
      return () => emitter.off(topic, handler)
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners()
    },
  }
}
