import { buildApp } from './compose.js'
import { loadConfig } from './config.js'
import { applyAdminPhones } from './data/adminPhones.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './domain/demo.js'
import { seedDemoData } from './app/demo.js'
import { startupSummary } from './ops/logging.js'

/** Past this a stop gives up waiting for sockets, requests and the database. */
const STOP_LIMIT_MS = 25_000

/** Starts the server from the environment (README's configuration table). */
async function main() {
  const started = Date.now()
  const config = loadConfig()
  const built = await buildApp(config)
  const { app, ctx } = built
  if (config.demoData) {
    // Seeded once, on an empty database; listed on every start so the first screen says how to log in.
    await seedDemoData(ctx)
    const lines = DEMO_ACCOUNTS.map((a) => `  ${a.phone}  /  ${DEMO_PASSWORD}   ID ${a.wtId}   ${a.nickName}${a.vipType ? ` (VIP ${a.vipLevel})` : ''}`)
    console.log(['', 'Demo accounts (phone / password):', ...lines, ''].join('\n'))
  }
  // After the demo accounts exist, so a listed demo phone is held by its account at this start.
  const phones = await applyAdminPhones(ctx.db, config.adminPhones)
  if (phones.granted.length) app.log.info({ wtIds: phones.granted }, 'ADMIN_PHONES: operator role granted')
  if (phones.unclaimed.length) {
    app.log.warn({ phones: phones.unclaimed }, 'ADMIN_PHONES: no account held these phones when they were first listed; they grant nothing (use npm run admin -- promote)')
  }
  await app.listen({ port: config.port, host: config.host })
  app.log.info({ ...startupSummary(config), readyMs: Date.now() - started }, 'startup configuration')
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(
    `微谈 is listening on http://${shown === '127.0.0.1' ? 'localhost' : shown}:${config.port}  ` +
      `(database: ${ctx.db.kind}, bus: ${config.redisUrl ? 'redis' : 'in-process'}, ready in ${Date.now() - started} ms)`,
  )

  // A container runtime sends SIGTERM and kills after a grace period (10 s by default in Docker and
  // podman, 30 s in Kubernetes): the drain (sockets, requests) and the database's close fit well
  // within the longer one, and a stop that hangs still ends on its own, with a failure code.
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const at = Date.now()
    app.log.info({ signal }, 'shutting down')
    setTimeout(() => {
      app.log.error({ signal, ms: Date.now() - at }, 'shutdown did not finish; exiting')
      process.exit(1)
    }, STOP_LIMIT_MS).unref()
    try {
      await built.close()
    } catch (err) {
      console.error(err)
      process.exit(1)
    }
    console.log(`微谈 stopped (${signal}) in ${Date.now() - at} ms`)
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
