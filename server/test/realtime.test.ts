import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import { PROTOCOL_VERSION } from '../../types/codes.js'
import { WS_MAX_FRAME_BYTES } from '../../types/ws.js'
import { BACKENDS, openSocket, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe.each(BACKENDS)('the /ws/{token} channel on %s', (backend) => {
  let s: TestServer
  let peer: TestServer
  // The second process plays another machine behind the load balancer, on the same database and bus.
  setupServers(backend, 2, (env) => {
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })

  it('greets an authenticated socket and answers pings', async () => {
    const u = await registerUser(s, 'w')
    const sock = openSocket(`${s.wsUrl}/ws/${u.token}`)
    expect(await sock.next((f) => f.type === 'hello')).toEqual({ type: 'hello', protocolVersion: PROTOCOL_VERSION, wtId: u.wtId })
    sock.ws.send(JSON.stringify({ type: 'ping', ts: 42 }))
    expect(await sock.next((f) => f.type === 'pong')).toEqual({ type: 'pong', ts: 42 })
    sock.ws.close()
  })

  it('closes a socket with an unknown token with 4401', async () => {
    const sock = openSocket(`${s.wsUrl}/ws/not-a-token`)
    expect((await sock.closed).code).toBe(4401)
  })

  it('answers bad frames with an error frame and keeps the connection', async () => {
    const u = await registerUser(s, 'w')
    const sock = openSocket(`${s.wsUrl}/ws/${u.token}`)
    await sock.next((f) => f.type === 'hello')
    sock.ws.send('{not json')
    expect(await sock.next((f) => f.type === 'error')).toMatchObject({ code: 400 })
    sock.ws.send(JSON.stringify({ type: 'ping', ts: 'soon' }))
    const err = await sock.next((f) => f.type === 'error' && String(f.msg).startsWith('ts:'))
    expect(err.code).toBe(400)
    sock.ws.send(JSON.stringify({ type: 'teleport' }))
    await sock.next((f) => f.type === 'error' && String(f.msg).startsWith('type:'))
    sock.ws.send(JSON.stringify({ type: 'ping', ts: 7 }))
    expect(await sock.next((f) => f.type === 'pong' && f.ts === 7)).toBeTruthy()
    expect(sock.ws.readyState).toBe(sock.ws.OPEN)
    sock.ws.close()
  })

  it('limits the frame size', async () => {
    const u = await registerUser(s, 'w')
    const sock = openSocket(`${s.wsUrl}/ws/${u.token}`)
    await sock.next((f) => f.type === 'hello')
    sock.ws.send(JSON.stringify({ type: 'ping', ts: 1, pad: 'x'.repeat(WS_MAX_FRAME_BYTES) }))
    expect((await sock.closed).code).toBe(1009)
  })

  it('refuses a foreign Origin and accepts its own', async () => {
    const u = await registerUser(s, 'w')
    const foreign = openSocket(`${s.wsUrl}/ws/${u.token}`, { origin: 'https://evil.example' })
    const closed = await foreign.closed
    expect(closed.code).toBe(1006)
    expect(foreign.frames).toHaveLength(0)
    const own = openSocket(`${s.wsUrl}/ws/${u.token}`, { origin: s.url })
    await own.next((f) => f.type === 'hello')
    own.ws.close()
  })

  it('a revoked session gets -1 and is closed, on every server process; other sessions stay', async () => {
    const u = await registerUser(s, 'w')
    const other = await s.api<LoginResult>('/api/user/login/pwd', { phone: u.phone, pwd: 'secret123' })
    const onPeer = openSocket(`${peer.wsUrl}/ws/${u.token}`)
    const keeper = openSocket(`${s.wsUrl}/ws/${other.data.token}`)
    await onPeer.next((f) => f.type === 'hello')
    await keeper.next((f) => f.type === 'hello')

    const res = await s.api('/api/user/security/password', { oldPwd: 'secret123', newPwd: 'secret456' }, { token: other.data.token })
    expect(res.code).toBe(200)
    expect(await onPeer.next((f) => f.type === -1)).toEqual({ type: -1, msg: '密码已修改，请重新登录' })
    expect((await onPeer.closed).code).toBe(4000)
    keeper.ws.send(JSON.stringify({ type: 'ping', ts: 3 }))
    await keeper.next((f) => f.type === 'pong')
    expect(keeper.frames.some((f) => f.type === -1)).toBe(false)

    await s.api('/api/user/security/logoutAll', {}, { token: other.data.token })
    expect(await keeper.next((f) => f.type === -1)).toEqual({ type: -1, msg: '你已在所有设备上退出登录' })
    expect((await keeper.closed).code).toBe(4000)
  })

  it('logout closes that session’s sockets without a forced-logout notice', async () => {
    const u = await registerUser(s, 'w')
    const sock = openSocket(`${peer.wsUrl}/ws/${u.token}`)
    await sock.next((f) => f.type === 'hello')
    await s.api('/api/user/logout', {}, { token: u.token })
    expect((await sock.closed).code).toBe(4000)
    expect(sock.frames.some((f) => f.type === -1)).toBe(false)
    expect((await openSocket(`${s.wsUrl}/ws/${u.token}`).closed).code).toBe(4401)
  })
})
