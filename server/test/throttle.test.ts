import { describe, expect, it } from 'vitest'
import { delaySeconds, THROTTLE } from '../src/domain/throttle.js'
import { BACKENDS, freshPhone, setupServers, type Storage, type TestServer } from './support/server.js'

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })
const THROTTLED = /^登录失败次数过多，请\d+分钟后再试$/

describe.each(BACKENDS)('login throttling on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
    storage = env.storage
  })

  async function register(address = '127.0.0.1') {
    const phone = freshPhone()
    expect((await s.api('/api/user/login/register', { phone, pwd: 'secret123', nickName: 't' }, from(address))).code).toBe(200)
    return phone
  }

  it('refuses an account from one address after repeated failures, even with the right password, with a clear message', async () => {
    const phone = await register()
    for (let i = 0; i < THROTTLE.perPair; i++) {
      expect((await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.9.0.1'))).msg).toBe('账号或密码错误')
    }
    const blocked = await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.9.0.1'))
    expect(blocked.code).toBe(429)
    expect(blocked.msg).toMatch(THROTTLED)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.9.0.2'))).code).toBe(200)
  })

  it('doubles the delay with each attempt after the free ones', async () => {
    expect(delaySeconds(THROTTLE.perPair - 1, THROTTLE.perPair)).toBeNull()
    expect(delaySeconds(THROTTLE.perPair, THROTTLE.perPair)).toBe(THROTTLE.firstDelaySeconds)
    expect(delaySeconds(THROTTLE.perPair + 1, THROTTLE.perPair)).toBe(THROTTLE.firstDelaySeconds * 2)
    expect(delaySeconds(THROTTLE.perPair + 40, THROTTLE.perPair)).toBe(THROTTLE.maxDelaySeconds)

    const phone = await register()
    for (let i = 0; i < THROTTLE.perPair; i++) await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.9.1.1'))
    // The first block has run out: the next failure blocks for twice as long.
    await storage.db.query(`UPDATE login_throttle SET blocked_until = now() - interval '1 second' WHERE key LIKE 'pair:%|10.9.1.1'`)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from('10.9.1.1'))).msg).toBe('账号或密码错误')
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.9.1.1'))).msg).toBe(
      `登录失败次数过多，请${(THROTTLE.firstDelaySeconds * 2) / 60}分钟后再试`,
    )
  })

  it('refuses an address after failures across many accounts, except on accounts it has logged in to', async () => {
    const usual = await register('10.1.2.3')
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      await s.api('/api/user/login/pwd', { phone: freshPhone(), pwd: 'whatever' }, from('10.1.2.3'))
    }
    const phone = await register()
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.1.2.3'))).code).toBe(429)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.1.2.4'))).code).toBe(200)
    expect((await s.api('/api/user/login/pwd', { phone: usual, pwd: 'secret123' }, from('10.1.2.3'))).code).toBe(200)
  })

  it('refuses new addresses on an account guessed from many addresses, but not its usual one', async () => {
    const phone = await register('10.7.0.1')
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' }, from(`10.8.${Math.floor(i / 4)}.${i % 4}`))
    }
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.6.0.1'))).code).toBe(429)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.7.0.1'))).code).toBe(200)
  })
})
