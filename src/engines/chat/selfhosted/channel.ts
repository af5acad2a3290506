import type { ClientFrame, ServerFrame } from '@shared/frames'
import { WS_HEARTBEAT_MS, WsClose } from '@shared/ws'
import type { PlatformSocket, SocketCloseEvent } from '@/platform/socket'
import { TypedEmitter } from '../emitter'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff'
import { systemClock, type Clock } from './clock'
import { parseServerFrame } from './frames'

/** Close codes the server uses on /ws after which reconnecting cannot help. */
export const WsCloseCode = WsClose

const TERMINAL_CLOSE_CODES: readonly number[] = [WsCloseCode.Unauthorized, WsCloseCode.SessionEnded]
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

export interface ChannelOptions {
  connect(url: string): PlatformSocket
  /** The URL to (re)connect to, or null when there is no session to connect with. */
  url(): string | null
  clock?: Clock
  random?: () => number
  heartbeatMs?: number
  backoff?: BackoffOptions
}

/**
 * One logical connection to /ws/{token} over successive sockets: reconnects with exponential
 * backoff and jitter, pings every heartbeat interval, drops a socket that stays silent for two
 * intervals, and validates every incoming frame.
 */
export class ReconnectingChannel extends TypedEmitter<ChannelEvents> {
  private socket: PlatformSocket | null = null
  private detach: Array<() => void> = []
  private attempt = 0
  private retryTimer: unknown = null
  private heartbeatTimer: unknown = null
  private lastFrameAt = 0
  private heardOnThisSocket = false
  private current: ChannelState = 'idle'
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
    this.open()
  }

  stop(): void {
    if (this.current === 'stopped') return
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
    this.setState('open')
    this.scheduleHeartbeat()
  }

  private handleMessage(socket: PlatformSocket, text: string): void {
    if (socket !== this.socket) return
    this.lastFrameAt = this.clock.now()
    const parsed = parseServerFrame(text, (reason) => {
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
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random)
    this.attempt += 1
    this.setState('backoff')
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null
      this.open()
    }, delay)
  }

  private scheduleHeartbeat(): void {
    this.heartbeatTimer = this.clock.setTimeout(() => {
      this.heartbeatTimer = null
      if (this.current !== 'open') return
      if (this.clock.now() - this.lastFrameAt >= 2 * this.heartbeatMs) {
        this.dropSocket(HEARTBEAT_TIMEOUT_CLOSE, 'heartbeat timeout')
        this.scheduleReconnect()
        return
      }
      this.send({ type: 'ping', ts: this.clock.now() })
      this.scheduleHeartbeat()
    }, this.heartbeatMs)
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
