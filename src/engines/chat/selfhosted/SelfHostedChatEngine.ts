import { PROTOCOL_VERSION } from '@shared/codes'
import { NoticeType, type ServerFrame } from '@shared/ws'
import type { SocketPort } from '@/platform/socket'
import {
  ChatEngineError,
  ChatErrorCode,
  type ChatEngine,
  type ChatEngineEvents,
  type ChatEventHandler,
  type ChatEventName,
  type ChatLoginParams,
} from '../ChatEngine'
import { TypedEmitter } from '../emitter'
import type { BackoffOptions } from './backoff'
import { ReconnectingChannel, type ChannelState } from './channel'
import { systemClock, type Clock } from './clock'

/** How long login() waits for the server's hello, reconnect attempts included. */
export const LOGIN_TIMEOUT_MS = 15_000
/** The forced-logout text when the server closes the channel without a -1 frame. */
export const SESSION_LOST_TEXT = '登录状态已失效，请重新登录'

export interface SelfHostedChatEngineOptions {
  socket: Pick<SocketPort, 'connect' | 'urlFor'>
  /** The app session token: /ws/{token} is authenticated by it. */
  sessionToken(): string | null
  clock?: Clock
  random?: () => number
  heartbeatMs?: number
  backoff?: BackoffOptions
  loginTimeoutMs?: number
}

interface PendingLogin {
  resolve(): void
  reject(err: ChatEngineError): void
  timer: unknown
}

/**
 * The engine over our own server's /ws/{token} channel. The channel is authenticated by the
 * session token, so userSig is not needed here; it is kept in the interface for engines that sign.
 */
export class SelfHostedChatEngine implements ChatEngine {
  private readonly events = new TypedEmitter<ChatEngineEvents>()
  private readonly clock: Clock
  private channel: ReconnectingChannel | null = null
  private userID: string | null = null
  private ready = false
  private pending: PendingLogin | null = null

  constructor(private readonly options: SelfHostedChatEngineOptions) {
    this.clock = options.clock ?? systemClock
  }

  isReady(): boolean {
    return this.ready
  }

  on<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>): () => void {
    return this.events.on(event, handler)
  }

  off<K extends ChatEventName>(event: K, handler: ChatEventHandler<K>): void {
    this.events.off(event, handler)
  }

  login({ userID }: ChatLoginParams): Promise<void> {
    if (this.ready && this.userID === userID) return Promise.resolve()
    this.reset()
    if (!this.options.sessionToken()) return Promise.reject(new ChatEngineError(ChatErrorCode.NoSession, '未登录'))
    this.userID = userID
    const channel = new ReconnectingChannel({
      connect: (url) => this.options.socket.connect(url),
      url: () => {
        const token = this.options.sessionToken()
        return token ? this.options.socket.urlFor(`/ws/${encodeURIComponent(token)}`) : null
      },
      clock: this.clock,
      random: this.options.random,
      heartbeatMs: this.options.heartbeatMs,
      backoff: this.options.backoff,
    })
    this.channel = channel
    channel.on('frame', (frame) => this.handleFrame(frame))
    channel.on('state', (state) => this.handleState(state))
    channel.on('ended', () => this.handleEnded())
    return new Promise<void>((resolve, reject) => {
      const timer = this.clock.setTimeout(
        () => this.failLogin(new ChatEngineError(ChatErrorCode.Timeout, '连接消息服务超时')),
        this.options.loginTimeoutMs ?? LOGIN_TIMEOUT_MS,
      )
      this.pending = { resolve, reject, timer }
      channel.start()
    })
  }

  async logout(): Promise<void> {
    this.reset()
  }

  /** Ends whatever is under way: a login still waiting is cancelled, the channel closed. */
  private reset(): void {
    if (this.pending) this.failLogin(new ChatEngineError(ChatErrorCode.Cancelled, '已取消登录'))
    this.shutdown()
    this.userID = null
  }

  private shutdown(): void {
    const channel = this.channel
    this.channel = null
    if (channel) {
      channel.stop()
      channel.removeAll()
    }
    this.setReady(false)
  }

  private failLogin(err: ChatEngineError): void {
    const pending = this.pending
    if (!pending) return
    this.pending = null
    this.clock.clearTimeout(pending.timer)
    this.shutdown()
    this.userID = null
    pending.reject(err)
  }

  private setReady(ready: boolean): void {
    if (this.ready === ready) return
    this.ready = ready
    this.events.emit(ready ? 'ready' : 'notReady', undefined)
  }

  private handleFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'hello':
        return this.handleHello(frame.protocolVersion, frame.wtId)
      case 'pong':
        return
      case 'error':
        return this.events.emit('error', { code: frame.code, msg: frame.msg })
      case NoticeType.ForcedLogout:
      case NoticeType.FatalError:
        return this.kick({ type: frame.type, msg: frame.msg })
      case NoticeType.MomentsCount:
      case NoticeType.TopMessageChanged:
      case NoticeType.GroupUnread:
      case NoticeType.GroupChange:
      case NoticeType.Withdraw:
        return this.events.emit('notice', frame)
      default:
        return missingCase(frame)
    }
  }

  private handleHello(protocolVersion: number, wtId: string): void {
    if (protocolVersion !== PROTOCOL_VERSION || wtId !== this.userID) {
      const err = new ChatEngineError(ChatErrorCode.Incompatible, '客户端版本与服务器不兼容，请刷新页面')
      if (this.pending) return this.failLogin(err)
      this.shutdown()
      this.events.emit('error', { code: 0, msg: err.message })
      return
    }
    this.events.emit('netStateChange', 'connected')
    this.setReady(true)
    const pending = this.pending
    if (pending) {
      this.pending = null
      this.clock.clearTimeout(pending.timer)
      pending.resolve()
    }
  }

  private handleState(state: ChannelState): void {
    if (state === 'connecting' || state === 'backoff') {
      this.setReady(false)
      this.events.emit('netStateChange', 'connecting')
    } else if (state === 'stopped') {
      this.events.emit('netStateChange', 'disconnected')
    }
  }

  /** The server closed for good (token refused, session ended) without saying why in a frame. */
  private handleEnded(): void {
    if (this.pending) return this.failLogin(new ChatEngineError(ChatErrorCode.Unauthorized, SESSION_LOST_TEXT))
    this.kick({ type: NoticeType.ForcedLogout, msg: SESSION_LOST_TEXT })
  }

  private kick(event: ChatEngineEvents['kicked']): void {
    if (this.pending) return this.failLogin(new ChatEngineError(ChatErrorCode.Unauthorized, event.msg))
    this.shutdown()
    this.userID = null
    this.events.emit('kicked', event)
  }
}

function missingCase(x: never): never {
  throw new Error(`unhandled frame ${JSON.stringify(x)}`)
}
