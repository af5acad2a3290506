import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { IceConfig } from '../../types/call.js'
import { BACKENDS, freshPhone, openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { loadConfig } from '../src/config.js'

describe.each(BACKENDS)('/api/media on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  beforeAll(async () => {
    storage = await openStorage(backend)
    const base = loadConfig({}).calls
    // A one-second cap, so a test can reach it; TURN configured, to check its credentials.
    s = await startServer(storage, {
      calls: { ...base, dailyLimitSeconds: 1, stunUrls: ['stun:stun.example.com:3478'], turnUrls: ['turn:turn.example.com:3478'], turnSecret: 'sekret', turnTtlSeconds: 600 },
    })
  })
  afterAll(async () => {
    await s?.close()
    await storage?.close()
  })

  async function user() {
    const { data } = await s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: '用户' })
    return data
  }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('counts a non-member call until the cap, then checkCall, call and uploadCall say so', async () => {
    const a = await user()
    const b = await user()
    expect((await s.api('/api/media/checkCall', undefined, { token: a.token })).data).toBe(0)
    const started = await s.api<{ callId: number }>('/api/media/call', { acceptWtId: b.wtId, callType: 2 }, { token: a.token })
    expect(started.code).toBe(200)
    const callId = started.data.callId
    expect(callId).toBeGreaterThan(0)
    // Under the cap the heartbeat answers 0.
    expect((await s.api('/api/media/uploadCall', { callId }, { token: a.token })).data).toBe(0)
    await sleep(1200)
    expect((await s.api('/api/media/uploadCall', { callId, uploadStep: 1 }, { token: a.token })).data).toBe(1)
    expect(await s.api('/api/media/exitCall', { callId }, { token: a.token })).toMatchObject({ code: 200, data: 0 })
    // A repeated end report is harmless; a heartbeat after the end is refused.
    expect((await s.api('/api/media/exitCall', { callId }, { token: a.token })).code).toBe(200)
    expect((await s.api('/api/media/uploadCall', { callId }, { token: a.token })).code).toBe(409)
    expect((await s.api('/api/media/checkCall', undefined, { token: a.token })).data).toBe(1)
    const refused = await s.api('/api/media/call', { acceptWtId: b.wtId, callType: 1 }, { token: a.token })
    expect(refused).toMatchObject({ code: 403, status: 403, msg: '今日通话时长已达上限，请开通会员解锁' })
    // The callee's own time is untouched.
    expect((await s.api('/api/media/checkCall', undefined, { token: b.token })).data).toBe(0)
  })

  it('never limits members (vipType not 0)', async () => {
    const a = await user()
    const b = await user()
    await storage.db.query('UPDATE users SET vip_type = 1, vip_level = 2 WHERE wt_id = $1', [a.wtId])
    const { data } = await s.api<{ callId: number }>('/api/media/call', { acceptWtId: b.wtId, callType: 1 }, { token: a.token })
    await sleep(1200)
    expect((await s.api('/api/media/uploadCall', { callId: data.callId }, { token: a.token })).data).toBe(0)
    await s.api('/api/media/exitCall', { callId: data.callId }, { token: a.token })
    expect((await s.api('/api/media/checkCall', undefined, { token: a.token })).data).toBe(0)
  })

  it('validates bodies and ownership, and needs a session', async () => {
    const a = await user()
    const b = await user()
    expect((await s.api('/api/media/checkCall')).code).toBe(401)
    const noType = await s.api('/api/media/call', { acceptWtId: b.wtId }, { token: a.token })
    expect(noType).toMatchObject({ code: 400, status: 400 })
    expect(noType.msg).toMatch(/^callType/)
    expect((await s.api('/api/media/call', { acceptWtId: a.wtId, callType: 1 }, { token: a.token })).code).toBe(400)
    expect((await s.api('/api/media/call', { acceptWtId: '99999999', callType: 1 }, { token: a.token })).code).toBe(404)
    expect((await s.api('/api/media/uploadCall', {}, { token: a.token })).code).toBe(400)
    const { data } = await s.api<{ callId: number }>('/api/media/call', { acceptWtId: b.wtId, callType: 1 }, { token: a.token })
    // Someone else's record cannot be reported on: three refused heartbeats are what makes the client hang up.
    for (let i = 0; i < 3; i++) expect((await s.api('/api/media/uploadCall', { callId: data.callId }, { token: b.token })).code).toBe(404)
    expect((await s.api('/api/media/exitCall', { callId: data.callId }, { token: b.token })).code).toBe(404)
  })

  it('serves ICE servers with short-lived TURN credentials', async () => {
    const a = await user()
    const { data } = await s.api<IceConfig>('/api/media/iceServers', undefined, { token: a.token })
    expect(data.ttl).toBe(600)
    expect(data.iceServers[0]).toEqual({ urls: ['stun:stun.example.com:3478'] })
    const turn = data.iceServers[1]!
    const [expiry, who] = turn.username!.split(':')
    expect(who).toBe(a.wtId)
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(590)
    const { createHmac } = await import('node:crypto')
    expect(turn.credential).toBe(createHmac('sha1', 'sekret').update(turn.username!).digest('base64'))
    expect((await s.api('/api/media/iceServers')).code).toBe(401)
  })
})
