import { z } from 'zod'
import { route } from './route'

/** Liveness: the process answers. */
export const HealthResult = z.object({ status: z.literal('ok'), uptimeSeconds: z.number().int().nonnegative() })

const Checks = z.object({
  database: z.string(),
  migrations: z.string(),
  bus: z.string(),
})

/**
 * Readiness: each check is 'ok' or why not. Not ready answers HTTP 503 with code 503 and the
 * same data, so a load balancer and a person read it alike.
 */
export const ReadyResult = z.object({ status: z.enum(['ready', 'not ready']), checks: Checks })

/** Operations: probes for load balancers and service managers. Public, read nothing about users. */
export const opsRoutes = {
  health: route({ method: 'GET', path: '/health', summary: 'Liveness: the process is running', answer: HealthResult }),
  ready: route({ method: 'GET', path: '/ready', summary: 'Readiness: database, migrations and bus answer', answer: ReadyResult }),
}
