import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './domain/demo.js'
import { startupSummary } from './ops/logging.js'

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
  await app.listen({ port: config.port, host: config.host })
  app.log.info({ ...startupSummary(config), readyMs: Date.now() - started }, 'startup configuration')
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(
    `微谈 is listening on http://${shown === '127.0.0.1' ? 'localhost' : shown}:${config.port}  ` +
      `(database: ${ctx.db.kind}, bus: ${config.redisUrl ? 'redis' : 'in-process'}, ready in ${Date.now() - started} ms)`,
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    await built.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
