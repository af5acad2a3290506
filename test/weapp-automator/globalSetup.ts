import { taroBuild } from '../../scripts/ensure-h5-build.mjs'
import startSuiteServer from '../weapp/globalSetup'

/**
 * The suite's real server (the same start as the miniprogram-simulate suite's), then a weapp build
 * whose fixed server address (WEAPP_API_BASE) is that server, for DevTools to open.
 */
export default async function globalSetup(): Promise<void> {
  await startSuiteServer()
  await taroBuild('weapp', { quiet: true, env: { WEAPP_API_BASE: process.env.WEAPP_TEST_SERVER! } })
}
