import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import { freshPhone, openStorage, startServer, type Storage, type TestServer } from './support/server.js'

const LIMITED = /^操作过于频繁，请\d+秒后再试$/
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })

describe('HTTP rate limits (@fastify/rate-limit)', () => {
  let storage: Storage
  let s: TestServer
  beforeAll(async () => {
    storage = await openStorage('pglite')
    s = await startServer(storage, { rateLimits: { apiPerMinute: 40, registerPerHour: 2, loginPerMinute: 100, friendApplyPerHour: 1, uploadPerHour: 100 } })
  })
  afterAll(async () => {
    await s?.close()
    await storage?.close()
  })

  const register = (address: string) => s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: 'r' }, from(address))

  it('limits registrations per address, in the envelope with the wait', async () => {
    expect((await register('10.90.0.1')).code).toBe(200)
    expect((await register('10.90.0.1')).code).toBe(200)
    const third = await register('10.90.0.1')
    expect(third).toMatchObject({ status: 429, code: 429, data: null })
    expect(third.msg).toMatch(LIMITED)
    expect((await register('10.90.0.2')).code).toBe(200)
  })

  it('limits friend applications per account', async () => {
    const a = (await register('10.91.0.1')).data
    const b = (await register('10.91.0.2')).data
    const c = (await register('10.91.0.3')).data
    expect((await s.api('/api/userFriends/apply', { applyWtId: b.wtId, applySource: 1, applyInfo: '' }, { token: a.token })).code).toBe(200)
    const again = await s.api('/api/userFriends/apply', { applyWtId: c.wtId, applySource: 1, applyInfo: '' }, { token: a.token })
    expect(again.code).toBe(429)
    expect(again.msg).toMatch(LIMITED)
  })

  it('limits every route with a default per client', async () => {
    const answers = []
    for (let i = 0; i < 45; i++) answers.push(await s.api('/api/site/info', undefined, from('10.92.0.1')))
    expect(answers.filter((a) => a.code === 429).length).toBeGreaterThan(0)
    expect((await s.api('/api/site/info', undefined, from('10.92.0.2'))).code).toBe(200)
  })
})
