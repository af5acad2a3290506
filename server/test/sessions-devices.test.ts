import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeviceSession, LoginResult } from '../../types/auth.js'
import { NoticeType } from '../../types/ws.js'
import { loadConfig } from '../src/config.js'
import { describeDevice } from '../src/domain/devices.js'
import { hashToken } from '../src/domain/tokens.js'
import { FRAME_FLOOD_TEXT } from '../src/realtime/frameBuckets.js'
import { chatClient } from './support/chat.js'
import { BACKENDS, openSocket, openStorage, startServer, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

describe.each(BACKENDS)('sessions, devices and socket limits on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  beforeAll(async () => {
    storage = await openStorage(backend)
    const base = loadConfig({})
    s = await startServer(storage, {
      sessionIdleSeconds: 30 * 86_400,
      socketLimits: { ...base.socketLimits, send: { burst: 2, perSecond: 0.001 }, typing: { burst: 3, perSecond: 0.001 } },
    })
  })
  afterAll(async () => {
    await s?.close()
    await storage?.close()
  })

  async function loginAt(phone: string, userAgent: string, address: string, deviceId?: string) {
    const headers = { 'user-agent': userAgent, 'x-forwarded-for': address, ...(deviceId ? { 'device-id': deviceId } : {}) }
    const r = await s.api<LoginResult>('/api/user/login/pwd', { phone, pwd: 'secret123' }, { headers })
    expect(r.code).toBe(200)
    return r.data.token
  }

  it('ends a session left unused longer than the idle limit, and keeps one in use', async () => {
    const u = await registerUser(s, 'idle')
    const fresh = await loginAt(u.phone, CHROME_WINDOWS, '10.60.0.1')
    expect((await s.api('/api/user/info', undefined, { token: u.token })).code).toBe(200)
    await storage.db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 days' WHERE token_hash = $1`, [hashToken(u.token)])
    expect((await s.api('/api/user/info', undefined, { token: u.token })).code).toBe(11012)
    expect((await s.api('/api/user/info', undefined, { token: fresh })).code).toBe(200)
    expect((await openSocket(`${s.wsUrl}/ws/${u.token}`).closed).code).toBe(4401)
  })

  it('lists the devices with their label, address and last use, and logs out one or all of them', async () => {
    const u = await registerUser(s, 'dev')
    const pc = await loginAt(u.phone, CHROME_WINDOWS, '10.61.0.1')
    const phone = await loginAt(u.phone, SAFARI_IPHONE, '10.61.0.2')
    const list = await s.api<DeviceSession[]>('/api/user/security/devices', undefined, { token: pc })
    expect(list.code).toBe(200)
    expect(list.data).toHaveLength(3)
    const mine = list.data.find((d) => d.current)!
    expect(mine).toMatchObject({ device: 'Chrome · Windows', address: '10.61.0.1' })
    const iphone = list.data.find((d) => d.address === '10.61.0.2')!
    expect(iphone).toMatchObject({ device: 'Safari · iOS', current: false })
    expect(iphone.lastSeen).toBeGreaterThan(Date.now() - 60_000)
    expect(JSON.stringify(list.data)).not.toContain(phone)

    const sock = openSocket(`${s.wsUrl}/ws/${phone}`)
    await sock.next((f) => f.type === 'hello')
    expect((await s.api('/api/user/security/devices/logout', { id: iphone.id }, { token: pc })).code).toBe(200)
    expect(await sock.next((f) => f.type === NoticeType.ForcedLogout)).toMatchObject({ msg: '你已在其他设备上被退出登录' })
    expect((await sock.closed).code).toBe(4000)
    expect((await s.api('/api/user/info', undefined, { token: phone })).code).toBe(11012)
    expect((await s.api('/api/user/security/devices/logout', { id: iphone.id }, { token: pc })).code).toBe(404)

    // Another user cannot end this user's sessions by id.
    const other = await registerUser(s, 'other')
    expect((await s.api('/api/user/security/devices/logout', { id: mine.id }, { token: other.token })).code).toBe(404)
    expect((await s.api('/api/user/info', undefined, { token: pc })).code).toBe(200)

    expect((await s.api('/api/user/security/logoutAll', {}, { token: pc })).code).toBe(200)
    expect((await s.api('/api/user/info', undefined, { token: pc })).code).toBe(11012)
    expect((await s.api('/api/user/info', undefined, { token: u.token })).code).toBe(11012)
  })

  it('keeps one entry for a device that logs in again: the new session replaces the old, Web Push included', async () => {
    const u = await registerUser(s, 'again')
    const first = await loginAt(u.phone, CHROME_WINDOWS, '10.62.0.1', 'browser-1')
    const sub = { endpoint: 'https://push.example.test/again-1', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }
    expect((await s.api('/api/push/subscribe', sub, { token: first })).code).toBe(200)
    const other = await loginAt(u.phone, SAFARI_IPHONE, '10.62.0.2', 'phone-1')
    const again = await loginAt(u.phone, CHROME_WINDOWS, '10.62.0.3', 'browser-1')

    const list = await s.api<DeviceSession[]>('/api/user/security/devices', undefined, { token: again })
    // The registration's session (no Device-Id), the phone, and this browser once.
    expect(list.data).toHaveLength(3)
    expect(list.data.filter((d) => d.device === 'Chrome · Windows')).toEqual([expect.objectContaining({ current: true, address: '10.62.0.3', push: true })])
    expect((await s.api('/api/user/info', undefined, { token: first })).code).toBe(11012)
    expect((await s.api('/api/user/info', undefined, { token: other })).code).toBe(200)
    expect((await s.api<{ subscribed: boolean }>('/api/push/status', { endpoint: sub.endpoint }, { token: again })).data.subscribed).toBe(true)

    // The same device ID under another account is another account's session.
    const someone = await registerUser(s, 'someone')
    const theirs = await loginAt(someone.phone, CHROME_WINDOWS, '10.62.0.4', 'browser-1')
    expect((await s.api('/api/user/info', undefined, { token: again })).code).toBe(200)
    expect((await s.api('/api/user/info', undefined, { token: theirs })).code).toBe(200)
  })

  it('answers a flood of sends with nacks and of typing with error frames, and keeps the socket', async () => {
    const a = await registerUser(s, 'fa')
    const b = await registerUser(s, 'fb')
    const ca = chatClient(s, a.token)
    await ca.ready
    for (let i = 0; i < 5; i++) ca.probe.ws.send(JSON.stringify({ type: 'typing', conversationID: `C2C${b.wtId}`, typing: true }))
    const sends = await Promise.all([0, 1, 2, 3].map(() => ca.sendText(`C2C${b.wtId}`, 'hi')))
    const flooded = sends.filter((f) => f.type === 'nack' && f.code === 429)
    expect(flooded).toHaveLength(2)
    expect(flooded[0]!.msg).toBe(FRAME_FLOOD_TEXT)
    await ca.next((f) => f.type === 'error' && f.code === 429 && f.msg === FRAME_FLOOD_TEXT)
    ca.probe.ws.send(JSON.stringify({ type: 'ping', ts: 9 }))
    await ca.next((f) => f.type === 'pong' && f.ts === 9)
    expect(ca.probe.ws.readyState).toBe(ca.probe.ws.OPEN)
    ca.close()
  })

  it('labels devices from their user agent', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome · Windows')
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 MicroMessenger/8.0')).toBe('微信 · Android')
    expect(describeDevice('')).toBe('未知设备')
  })
})
