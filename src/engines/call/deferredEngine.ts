import type { Message } from '@shared/chat'
import type { ChatEngine, RtcEvent, SfuEventFrame } from '../chat/ChatEngine'
import { TypedEmitter } from '../chat/emitter'
import type { CallEngine, CallEngineDeps, CallEngineEvents } from './CallEngine'
import { callStepOfMessage } from './callStep'
import { configureState, initialCallState, type CallState, type ConfigureEvent } from './state'

export type CallEngineFactoryLoader = () => Promise<(deps: CallEngineDeps) => CallEngine>

type ChatCallEvent = { event: 'message'; payload: Message } | { event: 'rtc'; payload: RtcEvent } | { event: 'sfu'; payload: SfuEventFrame }
type Self = { userId: string; nick: string; avatar: string }

/**
 * A call engine whose real implementation (WebRTC, media paths) is fetched on first use: the first
 * call signal that reaches the user (an invite, an answer, a relay frame) or the first action
 * (dial, join, accept...). Until then it only listens: the chat events that make it load are
 * kept and handed to the real engine, in their order, as soon as it has started, so an incoming
 * call rings as it would have. Settings and the user's identity given before are applied to its
 * own state (what getState() answers) and replayed on the real engine.
 */
export class DeferredCallEngine implements CallEngine {
  private real: CallEngine | null = null
  private loading: Promise<CallEngine> | null = null
  private state: CallState = initialCallState()
  private readonly events = new TypedEmitter<CallEngineEvents>()
  /** Subscriptions made before the real engine is in: each attaches itself to it once it is. */
  private readonly attachers = new Map<object, (engine: CallEngine) => void>()
  private readonly replay: Array<(engine: CallEngine) => void> = []
  private self: Self | null = null
  private unsubscribe: Array<() => void> = []
  private buffered: ChatCallEvent[] = []

  constructor(
    private readonly deps: CallEngineDeps,
    private readonly loadFactory: CallEngineFactoryLoader,
  ) {}

  /** Whether the real engine is in (for tests and diagnostics). */
  loaded(): boolean {
    return this.real !== null
  }

  getState(): CallState {
    return this.real ? this.real.getState() : this.state
  }

  on<K extends keyof CallEngineEvents>(event: K, handler: (payload: CallEngineEvents[K]) => void): () => void {
    const entry = {}
    let offReal = this.real ? this.real.on(event, handler) : null
    const offOwn = this.events.on(event, handler)
    const attach = (engine: CallEngine) => (offReal = engine.on(event, handler))
    this.attachers.set(entry, attach)
    return () => {
      offOwn()
      offReal?.()
      this.attachers.delete(entry)
    }
  }

  start(self: Self): void {
    if (this.real) return this.real.start(self)
    this.stopListening()
    this.self = self
    this.dispatch({ type: 'selfInfo', userId: self.userId, nick: self.nick, avatar: self.avatar })
    this.dispatch({ type: 'settings', patch: { allowedFullScreen: this.deps.media.canFullScreen() } })
    const chat = this.deps.chat()
    this.unsubscribe = [
      chat.on('message', (m) => {
        if (callStepOfMessage(m)) this.keep({ event: 'message', payload: m })
      }),
      chat.on('rtc', (e) => this.keep({ event: 'rtc', payload: e })),
      chat.on('sfu', (e) => this.keep({ event: 'sfu', payload: e })),
    ]
  }

  stop(): void {
    if (this.real) return this.real.stop()
    this.stopListening()
    this.self = null
    this.buffered = []
  }

  configure(event: ConfigureEvent): void {
    if (this.real) return this.real.configure(event)
    this.dispatch(event)
    this.replay.push((engine) => engine.configure(event))
  }

  setCallingBell(url: string): void {
    if (this.real) return this.real.setCallingBell(url)
    this.replay.push((engine) => engine.setCallingBell(url))
  }

  enableMuteMode(muted: boolean): void {
    if (this.real) return this.real.enableMuteMode(muted)
    this.replay.push((engine) => engine.enableMuteMode(muted))
  }

  // Actions: they need the real engine, so they wait for it.
  call: CallEngine['call'] = (params) => this.ready().then((e) => e.call(params))
  groupCall: CallEngine['groupCall'] = (params) => this.ready().then((e) => e.groupCall(params))
  joinInGroupCall: CallEngine['joinInGroupCall'] = (params) => this.ready().then((e) => e.joinInGroupCall(params))
  inviteUser: CallEngine['inviteUser'] = (ids) => this.ready().then((e) => e.inviteUser(ids))
  accept: CallEngine['accept'] = () => this.ready().then((e) => e.accept())
  reject: CallEngine['reject'] = () => this.ready().then((e) => e.reject())
  hangup: CallEngine['hangup'] = () => this.ready().then((e) => e.hangup())
  switchDevice: CallEngine['switchDevice'] = (params) => this.ready().then((e) => e.switchDevice(params))
  switchCamera: CallEngine['switchCamera'] = () => this.ready().then((e) => e.switchCamera())
  setBlurBackground: CallEngine['setBlurBackground'] = (on) => this.ready().then((e) => e.setBlurBackground(on))
  setAIVoice: CallEngine['setAIVoice'] = (on) => this.ready().then((e) => e.setAIVoice(on))
  toggleFullScreen: CallEngine['toggleFullScreen'] = (domId) => this.ready().then((e) => e.toggleFullScreen(domId))
  switchToAudio: CallEngine['switchToAudio'] = () => this.ready().then((e) => e.switchToAudio())
  switchToVideo: CallEngine['switchToVideo'] = () => this.ready().then((e) => e.switchToVideo())

  /** Without the real engine there is no call to leave. */
  leaveForLogout(waitMs?: number): Promise<void> {
    return this.real ? this.real.leaveForLogout(waitMs) : Promise.resolve()
  }

  // Controls of a running call: a call runs only on the real engine, so before it they do nothing.
  kickOut(): void {
    if (this.real) this.real.kickOut()
    else this.stop()
  }
  openCamera(): void {
    this.real?.openCamera()
  }
  closeCamera(): void {
    this.real?.closeCamera()
  }
  openMicrophone(): void {
    this.real?.openMicrophone()
  }
  closeMicrophone(): void {
    this.real?.closeMicrophone()
  }
  muteSpeaker(): void {
    this.real?.muteSpeaker()
  }
  unMuteSpeaker(): void {
    this.real?.unMuteSpeaker()
  }
  closePermissionTip(): void {
    this.real?.closePermissionTip()
  }
  toggleMinimize(): void {
    this.real?.toggleMinimize()
  }
  toggleBigScreen(): void {
    this.real?.toggleBigScreen()
  }
  streamOf: CallEngine['streamOf'] = (userId) => this.real?.streamOf(userId) ?? null
  startRemoteView(userId: string, domId: string): void {
    this.real?.startRemoteView(userId, domId)
  }
  setRemoteLayer(userId: string, layer: 0 | 1 | 2): void {
    this.real?.setRemoteLayer(userId, layer)
  }
  liveEvent: CallEngine['liveEvent'] = (event) => this.real?.liveEvent(event)

  private dispatch(event: ConfigureEvent): void {
    const after = configureState(this.state, event)
    if (after === this.state) return
    this.state = after
    this.events.emit('stateChanged', after)
  }

  private stopListening(): void {
    for (const off of this.unsubscribe) off()
    this.unsubscribe = []
  }

  private keep(event: ChatCallEvent): void {
    this.buffered.push(event)
    this.ready().catch((err: unknown) => console.warn('loading the call engine failed', err))
  }

  /** Loads the real engine once, starts it as this one was started, and hands it the kept events. */
  private ready(): Promise<CallEngine> {
    if (this.real) return Promise.resolve(this.real)
    this.loading ??= this.loadFactory().then(
      (create) => {
        // The real engine subscribes to the chat through this view, so the events kept while it
        // loaded reach its own handlers right after it starts, before any newer one.
        const handlers: Partial<Record<ChatCallEvent['event'], (payload: unknown) => void>> = {}
        const chat = this.deps.chat
        const view = (): ChatEngine =>
          new Proxy(chat(), {
            get(target, key, receiver) {
              if (key === 'on') {
                const on = target.on.bind(target) as (event: string, handler: (payload: unknown) => void) => () => void
                return (event: string, handler: (payload: unknown) => void) => {
                  if (event === 'message' || event === 'rtc' || event === 'sfu') handlers[event] = handler
                  return on(event, handler)
                }
              }
              const value: unknown = Reflect.get(target, key, receiver)
              return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
            },
          })
        const engine = create({ ...this.deps, chat: view })
        this.stopListening()
        for (const attach of this.attachers.values()) attach(engine)
        for (const apply of this.replay) apply(engine)
        this.replay.length = 0
        if (this.self) engine.start(this.self)
        this.real = engine
        const kept = this.buffered
        this.buffered = []
        for (const e of kept) handlers[e.event]?.(e.payload)
        return engine
      },
      (err: unknown) => {
        this.loading = null
        throw err
      },
    )
    return this.loading
  }
}
