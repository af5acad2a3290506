import { describe, expect, it } from 'vitest'
import { HASHING_BUSY_TEXT } from '../src/domain/passwords.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })

/** One hash at a time and two waiting: a burst of a dozen logins overflows it. */
const LIMITS = { threads: 1, queue: 2, nice: 0 }
const CAPACITY = LIMITS.threads + LIMITS.queue
const BURST = 12

describe.each(BACKENDS)('a login burst beyond the hashing pool on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(
    backend,
    1,
    (env) => {
      storage = env.storage
      s = env.servers[0]!
    },
    { passwordHashing: LIMITS },
  )

  it('refuses what does not fit with a plain 429, lets the rest log in, and logs in normally afterwards', async () => {
    const { phone } = await registerUser(s)
    const answers = await Promise.all(Array.from({ length: BURST }, () => s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.20.0.1'))))
    const refused = answers.filter((a) => a.code === 429)
    expect(answers.every((a) => a.code === 200 || a.code === 429)).toBe(true)
    expect(refused.length).toBeGreaterThan(0)
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(CAPACITY)
    for (const a of refused) expect({ status: a.status, msg: a.msg, data: a.data }).toEqual({ status: 429, msg: HASHING_BUSY_TEXT, data: null })

    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.20.0.1'))).code).toBe(200)
  })

  it('counts no login attempt it refused for a full pool', async () => {
    const { phone, wtId } = await registerUser(s)
    const answers = await Promise.all(Array.from({ length: BURST }, () => s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.20.0.2'))))
    const wrong = answers.filter((a) => a.msg === '账号或密码错误').length
    expect(wrong).toBeLessThanOrEqual(CAPACITY)
    expect(answers.filter((a) => a.code === 429 && a.msg === HASHING_BUSY_TEXT).length).toBe(BURST - wrong)
    const { rows } = await storage.db.query<{ failures: number }>('SELECT failures FROM login_throttle WHERE key = $1', [`pair:user:${wtId}|10.20.0.2`])
    expect(rows[0]?.failures).toBe(wrong)
  })
})
