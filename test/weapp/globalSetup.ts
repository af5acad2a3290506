import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServer } from '../../scripts/server-process.mjs'
import { OPERATOR_PHONE, TEST_SERVER_ENV } from '../e2e/support/serverEnv'
import { TEST_TRTC_APP_ID } from './trtcApp'

/** Where globalTeardown finds the stop of the server: both hooks run in Jest's main process. */
export const STOP_KEY = Symbol.for('weitalk.weappServer.stop')

async function start(name: string, env: Record<string, string | undefined>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `weitalk-weapp-${name}-`))
  const server = await startServer({
    dataDir,
    env: { ...TEST_SERVER_ENV, DEMO_DATA: '0', JANUS_URL: undefined, ADMIN_PHONES: OPERATOR_PHONE, ...env },
    log: process.env.WEAPP_SERVER_LOG ? (line: string) => console.log(`[${name}] ${line}`) : undefined,
  })
  return {
    url: server.url,
    stop: async () => {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Real servers for the mini-program suite: the embedded database in throwaway data directories,
 * free ports, no demo data (every test registers the users it needs) and one operator phone.
 * The test files find the server without TRTC through WEAPP_TEST_SERVER, and the one with a
 * TRTC application (calls over live-pusher and live-player) through WEAPP_TRTC_SERVER.
 */
export default async function globalSetup(): Promise<void> {
  const secret = randomBytes(32).toString('hex')
  const [plain, trtc] = await Promise.all([
    start('server', { TRTC_SDK_APP_ID: undefined, TRTC_SECRET_KEY: undefined }),
    start('trtc', { TRTC_SDK_APP_ID: String(TEST_TRTC_APP_ID), TRTC_SECRET_KEY: secret }),
  ])
  process.env.WEAPP_TEST_SERVER = plain.url
  process.env.WEAPP_TRTC_SERVER = trtc.url
  ;(globalThis as Record<symbol, unknown>)[STOP_KEY] = async () => {
    await Promise.all([plain.stop(), trtc.stop()])
  }
}
