import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { WsClose } from '../../types/ws.js'
import { frameBatcher } from '../src/realtime/frameBatcher.js'
import { Outgoing } from '../src/realtime/socketParts.js'
import { fakeClient } from './support/fakeSocket.js'

const msg = (n: number) => new Outgoing(JSON.stringify({ type: 'msg', message: { sequence: n } }))

describe('the frame batcher', () => {
  it('sends chat frames of one turn to a socket as one batch frame, in order', async () => {
    const frames = frameBatcher({ backlogLimit: 1 << 20, onTooSlow: () => undefined })
    const [a, b] = [fakeClient('1'), fakeClient('2')]
    frames.enqueue(a, msg(1))
    frames.enqueue(a, msg(2))
    frames.enqueue(b, msg(3))
    expect(a.log.sent).toEqual([])
    await nextTurn()
    expect(a.log.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'batch', frames: [{ type: 'msg', message: { sequence: 1 } }, { type: 'msg', message: { sequence: 2 } }] }])
    expect(b.log.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'msg', message: { sequence: 3 } }])
    expect(a.queue).toEqual([])
    expect(a.queued).toBe(0)
  })

  it('answers at once: an ack takes the waiting chat frames with it, any other frame goes after them on its own', () => {
    const frames = frameBatcher({ backlogLimit: 1 << 20, onTooSlow: () => undefined })
    const c = fakeClient('1')
    frames.enqueue(c, msg(1))
    frames.answer(c, { type: 'ack', clientMsgId: 'x' } as never)
    expect(c.log.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'batch', frames: [{ type: 'msg', message: { sequence: 1 } }, { type: 'ack', clientMsgId: 'x' }] }])
    frames.enqueue(c, msg(2))
    frames.send(c, { type: 'pong', ts: 5 })
    expect(c.log.sent.slice(1).map((s) => JSON.parse(s))).toEqual([
      { type: 'msg', message: { sequence: 2 } },
      { type: 'pong', ts: 5 },
    ])
  })

  it('closes a socket whose backlog would pass the limit with 4413, drops what waits, and says so once', async () => {
    const slow: string[] = []
    const frames = frameBatcher({ backlogLimit: 100, onTooSlow: (c) => slow.push(c.session.wtId) })
    const c = fakeClient('1', 't', 60)
    frames.enqueue(c, msg(1))
    frames.enqueue(c, msg(2))
    expect(slow).toEqual(['1'])
    expect(c.log.closed).toEqual([{ code: WsClose.TooSlow, reason: 'too slow' }])
    expect(c.queue).toEqual([])
    frames.enqueue(c, msg(3))
    frames.write(c, Buffer.from('{}'))
    await nextTurn()
    expect(c.log.sent).toEqual([])
    expect(slow).toEqual(['1'])
  })
})
