import type { AppContext } from '../context.js'
import { appliedMigrations } from '../data/ops.js'

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

export interface Readiness {
  ready: boolean
  checks: { database: string; migrations: string; bus: string }
}

/** The database answers with every migration of `expected` applied, and the bus answers. */
export async function readiness(ctx: Pick<AppContext, 'db' | 'bus'>, expected: readonly string[]): Promise<Readiness> {
  const checks = { database: 'ok', migrations: 'ok', bus: 'ok' }
  await Promise.all([
    within(appliedMigrations(ctx.db), CHECK_TIMEOUT_MS).then(
      (applied) => {
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
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks }
}
