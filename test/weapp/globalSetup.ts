import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServer } from '../../scripts/server-process.mjs'
import { STAND_IN_APPID, STAND_IN_SECRET, STAND_IN_TEMPLATES, startWechatStandIn } from '../../server/test/support/wechatStandIn'
import { seedOperator } from '../e2e/support/seedOperator'
import { OPERATOR_PHONE, TEST_SERVER_ENV } from '../e2e/support/serverEnv'
import { OPERATOR_PASSWORD } from './operatorPassword'
import { TEST_TRTC_APP_ID } from './trtcApp'

/** Where globalTeardown finds the stop of the server: both hooks run in Jest's main process. */
export const STOP_KEY = Symbol.for('weitalk.weappServer.stop')

async function start(name: string, env: Record<string, string | undefined>, { operator = true } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `weitalk-weapp-${name}-`))
  const serverEnv = { ...TEST_SERVER_ENV, DEMO_DATA: '0', JANUS_URL: undefined, ...env }
  if (operator) await seedOperator(dataDir, serverEnv, OPERATOR_PASSWORD)
  const server = await startServer({
    dataDir,
    env: { ...serverEnv, ADMIN_PHONES: OPERATOR_PHONE },
    log: process.env.WEAPP_SERVER_LOG ? (line: string) => console.log(`[${name}] ${line}`) : undefined,
    // The servers start side by side, each compiling the sources and opening a fresh embedded
    // database; on a loaded two-core machine that was seen to take over the default 90 s.
    timeoutMs: 240_000,
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
 * TRTC application (calls over live-pusher and live-player) through WEAPP_TRTC_SERVER; the one
 * with WeChat login and subscription messages through WEAPP_WECHAT_SERVER, its WeChat stand-in
 * at WEAPP_WECHAT_STANDIN.
 */
export default async function globalSetup(): Promise<void> {
  const secret = randomBytes(32).toString('hex')
  const standIn = await startWechatStandIn()
  const noWechat = { WECHAT_APPID: undefined, WECHAT_SECRET: undefined }
  const [plain, trtc, wechat] = await Promise.all([
    start('server', { TRTC_SDK_APP_ID: undefined, TRTC_SECRET_KEY: undefined, ...noWechat }),
    start('trtc', { TRTC_SDK_APP_ID: String(TEST_TRTC_APP_ID), TRTC_SECRET_KEY: secret, ...noWechat }),
    start('wechat', {
      TRTC_SDK_APP_ID: undefined,
      TRTC_SECRET_KEY: undefined,
      WECHAT_APPID: STAND_IN_APPID,
      WECHAT_SECRET: STAND_IN_SECRET,
      WECHAT_API_BASE: standIn.url,
      WECHAT_TEMPLATE_MESSAGE: STAND_IN_TEMPLATES.message,
      WECHAT_TEMPLATE_CALL: STAND_IN_TEMPLATES.call,
      // Its tests need no operator: one server start less.
    }, { operator: false }),
  ])
  process.env.WEAPP_TEST_SERVER = plain.url
  process.env.WEAPP_TRTC_SERVER = trtc.url
  process.env.WEAPP_WECHAT_SERVER = wechat.url
  process.env.WEAPP_WECHAT_STANDIN = standIn.url
  ;(globalThis as Record<symbol, unknown>)[STOP_KEY] = async () => {
    await Promise.all([plain.stop(), trtc.stop(), wechat.stop()])
    await standIn.close()
  }
}
