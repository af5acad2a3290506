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
    s = await startServer(storage, { rateLimits: { apiPerMinute: 40, registerPerHour: 2, loginPerMinute: 100, friendApplyPerHour: 1, uploadPerHour: 100, uploadBytesPerHour: 5000, qrCodesPerMinute: 3, codeExchangesPerMinute: 1000 } })
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

  it('limits the bytes one account uploads per hour, over all its devices', async () => {
    const phone = freshPhone()
    const user = (await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: 'u' }, from('10.93.0.1'))).data
    const second = (await s.api<LoginResult>('/api/user/login/pwd', { phone, pwd: 'secret123' }, from('10.93.0.1'))).data
    expect(second.token).not.toBe(user.token)
    const upload = async (token: string, bytes: number) => {
      const form = new FormData()
      form.append('kind', 'file')
      form.append('file', new Blob([Buffer.alloc(bytes, 97)], { type: 'text/plain' }), 'notes.txt')
      const res = await fetch(`${s.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.93.0.1' } })
      return (await res.json()) as { code: number; msg: string }
    }
    expect((await upload(user.token, 3000)).code).toBe(200)
    // Another device of the same account draws on the same budget of 5,000 bytes.
    const over = await upload(second.token, 3000)
    expect(over).toMatchObject({ code: 429, msg: '一小时内上传的文件过多，请稍后再试' })
    expect((await upload(user.token, 1500)).code).toBe(200)
  })
})
