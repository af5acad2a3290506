import { backoffDelay, DEFAULT_BACKOFF } from '@/engines/chat/selfhosted/backoff'
import { ReconnectingChannel, VISIBLE_BACKOFF, WsCloseCode, type ChannelState, type LinkEvent, type LinkWatch } from '@/engines/chat/selfhosted/channel'
import type { Clock } from '@/engines/chat/selfhosted/clock'
import { parseServerFrame } from '@/engines/chat/selfhosted/frames'
import { WS_HEARTBEAT_MS, WS_MAX_FRAME_BYTES, WS_PROBE_MS, WS_PROBE_REPLY_MS } from '@shared/ws'
import { FakeSocketFactory } from '../helpers/fakeSocket'

/** A clock whose timers run only when the test moves time forward. */
class ManualClock implements Clock {
  private time = 0
  private seq = 0
  private timers = new Map<number, { at: number; fn: () => void }>()

  now = () => this.time
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq
    this.timers.set(id, { at: this.time + ms, fn })
    return id
  }
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number)
  }

  /** Moves time forward, running due timers in order. */
  advance(ms: number): void {
    const end = this.time + ms
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      this.timers.delete(due[0])
      this.time = due[1].at
      due[1].fn()
    }
    this.time = end
  }

  /** The delay of the only pending timer (the reconnect wait). */
  pendingDelays(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.time)
  }
}

const HELLO = { type: 'hello', protocolVersion: 1, wtId: '10000001' }

/** The device's side of the link, driven by the test. */
class FakeLink implements LinkWatch {
  hidden = false
  private fns = new Set<(event: LinkEvent) => void>()
  isHidden = () => this.hidden
  onChange(fn: (event: LinkEvent) => void) {
    this.fns.add(fn)
    return () => this.fns.delete(fn)
  }
  emit(event: LinkEvent): void {
    if (event === 'hidden' || event === 'visible') this.hidden = event === 'hidden'
    for (const fn of this.fns) fn(event)
  }
}

function setup(options: { random?: () => number; url?: () => string | null; link?: LinkWatch } = {}) {
  const clock = new ManualClock()
  const sockets = new FakeSocketFactory()
  const channel = new ReconnectingChannel({
    connect: sockets.connect,
    url: options.url ?? (() => 'ws://test.local/ws/tok'),
    parseFrame: parseServerFrame,
    clock,
    random: options.random ?? (() => 0.5),
    heartbeatMs: WS_HEARTBEAT_MS,
    ...(options.link ? { link: options.link } : {}),
  })
  const states: ChannelState[] = []
  const frames: unknown[] = []
  const invalid: string[] = []
  const ended: number[] = []
  channel.on('state', (s) => states.push(s))
  channel.on('frame', (f) => frames.push(f))
  channel.on('invalidFrame', (e) => invalid.push(e.reason))
  channel.on('ended', (e) => ended.push(e.code))
  return { clock, sockets, channel, states, frames, invalid, ended }
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
})

describe('backoffDelay', () => {
  test('doubles from 1 s up to 30 s, with half of each delay random', () => {
    const low = (n: number) => backoffDelay(n, DEFAULT_BACKOFF, () => 0)
    const high = (n: number) => backoffDelay(n, DEFAULT_BACKOFF, () => 1)
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(low)).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000])
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(high)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect(backoffDelay(2, DEFAULT_BACKOFF, () => 0.25)).toBe(2500)
  })
})

describe('frame validation', () => {
  test('accepts every server frame of the contract', () => {
    for (const frame of [
      HELLO,
      { type: 'pong', ts: 5 },
      { type: 'error', code: 400, msg: 'bad' },
      { type: -1, msg: '下线' },
      { type: -2, msg: '封禁' },
      { type: 2, count: 3 },
      { type: 3 },
      { type: 4, joinApplyUnRead: 1, otherUnRead: 2, selfApplyUnRead: 0 },
      { type: 5, count: 4, groupNumber: 'g1' },
      { type: 7, groupNumber: 'g1', withdrawUserWtId: '10000002', lastMessageSequence: 9 },
    ]) {
      expect(parseServerFrame(JSON.stringify(frame))).toEqual({ ok: true, frame })
    }
  })

  test.each([
    ['not JSON', '{type:'],
    ['an unknown type', JSON.stringify({ type: 99 })],
    ['a missing field', JSON.stringify({ type: 2 })],
    ['a negative count', JSON.stringify({ type: 2, count: -1 })],
    ['a wrongly typed field', JSON.stringify({ type: 4, joinApplyUnRead: '1', otherUnRead: 0, selfApplyUnRead: 0 })],
    ['a bare value', '42'],
    ['an oversized frame', JSON.stringify({ type: 'error', code: 1, msg: 'x'.repeat(WS_MAX_FRAME_BYTES) })],
  ])('refuses %s', (_label, text) => {
    expect(parseServerFrame(text).ok).toBe(false)
  })

  test('an invalid frame is dropped and the connection stays up', () => {
    const { sockets, channel, frames, invalid } = setup()
    channel.start()
    sockets.last.open()
    sockets.last.receive('garbage')
    sockets.last.receive({ type: 2, count: 'many' })
    sockets.last.receive({ type: 2, count: 7 })
    expect(invalid).toHaveLength(2)
    expect(frames).toEqual([{ type: 2, count: 7 }])
    expect(channel.state).toBe('open')
    expect(sockets.sockets).toHaveLength(1)
  })

  test('a malformed chat frame is refused alone, in a batch or not, and later frames still arrive', () => {
    const { sockets, channel, frames, invalid } = setup()
    channel.start()
    sockets.last.open()
    const revoked = { type: 'revoked', conversationID: 'C2C10000002', sequence: 4, from: '10000002', revoker: '10000002' }
    sockets.last.receive({ ...revoked, sequence: -1 })
    sockets.last.receive({ type: 'msg', message: { ID: 'x' } })
    sockets.last.receive({ type: 'batch', frames: [{ type: 'convDeleted' }, revoked, 'junk'] })
    sockets.last.receive({ type: 'convDeleted', conversationID: 'C2C10000002' })
    expect(invalid).toEqual([
      expect.stringMatching(/^sequence: /),
      expect.stringMatching(/^message\.\w+: /),
      expect.stringMatching(/^frames\.0\.conversationID: /),
      'frames.2: expected an object',
    ])
    expect(frames).toEqual([{ type: 'batch', frames: [revoked] }, { type: 'convDeleted', conversationID: 'C2C10000002' }])
    expect(channel.state).toBe('open')
    expect(sockets.sockets).toHaveLength(1)
  })
})

describe('reconnecting', () => {
  test('an unexpected close reconnects after a backoff that grows with each failure', () => {
    const { clock, sockets, channel, states } = setup({ random: () => 0 })
    channel.start()
    expect(sockets.last.url).toBe('ws://test.local/ws/tok')

    const expected = [500, 1000, 2000, 4000, 8000, 15000, 15000]
    for (const delay of expected) {
      sockets.last.drop(1006)
      expect(channel.state).toBe('backoff')
      expect(clock.pendingDelays()).toEqual([delay])
      const opened = sockets.sockets.length
      clock.advance(delay - 1)
      expect(sockets.sockets).toHaveLength(opened)
      clock.advance(1)
      expect(sockets.sockets).toHaveLength(opened + 1)
    }
    expect(states.slice(0, 3)).toEqual(['connecting', 'backoff', 'connecting'])
  })

  test('jitter spreads the wait between half and all of the exponential delay', () => {
    const draws = [0, 1, 0.5]
    const { clock, sockets, channel } = setup({ random: () => draws.shift() ?? 0 })
    channel.start()
    sockets.last.drop()
    expect(clock.pendingDelays()).toEqual([500])
    clock.advance(500)
    sockets.last.drop()
    expect(clock.pendingDelays()).toEqual([2000])
    clock.advance(2000)
    sockets.last.drop()
    expect(clock.pendingDelays()).toEqual([3000])
  })

  test('the backoff resets once a new connection hears from the server, not merely on open', () => {
    const { clock, sockets, channel } = setup({ random: () => 0 })
    channel.start()
    sockets.last.drop()
    clock.advance(500)
    sockets.last.drop()
    clock.advance(1000)
    sockets.last.open()
    sockets.last.drop()
    expect(clock.pendingDelays()).toEqual([2000])
    clock.advance(2000)
    sockets.last.open()
    sockets.last.receive(HELLO)
    expect(channel.retries).toBe(0)
    sockets.last.drop()
    expect(clock.pendingDelays()).toEqual([500])
  })

  test.each([
    ['4401 (token refused)', WsCloseCode.Unauthorized],
    ['4000 (session ended)', WsCloseCode.SessionEnded],
  ])('close code %s stops for good', (_label, code) => {
    const { clock, sockets, channel, ended } = setup()
    channel.start()
    sockets.last.open()
    sockets.last.drop(code)
    expect(channel.state).toBe('stopped')
    expect(ended).toEqual([code])
    clock.advance(120_000)
    expect(sockets.sockets).toHaveLength(1)
  })

  test('close code 4409 (pushed out by the account’s newer sockets) stops without ending the session', () => {
    const { clock, sockets, channel, ended } = setup()
    channel.start()
    sockets.last.open()
    sockets.last.drop(WsCloseCode.TooManySockets)
    expect(channel.state).toBe('stopped')
    expect(ended).toEqual([])
    clock.advance(120_000)
    expect(sockets.sockets).toHaveLength(1)
  })

  test.each([
    ['1001 (server shutting down)', WsCloseCode.ServerShutdown],
    ['4413 (the reader fell behind)', WsCloseCode.TooSlow],
  ])('close code %s reconnects', (_label, code) => {
    const { clock, sockets, channel, ended, frames } = setup({ random: () => 0 })
    channel.start()
    sockets.last.open()
    sockets.last.receive(HELLO)
    sockets.last.drop(code)
    expect(channel.state).toBe('backoff')
    expect(ended).toEqual([])
    clock.advance(500)
    sockets.last.open()
    sockets.last.receive(HELLO)
    expect(channel.state).toBe('open')
    expect(frames).toEqual([HELLO, HELLO])
  })

  test('stop() closes the socket and cancels a pending reconnect', () => {
    const { clock, sockets, channel } = setup()
    channel.start()
    sockets.last.drop()
    channel.stop()
    clock.advance(60_000)
    expect(sockets.sockets).toHaveLength(1)

    channel.start()
    sockets.last.open()
    channel.stop()
    expect(sockets.last.closedWith).toEqual({ code: 1000, reason: 'client stop' })
    sockets.last.drop(1000)
    clock.advance(60_000)
    expect(sockets.sockets).toHaveLength(2)
  })

  test('no session token means no connection', () => {
    const { sockets, channel, ended } = setup({ url: () => null })
    channel.start()
    expect(sockets.sockets).toHaveLength(0)
    expect(ended).toEqual([WsCloseCode.Unauthorized])
    expect(channel.state).toBe('stopped')
  })

  test('events of a replaced socket are ignored', () => {
    const { clock, sockets, channel, frames } = setup({ random: () => 0 })
    channel.start()
    const first = sockets.last
    first.drop()
    clock.advance(500)
    first.receive(HELLO)
    first.drop()
    expect(frames).toEqual([])
    expect(channel.state).toBe('connecting')
  })
})

describe('heartbeat', () => {
  test('pings every interval while the server answers', () => {
    const { clock, sockets, channel } = setup()
    channel.start()
    const socket = sockets.last
    socket.open()
    socket.receive(HELLO)
    for (let i = 1; i <= 4; i++) {
      clock.advance(WS_HEARTBEAT_MS)
      expect(socket.sentFrames()).toHaveLength(i)
      expect(socket.sentFrames()[i - 1]).toEqual({ type: 'ping', ts: clock.now() })
      socket.receive({ type: 'pong', ts: clock.now() })
    }
    expect(channel.state).toBe('open')
  })

  test('a socket silent for two intervals is dropped and replaced', () => {
    const { clock, sockets, channel } = setup({ random: () => 0 })
    channel.start()
    const socket = sockets.last
    socket.open()
    socket.receive(HELLO)
    clock.advance(WS_HEARTBEAT_MS)
    expect(socket.sentFrames()).toHaveLength(1)
    clock.advance(WS_HEARTBEAT_MS)
    expect(socket.closedWith?.reason).toBe('heartbeat timeout')
    expect(channel.state).toBe('backoff')
    clock.advance(500)
    expect(sockets.sockets).toHaveLength(2)
    expect(sockets.last).not.toBe(socket)
  })

  test('no pings go out while disconnected', () => {
    const { clock, sockets, channel } = setup({ random: () => 0 })
    channel.start()
    sockets.last.open()
    sockets.last.drop()
    const first = sockets.sockets[0]!
    clock.advance(WS_HEARTBEAT_MS * 3)
    expect(first.sent).toEqual([])
  })
})

describe('watching the link while the app is in front', () => {
  function connected(link = new FakeLink()) {
    const t = setup({ random: () => 1, link })
    t.channel.start()
    t.sockets.last.open()
    t.sockets.last.receive(HELLO)
    return { ...t, link, socket: t.sockets.last }
  }

  test('a silent socket is probed, and dropped within ten seconds when the probe goes unanswered', () => {
    const { clock, socket, channel, sockets } = connected()
    clock.advance(WS_PROBE_MS - 1)
    expect(socket.sentFrames()).toEqual([])
    clock.advance(1)
    expect(socket.sentFrames()).toEqual([{ type: 'ping', ts: WS_PROBE_MS }])
    clock.advance(WS_PROBE_REPLY_MS)
    expect(socket.closedWith?.reason).toBe('heartbeat timeout')
    expect(WS_PROBE_MS + WS_PROBE_REPLY_MS).toBeLessThanOrEqual(10_000)
    expect(channel.state).toBe('backoff')
    // In front the reconnect waits at most VISIBLE_BACKOFF's ceiling.
    expect(clock.pendingDelays()).toEqual([VISIBLE_BACKOFF.baseMs])
    clock.advance(VISIBLE_BACKOFF.baseMs)
    expect(sockets.sockets).toHaveLength(2)
  })

  test('an answered probe keeps the socket; a busy socket is never pinged', () => {
    const { clock, socket, channel } = connected()
    for (let i = 0; i < 5; i++) {
      clock.advance(WS_PROBE_MS - 1000)
      socket.receive({ type: 'pong', ts: 0 })
    }
    expect(socket.sentFrames()).toEqual([])
    clock.advance(WS_PROBE_MS)
    expect(socket.sentFrames()).toHaveLength(1)
    socket.receive({ type: 'pong', ts: clock.now() })
    clock.advance(WS_PROBE_REPLY_MS)
    expect(channel.state).toBe('open')
  })

  test('in the background the socket is pinged only every heartbeat interval', () => {
    const link = new FakeLink()
    link.hidden = true
    const { clock, socket } = connected(link)
    clock.advance(WS_HEARTBEAT_MS - 1)
    expect(socket.sentFrames()).toEqual([])
    clock.advance(1)
    expect(socket.sentFrames()).toHaveLength(1)
  })

  test('coming to the front probes at once; going offline drops the socket at once', () => {
    const link = new FakeLink()
    link.hidden = true
    const { clock, socket, channel } = connected(link)
    clock.advance(1000)
    link.emit('visible')
    expect(socket.sentFrames()).toEqual([{ type: 'ping', ts: 1000 }])
    clock.advance(WS_PROBE_REPLY_MS)
    expect(channel.state).toBe('backoff')

    const second = connected()
    second.link.emit('offline')
    expect(second.socket.closedWith?.reason).toBe('offline')
    expect(second.channel.state).toBe('backoff')
  })

  test('on a platform that suspends hidden apps the socket closes when hidden and reopens only when shown', () => {
    const link = Object.assign(new FakeLink(), { closesWhenHidden: true })
    const { clock, socket, channel, sockets } = connected(link)
    link.emit('hidden')
    expect(socket.closedWith?.reason).toBe('app hidden')
    expect(channel.state).toBe('backoff')
    clock.advance(10 * 60_000)
    link.emit('online')
    expect(sockets.sockets).toHaveLength(1)
    link.emit('visible')
    expect(sockets.sockets).toHaveLength(2)
    expect(channel.state).toBe('connecting')
    sockets.last.open()
    expect(channel.state).toBe('open')
  })

  test('the network coming back cuts a reconnect wait short', () => {
    const { clock, socket, channel, sockets, link } = connected()
    socket.drop()
    expect(channel.state).toBe('backoff')
    clock.advance(100)
    link.emit('online')
    expect(sockets.sockets).toHaveLength(2)
    expect(channel.state).toBe('connecting')
  })

  test('a new socket that never says hello, or a connection that never opens, is given up', () => {
    const link = new FakeLink()
    const { clock, sockets, channel } = setup({ random: () => 1, link })
    channel.start()
    clock.advance(WS_PROBE_MS + WS_PROBE_REPLY_MS - 1)
    expect(channel.state).toBe('connecting')
    clock.advance(1)
    expect(sockets.sockets[0]!.closedWith?.reason).toBe('connect timeout')
    expect(channel.state).toBe('backoff')
    clock.advance(VISIBLE_BACKOFF.baseMs)
    sockets.last.open()
    clock.advance(WS_PROBE_REPLY_MS)
    expect(sockets.sockets[1]!.closedWith?.reason).toBe('heartbeat timeout')
  })
})
