import type { FastifyBaseLogger } from 'fastify'
import type { Bus } from './bus/Bus.js'
import type { Config } from './config.js'
import type { Db } from './db/Db.js'
import type { JanusSfu } from './domain/calls/janusSfu.js'
import type { FirstPageCache } from './domain/moments/firstPages.js'
import type { Moderation } from './domain/moderation.js'
import type { Metrics } from './ops/metrics.js'

/** What every route and service needs; built once per app and passed explicitly. */
export interface AppContext {
  config: Config
  db: Db
  bus: Bus
  /** HMAC key for messaging signatures (imToken). */
  imSecret: string
  log: FastifyBaseLogger
  moderation: Moderation
  /** Group-call media through Janus when JANUS_URL is set; null keeps the browsers' mesh. */
  sfu: JanusSfu | null
  metrics: Metrics
  /** Viewers' first feed pages kept in this process, dropped on the feeds topic of the bus. */
  firstPages: FirstPageCache
  /** Sockets open on this process now (the console's overview); set once the gateway runs. */
  connectionCount?: () => number
}
