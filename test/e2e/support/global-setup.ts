import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ensureH5Build } from '../../../scripts/ensure-h5-build.mjs'
import { startServer } from '../../../scripts/server-process.mjs'
import { startLanguageProvider } from '../../support/language-provider-process.mjs'
import { DEMO_PASSWORD } from './accounts'
import { requireCjkFont } from './cjkFont'
import { seedOperator } from './seedOperator'
import { OPERATOR_PHONE, TEST_SERVER_ENV } from './serverEnv'

/**
 * Builds dist/h5 if it is missing or stale, then runs the real server on a free port with a
 * throwaway data directory and the demo accounts. The returned function is the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  requireCjkFont()
  await ensureH5Build({ quiet: true })
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weitalk-e2e-'))
  // A stand-in translation and speech provider, so translate and voice-to-text run end to end.
  const provider = await startLanguageProvider()
  await seedOperator(dataDir, TEST_SERVER_ENV, DEMO_PASSWORD)
  const server = await startServer({
    dataDir,
    // The configured daily call allowance (30 minutes), so no call of the suite is cut short;
    // calls/limit.spec.ts reaches a cap on a server of its own.
    env: { ...TEST_SERVER_ENV, LANGUAGE_PROVIDER_URL: provider.url, LANGUAGE_PROVIDER_KEY: provider.key, ADMIN_PHONES: OPERATOR_PHONE },
    log: process.env.E2E_SERVER_LOG ? (line) => console.log(`[server] ${line}`) : undefined,
  })
  process.env.E2E_BASE_URL = server.url
  return async () => {
    await server.stop()
    provider.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
