import type { Bus } from '../bus/Bus.js'
import type { Db, Queryable } from '../db/Db.js'
import { secondsSince, type Metrics } from './metrics.js'

function timedQueryable(q: Queryable, observe: (seconds: number) => void): Queryable {
  return {
    async query(sql, params, options) {
      const start = performance.now()
      try {
        return await q.query(sql, params, options)
      } finally {
        observe(secondsSince(start))
      }
    },
    exec: q.exec.bind(q),
  }
}

/** The database with every statement (and every transaction, as one) timed into the query histogram. */
export function instrumentDb(db: Db, metrics: Metrics): Db {
  const histogram = metrics.dbQuery.labels({ kind: db.kind })
  const observe = (s: number) => histogram.observe(s)
  const timed = timedQueryable(db, observe)
  return {
    kind: db.kind,
    query: timed.query,
    exec: timed.exec,
    async tx(fn) {
      const start = performance.now()
      try {
        return await db.tx(fn)
      } finally {
        observe(secondsSince(start))
      }
    },
    close: () => db.close(),
    poolStats: db.poolStats?.bind(db),
  }
}

/** The bus with the time of each publish recorded. */
export function instrumentBus(bus: Bus, metrics: Metrics): Bus {
  return {
    async publish(topic, event) {
      const start = performance.now()
      try {
        await bus.publish(topic, event)
      } finally {
        metrics.busPublish.observe(secondsSince(start))
      }
    },
    subscribe: (topic, handler) => bus.subscribe(topic, handler),
    ping: () => bus.ping(),
    close: () => bus.close(),
  }
}
