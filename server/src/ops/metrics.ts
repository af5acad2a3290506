import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** Latency buckets in seconds: sub-millisecond database calls up to multi-second stalls. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/**
 * The process's Prometheus series (names in docs/operations.md, plotted by
 * deploy/grafana-dashboard.json). One registry per app, so several apps in one test process
 * keep their own counts.
 */
export function createMetrics() {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry, prefix: 'weitalk_' })
  return {
    registry,
    httpRequests: new Counter({
      name: 'weitalk_http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'weitalk_http_request_duration_seconds',
      help: 'HTTP request latency by route and method',
      labelNames: ['method', 'route'] as const,
      buckets: FAST_BUCKETS,
      registers,
    }),
    openSockets: new Gauge({ name: 'weitalk_ws_open_sockets', help: 'WebSocket connections open on this process', registers }),
    slowSocketCloses: new Counter({
      name: 'weitalk_ws_slow_closes_total',
      help: 'Sockets closed because their reader fell further behind than WS_BACKLOG_KB',
      registers,
    }),
    messagesAcked: new Counter({ name: 'weitalk_messages_acked_total', help: 'Messages stored and acknowledged to their sender', registers }),
    sendFailures: new Counter({
      name: 'weitalk_message_send_failures_total',
      help: 'Sends answered with a nack, by code',
      labelNames: ['code'] as const,
      registers,
    }),
    sendToAck: new Histogram({
      name: 'weitalk_message_send_ack_seconds',
      help: 'From a send frame being handled to its acknowledgement',
      buckets: FAST_BUCKETS,
      registers,
    }),
    fanout: new Histogram({
      name: 'weitalk_message_fanout_seconds',
      help: "From a message's acknowledgement until it is published to every recipient",
      buckets: FAST_BUCKETS,
      registers,
    }),
    busPublish: new Histogram({
      name: 'weitalk_bus_publish_seconds',
      help: 'Time to hand one event to the bus (a Redis round trip with REDIS_URL)',
      buckets: FAST_BUCKETS,
      registers,
    }),
    busLag: new Histogram({
      name: 'weitalk_bus_delivery_lag_seconds',
      help: 'From publishing an event on one process to receiving it on this one (Redis bus)',
      buckets: FAST_BUCKETS,
      registers,
    }),
    dbQuery: new Histogram({
      name: 'weitalk_db_query_duration_seconds',
      help: 'Database statement latency (transactions count as one)',
      labelNames: ['kind'] as const,
      buckets: FAST_BUCKETS,
      registers,
    }),
    dbPool: new Gauge({
      name: 'weitalk_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'] as const,
      registers,
    }),
    activeCalls: new Gauge({ name: 'weitalk_calls_active', help: 'Calls ringing or connected (all processes: read from the database)', registers }),
    callEvents: new Counter({
      name: 'weitalk_call_events_total',
      help: 'Call messages stored, by action (invite, accept, reject, cancel, hangup, timeout)',
      labelNames: ['action'] as const,
      registers,
    }),
    logins: new Counter({ name: 'weitalk_logins_total', help: 'Successful logins and registrations', registers }),
    loginFailures: new Counter({ name: 'weitalk_login_failures_total', help: 'Logins refused for wrong credentials', registers }),
    rateLimited: new Counter({
      name: 'weitalk_rate_limit_refusals_total',
      help: 'Requests refused with 429, by route',
      labelNames: ['route'] as const,
      registers,
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

/** Seconds since a `performance.now()` reading. */
export const secondsSince = (start: number) => (performance.now() - start) / 1000
