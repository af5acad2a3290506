import type { Socket } from 'node:net'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../types/chat.js'
import { WsClose } from '../../types/ws.js'
import { userTopic } from '../src/bus/Bus.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, openSocket, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

const BACKLOG = 256 * 1024
/** Big enough that the kernel's socket buffers (several MB on loopback) fill well before the push ends. */
const FRAME_TEXT = '字'.repeat(10_000)
const FRAMES = 1_200

describe.each(BACKENDS)('a socket whose reader falls behind, on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => (s = env.servers[0]!), { socketBacklogBytes: BACKLOG })

  it('offers no WebSocket extension (no per-message compression)', async () => {
    const u = await registerUser(s, '压')
    // The ws client offers permessage-deflate by default; the server must decline it.
    const sock = openSocket(`${s.wsUrl}/ws/${u.token}`)
    const upgrade = new Promise<string | undefined>((resolve) => sock.ws.on('upgrade', (res) => resolve(res.headers['sec-websocket-extensions'])))
    await sock.next((f) => f.type === 'hello')
    expect(await upgrade).toBeUndefined()
    expect(sock.ws.extensions).toBe('')
    sock.ws.close()
  })

  it('is closed with 4413 while its backlog stays bounded, and other sockets keep receiving', async () => {
    const [slow, healthy] = await Promise.all([registerUser(s, '慢'), registerUser(s, '快')])
    const slowClient = chatClient(s, slow.token)
    const healthyClient = chatClient(s, healthy.token)
    await Promise.all([slowClient.ready, healthyClient.ready])
    await befriend(s, slow, healthy)
    // A real stored message, pushed again and again with a large text: what a busy conversation sends.
    const sample = (await healthyClient.sendText(`C2C${slow.wtId}`, '样本')).message as Message
    const pushed = (n: number): Message => ({ ...sample, clientMsgId: `push-${n}`, sequence: n, payload: { text: FRAME_TEXT } })
    const { gateway, ctx } = s.built
    const before = (await ctx.metrics.slowSocketCloses.get()).values[0]?.value ?? 0
    // The reader stops: nothing more is read from its connection, so the kernel's buffers fill and then the server's.
    ;(slowClient.probe.ws as unknown as { _socket: Socket })._socket.pause()

    let largestBacklog = 0
    for (let n = 1; n <= FRAMES; n++) {
      await ctx.bus.publish(userTopic(slow.wtId), { frame: { type: 'msg', message: pushed(n) } })
      await ctx.bus.publish(userTopic(healthy.wtId), { frame: { type: 'msg', message: pushed(n) } })
      await nextTurn()
      largestBacklog = Math.max(largestBacklog, gateway.backlogBytes())
      // Paced by the healthy reader, so only the stopped one can fall behind.
      if (n % 50 === 0) await healthyClient.next((f) => f.type === 'msg' && (f.message as Message).sequence === n, 10_000)
    }

    await healthyClient.next((f) => f.type === 'msg' && (f.message as Message).sequence === FRAMES, 10_000)
    // One frame may land on top of the limit before the next one finds it full.
    expect(largestBacklog).toBeLessThan(BACKLOG + 2 * FRAME_TEXT.length * 3)
    expect((await ctx.metrics.slowSocketCloses.get()).values[0]?.value).toBe(before + 1)
    await expect.poll(() => gateway.connectionCount(), { timeout: 10_000 }).toBe(1)
    expect(healthyClient.probe.ws.readyState).toBe(healthyClient.probe.ws.OPEN)

    // Once it reads again it learns the socket is gone (the close frame, or the cut after the grace).
    ;(slowClient.probe.ws as unknown as { _socket: Socket })._socket.resume()
    expect([WsClose.TooSlow, 1006]).toContain((await slowClient.probe.closed).code)
    healthyClient.close()
  }, 30_000)
})
