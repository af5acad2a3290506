import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServer } from '../../scripts/server-process.mjs'
import { OPERATOR_PHONE, TEST_SERVER_ENV } from '../e2e/support/serverEnv'

/** Where globalTeardown finds the stop of the server: both hooks run in Jest's main process. */
export const STOP_KEY = Symbol.for('weitalk.weappServer.stop')

/**
 * One real server for the whole mini-program suite: the embedded database in a throwaway data
 * directory, a free port, no demo data (every test registers the users it needs) and one
 * operator phone. The test files find it through WEAPP_TEST_SERVER.
 */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'weitalk-weapp-'))
  const server = await startServer({
    dataDir,
    env: { ...TEST_SERVER_ENV, DEMO_DATA: '0', JANUS_URL: undefined, ADMIN_PHONES: OPERATOR_PHONE },
    log: process.env.WEAPP_SERVER_LOG ? (line: string) => console.log(`[server] ${line}`) : undefined,
  })
  process.env.WEAPP_TEST_SERVER = server.url
  ;(globalThis as Record<symbol, unknown>)[STOP_KEY] = async () => {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
