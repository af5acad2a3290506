import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import { startServer } from '../../../scripts/server-process.mjs'
import { DEMO_PASSWORD } from './accounts'
import { seedOperator } from './seedOperator'
import { TEST_SERVER_ENV } from './serverEnv'

export interface OwnServer {
  /** The server's address, for `signIn(…, { baseURL })`. */
  readonly url: string
  /** An API client for that server. */
  readonly request: APIRequestContext
}

/**
 * A server for the specs of one file or describe block, started before them with the suite's
 * settings plus `env` (a setting the suite's shared server must not have, such as a three-second
 * call cap) on a fresh embedded database, and stopped after them.
 */
export function useOwnServer(name: string, env: Record<string, string | undefined>): OwnServer {
  let server: Awaited<ReturnType<typeof startServer>> | null = null
  let api: APIRequestContext | null = null
  let dataDir = ''
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    dataDir = await mkdtemp(path.join(os.tmpdir(), `weitalk-e2e-${name}-`))
    const serverEnv = { ...TEST_SERVER_ENV, DEMO_DATA: '0', JANUS_URL: undefined, ...env }
    if (env.ADMIN_PHONES) await seedOperator(dataDir, serverEnv, DEMO_PASSWORD)
    server = await startServer({ dataDir, env: serverEnv })
    api = await playwrightRequest.newContext({ baseURL: server.url })
  })
  test.afterAll(async () => {
    await api?.dispose()
    await server?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  return {
    get url() {
      if (!server) throw new Error('the server has not started')
      return server.url
    },
    get request() {
      if (!api) throw new Error('the server has not started')
      return api
    },
  }
}
