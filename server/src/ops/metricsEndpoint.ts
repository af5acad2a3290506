import http from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { MetricsConfig } from '../config.js'
import type { Db } from '../db/Db.js'
import { liveCallCount } from '../data/ops.js'
import type { Metrics } from './metrics.js'

export interface ScrapeSources {
  metrics: Metrics
  db: Db
  openSockets(): number
}

/** Gauges that are read rather than counted are brought up to date at each scrape. */
async function exposition(src: ScrapeSources): Promise<string> {
  const { metrics, db } = src
  metrics.openSockets.set(src.openSockets())
  const pool = db.poolStats?.()
  if (pool) for (const [state, n] of Object.entries(pool)) metrics.dbPool.set({ state }, n)
  try {
    metrics.activeCalls.set(await liveCallCount(db))
  } catch {
    // A database outage shows in the query series and /api/ready; the scrape still answers.
  }
  return metrics.registry.metrics()
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** GET /metrics on the main port, for a scraper that presents METRICS_TOKEN as a bearer token. */
export function metricsRoute(src: ScrapeSources, token: string) {
  return async (app: FastifyInstance) => {
    app.get('/metrics', async (req, reply) => {
      const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? ''
      if (!sameSecret(given, token)) return reply.status(401).type('text/plain').send('Unauthorized')
      return reply.type(src.metrics.registry.contentType).send(await exposition(src))
    })
  }
}

/** /metrics on a port of its own (METRICS_PORT), reachable only where METRICS_HOST is bound. */
export async function startMetricsServer(src: ScrapeSources, config: MetricsConfig): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
      return
    }
    exposition(src).then(
      (text) => res.writeHead(200, { 'content-type': src.metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port ?? 0, config.host, () => resolve())
  })
  return server
}
