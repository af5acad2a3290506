import type { OfflinePushInfo } from '@shared/call'
import { CallError, type CallEngine } from '@/engines/call/CallEngine'
import { CallStatus, type DisplayMode, type VideoResolution } from '@/engines/call/state'
import type { CallLanguage } from '@/i18n/call'
import { validateArgs, type ApiMethod } from './validation'

/** The public API of the widget (calling-widget section 5), shaped after TUICallKit. */

export const INIT_NOT_COMPLETE = 'TUICallKit init is not complete'
export const REPEATED_CALL = 'is ongoing, please avoid repeated calls'

/**
 * setLanguage's accepted values (the widget's CALL_LANGUAGES). Kept here rather than imported: the
 * H5 bundle referenced the i18n module's binding here under an undeclared name ('call is not defined').
 */
export const SUPPORTED_LANGUAGES: readonly CallLanguage[] = ['en', 'zh-cn', 'ja_JP']
const isSupportedLanguage = (v: string): v is CallLanguage => (SUPPORTED_LANGUAGES as readonly string[]).includes(v)

export class CallKitArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CallKitArgumentError'
  }
}

export interface InitParams {
  SDKAppID: number
  userID: string
  userSig: string
  tim?: object
}
export interface CallArgs {
  userID: string
  type: 1 | 2
  roomID?: number
  strRoomID?: string
  userData?: string
  timeout?: number
}
export interface GroupCallArgs {
  userIDList: string[]
  type: 1 | 2
  groupID: string
  roomID?: number
  strRoomID?: string
  timeout?: number
  userData?: string
  offlinePushInfo?: Partial<OfflinePushInfo>
}

export interface CallKitDeps {
  engine: CallEngine
  /** Logs in the messaging side and starts the engine as this user. */
  login(params: InitParams): Promise<{ nick: string; avatar: string }>
  isPlayableAudio(url: string): Promise<boolean>
  warn(message: string): void
}

export class CallKit {
  private ready = false
  private readonly running = new Set<string>()

  constructor(private readonly deps: CallKitDeps) {}

  isReady(): boolean {
    return this.ready
  }

  private check(method: ApiMethod, args: Record<string, unknown> | undefined): void {
    const error = validateArgs(method, args)
    if (error) throw new CallKitArgumentError(error)
  }

  private requireInit(): void {
    if (!this.ready) throw new CallError(0, INIT_NOT_COMPLETE)
  }

  /** A method already running is not started again: the repeat is ignored with a warning. */
  private async once<T>(method: string, fn: () => Promise<T>): Promise<T | undefined> {
    if (this.running.has(method)) {
      this.deps.warn(`TUICallKit ${method} ${REPEATED_CALL}`)
      return undefined
    }
    this.running.add(method)
    try {
      return await fn()
    } finally {
      this.running.delete(method)
    }
  }

  async init(params: InitParams): Promise<void> {
    this.check('init', params as unknown as Record<string, unknown>)
    await this.once('init', async () => {
      const self = await this.deps.login(params)
      this.deps.engine.start({ userId: params.userID, nick: self.nick, avatar: self.avatar })
      this.ready = true
    })
  }

  async call(args: CallArgs): Promise<void> {
    this.check('call', args as unknown as Record<string, unknown>)
    this.requireInit()
    await this.once('call', async () => {
      // A call is ignored unless idle.
      if (this.deps.engine.getState().callStatus === CallStatus.Idle) await this.deps.engine.call(args)
    })
  }

  async groupCall(args: GroupCallArgs): Promise<void> {
    this.check('groupCall', args as unknown as Record<string, unknown>)
    this.requireInit()
    await this.once('groupCall', async () => {
      // A group call is ignored unless idle.
      if (this.deps.engine.getState().callStatus === CallStatus.Idle) await this.deps.engine.groupCall(args)
    })
  }

  async joinInGroupCall(args: { type: 1 | 2; groupID: string; roomID: number }): Promise<void> {
    this.check('joinInGroupCall', args as unknown as Record<string, unknown>)
    this.requireInit()
    await this.once('joinInGroupCall', () => this.deps.engine.joinInGroupCall({ type: args.type, groupID: args.groupID }))
  }

  async inviteUser(args: { userIDList: string[] }): Promise<void> {
    this.check('inviteUser', args as unknown as Record<string, unknown>)
    this.requireInit()
    // An empty selection is ignored.
    if (args.userIDList.length === 0) return
    await this.once('inviteUser', () => this.deps.engine.inviteUser(args.userIDList))
  }

  setSelfInfo(args: { nickName?: string; avatar?: string }): void {
    this.check('setSelfInfo', args as unknown as Record<string, unknown>)
    this.deps.engine.configure({ type: 'selfInfo', ...(args.nickName !== undefined ? { nick: args.nickName } : {}), ...(args.avatar !== undefined ? { avatar: args.avatar } : {}) })
  }

  enableFloatWindow(enable: boolean): void {
    this.check('enableFloatWindow', { enable })
    this.deps.engine.configure({ type: 'settings', patch: { enableFloatWindow: enable } })
  }

  /** AI noise suppression of the sent microphone, for the running call and the later ones; settles once a running call's microphone is swapped. */
  enableAIVoice(enable: boolean): Promise<void> {
    this.check('enableAIVoice', { enable })
    return this.deps.engine.setAIVoice(enable)
  }

  enableMuteMode(enable: boolean): void {
    this.check('enableMuteMode', { enable })
    this.deps.engine.enableMuteMode(enable)
  }

  /** Accepted only when a HEAD request answers 200 with audio/mpeg; '' returns to the built-in tone. */
  async setCallingBell(filePath?: string): Promise<boolean> {
    this.check('setCallingBell', { filePath })
    if (!filePath) {
      this.deps.engine.setCallingBell('')
      return true
    }
    if (!(await this.deps.isPlayableAudio(filePath))) {
      this.deps.warn(`TUICallKit setCallingBell: ${filePath} is not an audio/mpeg file`)
      return false
    }
    this.deps.engine.setCallingBell(filePath)
    return true
  }

  setLanguage(language: string): void {
    this.check('setLanguage', { language })
    if (!isSupportedLanguage(language)) {
      this.deps.warn(`TUICallKit setLanguage: ${language} is not supported, only en, zh-cn and ja_JP`)
      return
    }
    this.deps.engine.configure({ type: 'settings', patch: { language } })
  }

  setDisplayMode(displayMode: DisplayMode): void {
    this.check('setDisplayMode', { displayMode })
    this.deps.engine.configure({ type: 'settings', patch: { displayMode } })
  }

  setVideoResolution(resolution: VideoResolution): void {
    this.check('setVideoResolution', { resolution })
    this.deps.engine.configure({ type: 'settings', patch: { videoResolution: resolution } })
  }

  /** Only when idle. */
  destroy(): void {
    if (this.deps.engine.getState().callStatus !== CallStatus.Idle) {
      this.deps.warn('TUICallKit destroy is only allowed when the call status is idle')
      return
    }
    this.deps.engine.stop()
    this.ready = false
  }
}
