import { afterAll, describe, expect, it } from 'vitest'
import { WsClose } from '../../types/ws.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, openStorage, startServer, type Storage } from './support/server.js'
import { everyMessage, MessageStream } from './support/stream.js'
import { registerUser } from './support/users.js'

/**
 * A stop (SIGTERM in production, BuiltApp.close here) in the middle of a stream of sends: the
 * frames being handled finish and are acknowledged before the sockets close, frames arriving
 * after the stop began are left alone, and the client's resends after a restart on the same
 * database leave exactly one copy of each message.
 */
describe.each(BACKENDS)('stopping in the middle of a stream on %s', (backend) => {
  let storage: Storage
  afterAll(() => storage?.close())

  it('acknowledges every message it stores before closing, and loses none after the restart', async () => {
    storage = await openStorage(backend)
    const first = await startServer(storage)
    const a = await registerUser(first, '甲')
    const b = await registerUser(first, '乙')
    await befriend(first, a, b)
    const conversationID = `C2C${b.wtId}`
    const stream = new MessageStream(conversationID, 200, 'stop')
    let stopping: Promise<void> | null = null
    const code = await stream.run(first.wsUrl, a.token, {
      window: 16,
      onAck: (n) => {
        if (n === 80 && !stopping) stopping = first.close()
      },
    })
    await stopping
    expect(code).toBe(WsClose.ServerShutdown)
    expect(stream.nacks).toEqual([])
    const before = stream.acked.size
    expect(before).toBeGreaterThanOrEqual(80)
    expect(before).toBeLessThan(200)

    // Stored and acknowledged are the same set: nothing committed went unanswered.
    const second = await startServer(storage)
    const stored = await everyMessage(second, a.token, conversationID)
    expect(new Set(stored.map((m) => m.clientMsgId))).toEqual(stream.acked)

    expect(await stream.run(second.wsUrl, a.token)).toBe(0)
    const after = await everyMessage(second, b.token, `C2C${a.wtId}`)
    expect(after.map((m) => m.payload.text)).toEqual(stream.ids.map((id) => stream.textOf(id)))
    await second.close()
  })
})
