import type { FastifyInstance } from 'fastify'
import { ResultCode } from '../../../types/codes.js'
import { opsRoutes } from '../../../types/routes/ops.js'
import type { AppContext } from '../context.js'
import { migrationFiles } from '../db/migrate.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/** A check that takes longer than this counts as failed: a load balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 2000

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * /api/health answers while the process runs (liveness: restart it when this fails);
 * /api/ready only when the database answers with every migration this build knows applied and
 * the bus answers (readiness: send it traffic). Both are public and read nothing about users.
 */
export function healthRoutes(ctx: AppContext, dir?: string) {
  const started = Date.now()
  const expected = migrationFiles(dir)
  // Probes come often and from one address (the load balancer); they must not count against, or hit, the API limit.
  const probe = { rateLimit: false as const }
  return async (app: FastifyInstance) => {
    serve(app, opsRoutes.health, probe, async () => ok({ status: 'ok' as const, uptimeSeconds: Math.floor((Date.now() - started) / 1000) }))

    serve(app, opsRoutes.ready, probe, async (_req, reply) => {
      const checks = { database: 'ok', migrations: 'ok', bus: 'ok' }
      await Promise.all([
        within(ctx.db.query<{ version: string }>('SELECT version FROM schema_migrations'), CHECK_TIMEOUT_MS).then(
          ({ rows }) => {
            const applied = new Set(rows.map((r) => r.version))
            const missing = expected.filter((f) => !applied.has(f))
            if (missing.length) checks.migrations = `not applied: ${missing.join(', ')}`
          },
          (err: unknown) => {
            checks.database = failure(err)
            checks.migrations = 'unknown'
          },
        ),
        within(ctx.bus.ping(), CHECK_TIMEOUT_MS).catch((err: unknown) => {
          checks.bus = failure(err)
        }),
      ])
      const ready = Object.values(checks).every((v) => v === 'ok')
      if (ready) return ok({ status: 'ready' as const, checks })
      reply.status(503)
      return { code: ResultCode.ServiceUnavailable, msg: '服务暂不可用', data: { status: 'not ready' as const, checks } }
    })
  }
}
