import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ensureH5Build } from '../../../scripts/ensure-h5-build.mjs'
import { startServer } from '../../../scripts/server-process.mjs'
import { startLanguageProvider } from '../../support/language-provider-process.mjs'

/**
 * Builds dist/h5 if it is missing or stale, then runs the real server on a free port with a
 * throwaway data directory and the demo accounts. The returned function is the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await ensureH5Build({ quiet: true })
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weitalk-e2e-'))
  // A stand-in translation and speech provider, so translate and voice-to-text run end to end.
  const provider = await startLanguageProvider()
  const server = await startServer({
    dataDir,
    // A fresh embedded database and the in-process bus, whatever the caller's shell exports.
    // A three-second daily call cap, so the calls suite can reach it (calls/limit.spec.ts).
    env: { DEMO_DATA: '1', RATE_REGISTER_PER_HOUR: '100000', RATE_LOGIN_PER_MINUTE: '100000', RATE_API_PER_MINUTE: '100000', RATE_FRIEND_APPLY_PER_HOUR: '100000', RATE_UPLOAD_PER_HOUR: '100000', WS_SEND_BURST: '100000', WS_SEND_PER_SECOND: '100000', WS_READ_BURST: '100000', WS_READ_PER_SECOND: '100000', DATABASE_URL: undefined, REDIS_URL: undefined, CALL_DAILY_LIMIT_SECONDS: '3', LANGUAGE_PROVIDER_URL: provider.url, LANGUAGE_PROVIDER_KEY: provider.key, ADMIN_PHONES: '13900000900' },
    log: process.env.E2E_SERVER_LOG ? (line) => console.log(`[server] ${line}`) : undefined,
  })
  process.env.E2E_BASE_URL = server.url
  return async () => {
    await server.stop()
    provider.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
