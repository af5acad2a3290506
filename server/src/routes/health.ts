import type { FastifyInstance } from 'fastify'
import { ResultCode } from '../../../types/codes.js'
import { opsRoutes } from '../../../types/routes/ops.js'
import { readiness } from '../app/ops.js'
import type { AppContext } from '../context.js'
import { migrationFiles } from '../db/migrate.js'
import { ok } from '../http/envelope.js'
import { serve } from '../http/serve.js'

/**
 * /api/health answers while the process runs (liveness: restart it when this fails);
 * /api/ready only when the database answers with every migration this build knows applied and
 * the bus answers (readiness: send it traffic). Both are public and read nothing about users.
 */
export function healthPlugin(ctx: AppContext, dir?: string) {
  const started = Date.now()
  const expected = migrationFiles(dir)
  // Probes come often and from one address (the load balancer); they must not count against, or hit, the API limit.
  const probe = { rateLimit: false as const }
  return async (app: FastifyInstance) => {
    serve(app, opsRoutes.health, probe, async () => ok({ status: 'ok' as const, uptimeSeconds: Math.floor((Date.now() - started) / 1000) }))

    serve(app, opsRoutes.ready, probe, async (_req, reply) => {
      const { ready, checks } = await readiness(ctx, expected)
      if (ready) return ok({ status: 'ready' as const, checks })
      reply.status(503)
      return { code: ResultCode.ServiceUnavailable, msg: '服务暂不可用', data: { status: 'not ready' as const, checks } }
    })
  }
}
