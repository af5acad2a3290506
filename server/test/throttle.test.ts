import { describe, expect, it } from 'vitest'
import { THROTTLE } from '../src/domain/throttle.js'
import { BACKENDS, freshPhone, setupServers, type TestServer } from './support/server.js'

describe.each(BACKENDS)('login throttling on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })

  it('refuses an account after repeated failures, even with the right password, with a clear message', async () => {
    const phone = freshPhone()
    await s.api('/api/user/login/register', { phone, pwd: 'secret123', nickName: 't' })
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await s.api('/api/user/login/pwd', { phone, pwd: 'wrong-pwd' })).msg).toBe('账号或密码错误')
    }
    const blocked = await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' })
    expect(blocked.code).toBe(429)
    expect(blocked.msg).toMatch(/^登录失败次数过多，请\d+分钟后再试$/)
    // Another account from another address is unaffected.
    const other = freshPhone()
    await s.api('/api/user/login/register', { phone: other, pwd: 'secret123', nickName: 'o' })
    const fine = await s.api('/api/user/login/pwd', { phone: other, pwd: 'secret123' }, { headers: { 'x-forwarded-for': '10.9.9.9' } })
    expect(fine.code).toBe(200)
  })

  it('refuses an address after failures across many accounts', async () => {
    const headers = { 'x-forwarded-for': '10.1.2.3' }
    for (let i = 0; i < THROTTLE.perAddress; i++) {
      await s.api('/api/user/login/pwd', { phone: freshPhone(), pwd: 'whatever' }, { headers })
    }
    const phone = freshPhone()
    await s.api('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'p' })
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, { headers })).code).toBe(429)
    expect((await s.api('/api/user/login/pwd', { phone, pwd: 'secret123' }, { headers: { 'x-forwarded-for': '10.1.2.4' } })).code).toBe(200)
  })
})
