import { startServer } from '../../../scripts/server-process.mjs'
import { OPERATOR_PHONE } from './serverEnv'

/**
 * ADMIN_PHONES gives the role only to an account that holds the phone when the server starts
 * (docs/security.md): the operator is registered on a first run of the server over `dataDir`,
 * stopped before the suite's server starts over the same data with the phone listed.
 */
export async function seedOperator(dataDir: string, env: Record<string, string | undefined>, pwd: string): Promise<void> {
  const server = await startServer({ dataDir, env: { ...env, ADMIN_PHONES: undefined } })
  try {
    const res = await fetch(`${server.url}/api/user/login/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: OPERATOR_PHONE, pwd, nickName: '运营' }),
    })
    const answer = (await res.json()) as { code: number; msg: string }
    if (answer.code !== 200) throw new Error(`registering the operator failed: ${answer.msg}`)
  } finally {
    await server.stop()
  }
}
