import type { ClientFrame, ServerFrame } from '@shared/frames'
import { WS_HEARTBEAT_MS, WS_PROBE_MS, WS_PROBE_REPLY_MS, WsClose } from '@shared/ws'
import type { PlatformSocket, SocketCloseEvent } from '@/platform/socket'
import { TypedEmitter } from '../emitter'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff'
import { systemClock, type Clock } from './clock'
import type { WireChecks } from './frames'

/** Close codes the server uses on /ws after which reconnecting cannot help. */
export const WsCloseCode = WsClose

const TERMINAL_CLOSE_CODES: readonly number[] = [WsCloseCode.Unauthorized, WsCloseCode.SessionEnded]
/**
 * The account's newer sockets pushed this one out: the session is still good, but reconnecting
 * on its own would push out another device in turn, so the channel stops until started again.
 */
const DISPLACED_CLOSE_CODES: readonly number[] = [WsCloseCode.TooManySockets]
/** Our own close code for a connection that stopped answering pings. */
const HEARTBEAT_TIMEOUT_CLOSE = 4408

export type ChannelState = 'idle' | 'connecting' | 'open' | 'backoff' | 'stopped'

export interface ChannelEvents {
  state: ChannelState
  frame: ServerFrame
  /** A frame that failed validation; it is dropped and the connection stays up. */
  invalidFrame: { reason: string; raw: string }
  /** The server closed with a code that rules out reconnecting; the channel has stopped. */
  ended: SocketCloseEvent
}

/** What the device says about the link: the app in front or not, the network up or down. */
export type LinkEvent = 'visible' | 'hidden' | 'online' | 'offline'

export interface LinkWatch {
  isHidden(): boolean
  /**
   * The platform suspends a hidden app and its sockets (WeChat, a few seconds after onAppHide):
   * the channel closes its socket when hidden and reconnects when shown, and the engine catches
   * up by sequence as after any reconnect.
   */
  closesWhenHidden?: boolean
  /** Returns the function that stops watching. */
  onChange(fn: (event: LinkEvent) => void): () => void
}

/**
 * Reconnect waits while the app is in front: a person looking at the screen sees the link back
 * within about two seconds of it returning. In the background the ordinary backoff saves battery.
 */
export const VISIBLE_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 1500 }

export interface ChannelOptions {
  connect(url: string): PlatformSocket
  /** The URL to (re)connect to, or null when there is no session to connect with. */
  url(): string | null
  /** Validates every incoming frame against the wire contract (frames.ts). */
  parseFrame: WireChecks['parseServerFrame']
  clock?: Clock
  random?: () => number
  heartbeatMs?: number
  /** Given: a fixed backoff (tests). Otherwise VISIBLE_BACKOFF in front, DEFAULT_BACKOFF behind. */
  backoff?: BackoffOptions
  /**
   * Without it the channel pings every heartbeat interval and drops a socket silent for two. With
   * it, while the app is in front a silent socket is probed after WS_PROBE_MS and dropped when the
   * probe gets no answer in WS_PROBE_REPLY_MS; 'online' and coming to the front probe at once.
   */
  link?: LinkWatch
}

/**
 * One logical connection to /ws/{token} over successive sockets: reconnects with exponential
 * backoff and jitter, pings a socket that has been silent for a while (briefly in front, every
 * heartbeat interval behind), drops one whose ping goes unanswered, and validates every incoming
 * frame. Pings go out only on silence: a busy link costs nothing extra.
 */
export class ReconnectingChannel extends TypedEmitter<ChannelEvents> {
  private socket: PlatformSocket | null = null
  private detach: Array<() => void> = []
  private attempt = 0
  private retryTimer: unknown = null
  private heartbeatTimer: unknown = null
  private lastFrameAt = 0
  /** Since when an answer is awaited (a ping, or the hello of a new socket); null when none is. */
  private awaitingSince: number | null = null
  private unwatchLink: (() => void) | null = null
  private heardOnThisSocket = false
  private current: ChannelState = 'idle'
  /** Closed because the app went to the background (closesWhenHidden); it reopens when shown. */
  private pausedHidden = false
  private readonly clock: Clock
  private readonly heartbeatMs: number

  constructor(private readonly options: ChannelOptions) {
    super()
    this.clock = options.clock ?? systemClock
    this.heartbeatMs = options.heartbeatMs ?? WS_HEARTBEAT_MS
  }

  get state(): ChannelState {
    return this.current
  }

  /** Retries made since the last connection the server spoke on. */
  get retries(): number {
    return this.attempt
  }

  start(): void {
    if (this.current !== 'idle' && this.current !== 'stopped') return
    this.attempt = 0
    this.pausedHidden = false
    this.unwatchLink?.()
    this.unwatchLink = this.options.link?.onChange((event) => this.handleLink(event)) ?? null
    this.open()
  }

  stop(): void {
    if (this.current === 'stopped') return
    this.unwatchLink?.()
    this.unwatchLink = null
    this.clearTimers()
    this.setState('stopped')
    this.dropSocket(1000, 'client stop')
  }

  /**
   * Sends when a socket is open and says whether it did. Frames are not queued here: the engine
   * decides what is worth sending again after a reconnect (unacknowledged messages are).
   */
  send(frame: ClientFrame): boolean {
    if (this.current !== 'open' || !this.socket) return false
    try {
      this.socket.send(JSON.stringify(frame))
      return true
    } catch (err) {
      // A socket that is going away may throw; its close event follows and brings a reconnect.
      console.warn('socket send failed', err)
      return false
    }
  }

  private setState(state: ChannelState): void {
    if (this.current === state) return
    this.current = state
    this.emit('state', state)
  }

  private open(): void {
    const url = this.options.url()
    if (!url) {
      this.clearTimers()
      this.setState('stopped')
      this.emit('ended', { code: WsCloseCode.Unauthorized, reason: 'no session' })
      return
    }
    this.setState('connecting')
    this.heardOnThisSocket = false
    // In front, a connection attempt that hangs (a handshake into a silent network) is given up
    // like an unanswered probe, instead of after the system's minutes-long timeout.
    if (this.inFront()) this.scheduleHeartbeat(WS_PROBE_MS + WS_PROBE_REPLY_MS)
    const socket = this.options.connect(url)
    this.socket = socket
    this.detach = [
      socket.onOpen(() => this.handleOpen(socket)),
      socket.onMessage((text) => this.handleMessage(socket, text)),
      socket.onClose((event) => this.handleClose(socket, event)),
    ]
  }

  private handleOpen(socket: PlatformSocket): void {
    if (socket !== this.socket) return
    this.lastFrameAt = this.clock.now()
    // The server greets every new socket at once: its hello is awaited like a probe's answer.
    this.awaitingSince = this.lastFrameAt
    this.setState('open')
    this.scheduleHeartbeat(this.replyWindow())
  }

  private inFront(): boolean {
    return this.options.link !== undefined && !this.options.link.isHidden()
  }

  /** How long a socket may be silent before it is pinged. */
  private silenceBeforePing(): number {
    return this.inFront() ? WS_PROBE_MS : this.heartbeatMs
  }

  /** How long a ping may go unanswered before the socket counts as dead. */
  private replyWindow(): number {
    return this.inFront() ? WS_PROBE_REPLY_MS : this.heartbeatMs
  }

  private handleLink(event: LinkEvent): void {
    if (this.current === 'stopped' || this.current === 'idle') return
    if (event === 'offline') {
      // The device knows the network is gone: say so now rather than after a probe.
      if (this.current === 'open') this.reconnect('offline')
      return
    }
    if (event === 'hidden') {
      if (this.options.link?.closesWhenHidden) this.pause()
      return
    }
    // A paused channel waits to be shown; being online again is not enough.
    if (this.pausedHidden && event !== 'visible') return
    this.pausedHidden = false
    // Back in front or back online: a link that went quiet meanwhile is found out at once, and a
    // reconnect waiting out its backoff tries now.
    if (this.current === 'backoff') {
      if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer)
      this.retryTimer = null
      this.attempt = 0
      this.open()
    } else if (this.current === 'open') {
      this.probe()
    }
  }

  /** Hidden on a platform that suspends hidden apps: the socket closes now, nothing retries. */
  private pause(): void {
    this.pausedHidden = true
    this.clearTimers()
    this.dropSocket(1000, 'app hidden')
    this.attempt = 0
    this.setState('backoff')
  }

  private probe(): void {
    if (this.awaitingSince === null) {
      this.awaitingSince = this.clock.now()
      this.send({ type: 'ping', ts: this.awaitingSince })
    }
    this.scheduleHeartbeat(Math.max(0, this.awaitingSince + this.replyWindow() - this.clock.now()))
  }

  private reconnect(reason: string): void {
    this.clearTimers()
    this.dropSocket(HEARTBEAT_TIMEOUT_CLOSE, reason)
    this.scheduleReconnect()
  }

  private handleMessage(socket: PlatformSocket, text: string): void {
    if (socket !== this.socket) return
    this.lastFrameAt = this.clock.now()
    this.awaitingSince = null
    const parsed = this.options.parseFrame(text, (reason) => {
      console.warn('dropped an invalid frame in a batch:', reason)
      this.emit('invalidFrame', { reason, raw: text })
    })
    if (!parsed.ok) {
      console.warn('dropped an invalid frame:', parsed.reason)
      this.emit('invalidFrame', { reason: parsed.reason, raw: text })
      return
    }
    if (!this.heardOnThisSocket) {
      // Only a server that actually answers resets the backoff; one that accepts and drops does not.
      this.heardOnThisSocket = true
      this.attempt = 0
    }
    this.emit('frame', parsed.frame)
  }

  private handleClose(socket: PlatformSocket, event: SocketCloseEvent): void {
    if (socket !== this.socket) return
    this.releaseSocket()
    this.clearTimers()
    if (this.current === 'stopped') return
    if (TERMINAL_CLOSE_CODES.includes(event.code)) {
      this.setState('stopped')
      this.emit('ended', event)
      return
    }
    if (DISPLACED_CLOSE_CODES.includes(event.code)) return this.setState('stopped')
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    const backoff = this.options.backoff ?? (this.inFront() ? VISIBLE_BACKOFF : DEFAULT_BACKOFF)
    const delay = backoffDelay(this.attempt, backoff, this.options.random)
    this.attempt += 1
    this.setState('backoff')
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null
      this.open()
    }, delay)
  }

  private scheduleHeartbeat(delay: number): void {
    if (this.heartbeatTimer !== null) this.clock.clearTimeout(this.heartbeatTimer)
    this.heartbeatTimer = this.clock.setTimeout(() => {
      this.heartbeatTimer = null
      this.beat()
    }, delay)
  }

  private beat(): void {
    if (this.current === 'connecting') return this.reconnect('connect timeout')
    if (this.current !== 'open') return
    const now = this.clock.now()
    if (this.awaitingSince !== null) {
      if (now - this.awaitingSince >= this.replyWindow()) return this.reconnect('heartbeat timeout')
      return this.scheduleHeartbeat(this.awaitingSince + this.replyWindow() - now)
    }
    const quietFor = now - this.lastFrameAt
    if (quietFor >= this.silenceBeforePing()) return this.probe()
    this.scheduleHeartbeat(this.silenceBeforePing() - quietFor)
  }

  private releaseSocket(): PlatformSocket | null {
    const socket = this.socket
    this.detach.forEach((off) => off())
    this.detach = []
    this.socket = null
    return socket
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.releaseSocket()
    if (socket && socket.readyState !== 'closed' && socket.readyState !== 'closing') {
      try {
        socket.close(code, reason)
      } catch (err) {
        console.warn('closing the socket failed', err)
      }
    }
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer)
    if (this.heartbeatTimer !== null) this.clock.clearTimeout(this.heartbeatTimer)
    this.retryTimer = null
    this.heartbeatTimer = null
  }
}
