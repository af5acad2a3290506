import { describe, expect, it, vi } from 'vitest'
import { WS_HEARTBEAT_MS, WsClose } from '../../types/ws.js'
import { memoryPresence } from '../src/adapters/presence.js'
import { memoryBus } from '../src/adapters/bus/memory.js'
import { userTopic, type BusEvent } from '../src/bus/Bus.js'
import { socketRegistry } from '../src/realtime/socketRegistry.js'
import { fakeClient } from './support/fakeSocket.js'

function registryWith(socketsPerAccount = 3) {
  const bus = memoryBus()
  const presence = memoryPresence()
  const delivered: Array<[string, BusEvent]> = []
  const first: string[] = []
  const registry = socketRegistry({ bus, presence, socketsPerAccount, deliver: (wtId, e) => delivered.push([wtId, e]), firstSocket: (wtId) => first.push(wtId) })
  return { bus, presence, registry, delivered, first }
}

describe('the socket registry', () => {
  it("listens on a user's topic from the first socket to the last, and counts them in presence", async () => {
    const { bus, presence, registry, delivered, first } = registryWith()
    const [a1, a2] = [fakeClient('1'), fakeClient('1', 't2')]
    registry.register(a1)
    registry.register(a2)
    expect(first).toEqual(['1'])
    expect(registry.isConnected('1')).toBe(true)
    expect(registry.userCount()).toBe(1)
    expect(registry.sockets()).toEqual([a1, a2])
    await bus.publish(userTopic('1'), { frame: { type: 'pong', ts: 1 } })
    expect(delivered).toEqual([['1', { frame: { type: 'pong', ts: 1 } }]])
    registry.unregister(a1)
    expect(await presence.online(['1'])).toEqual(new Set(['1']))
    registry.unregister(a2)
    expect(registry.isConnected('1')).toBe(false)
    expect(await presence.online(['1'])).toEqual(new Set())
    await bus.publish(userTopic('1'), { frame: { type: 'pong', ts: 2 } })
    expect(delivered).toHaveLength(1)
  })

  it("closes an account's oldest socket beyond its limit with 4429", async () => {
    const { presence, registry } = registryWith(2)
    const sockets = [fakeClient('1', 'a'), fakeClient('1', 'b'), fakeClient('1', 'c')]
    for (const c of sockets) registry.register(c)
    expect(sockets[0]!.log.closed).toEqual([{ code: WsClose.TooManySockets, reason: 'too many sockets' }])
    expect([...registry.socketsOf('1')!]).toEqual(sockets.slice(1))
    // Its close event unregisters it again, which changes nothing.
    registry.unregister(sockets[0]!)
    registry.unregister(sockets[1]!)
    expect(await presence.online(['1'])).toEqual(new Set(['1']))
  })

  it('pings each socket once a sweep and cuts one that did not answer the previous ping', () => {
    vi.useFakeTimers()
    const { registry } = registryWith()
    const [quiet, answers] = [fakeClient('1'), fakeClient('2')]
    registry.register(quiet)
    registry.register(answers)
    const stop = registry.startSweep()
    try {
      vi.advanceTimersByTime(WS_HEARTBEAT_MS + 5_000)
      expect([quiet.log.pinged, answers.log.pinged]).toEqual([1, 1])
      answers.alive = true
      vi.advanceTimersByTime(WS_HEARTBEAT_MS + 5_000)
      expect([quiet.log.terminated, answers.log.terminated]).toEqual([1, 0])
      expect(answers.log.pinged).toBe(2)
    } finally {
      stop()
      vi.useRealTimers()
    }
  })
})
