import type { CallStream, DeviceType } from '@/platform/media'
import type { CallEngine, CallEngineDeps, CallEngineEvents, CallParams, GroupCallParams, JoinGroupCallParams } from '../CallEngine'
import type { CallMedia } from '../callMedia'
import type { LiveEvent } from '../liveView'
import { CallRole, CallStatus, type CallState, type ConfigureEvent } from '../state'
import { CallMessages } from './callMessages'
import { IncomingCall } from './incoming'
import { LocalMedia } from './localMedia'
import { MediaLink } from './mediaLink'
import { OutgoingCall } from './outgoing'
import { SessionCore } from './sessionCore'

/**
 * The call engine: call messages over the chat engine, the state machine, ringing, timers and
 * records, whatever carries the media. The media (WebRTC peer links or SFU, a TRTC room) comes in
 * as a CallMedia, which gives the camera and players (its port) and makes each call's path.
 */
export class CallSession implements CallEngine {
  private readonly core: SessionCore
  private readonly link: MediaLink
  private readonly local: LocalMedia
  private readonly incoming: IncomingCall
  private readonly outgoing: OutgoingCall
  private readonly messages: CallMessages
  private unsubscribe: Array<() => void> = []

  constructor(
    deps: CallEngineDeps,
    private readonly media: CallMedia,
  ) {
    this.core = new SessionCore({ ...deps, media: media.port })
    this.link = new MediaLink(this.core, media)
    this.local = new LocalMedia(this.core, this.link)
    this.incoming = new IncomingCall(this.core, this.link, this.local)
    this.outgoing = new OutgoingCall(this.core, this.link, this.local, this.incoming)
    this.messages = new CallMessages(this.core, this.link, this.local, this.incoming)
    media.onLiveView((view) => this.core.events.emit('liveView', view))
  }

  getState(): CallState {
    return this.core.state
  }

  on<K extends keyof CallEngineEvents>(event: K, handler: (payload: CallEngineEvents[K]) => void): () => void {
    return this.core.events.on(event, handler)
  }

  start(self: { userId: string; nick: string; avatar: string }): void {
    this.stop()
    const core = this.core
    core.dispatch({ type: 'selfInfo', userId: self.userId, nick: self.nick, avatar: self.avatar })
    core.dispatch({ type: 'settings', patch: { allowedFullScreen: core.deps.media.canFullScreen() } })
    const chat = core.deps.chat()
    this.unsubscribe = [chat.on('message', (m) => void this.messages.onMessage(m)), chat.on('rtc', (e) => void this.messages.onRtc(e)), chat.on('sfu', (e) => void this.link.onSfu(e))]
  }

  stop(): void {
    for (const off of this.unsubscribe) off()
    this.unsubscribe = []
    if (this.core.state.callStatus !== CallStatus.Idle) this.core.end()
  }

  call(params: CallParams): Promise<void> {
    return this.outgoing.call(params)
  }
  groupCall(params: GroupCallParams): Promise<void> {
    return this.outgoing.groupCall(params)
  }
  joinInGroupCall(params: JoinGroupCallParams): Promise<void> {
    return this.outgoing.joinInGroupCall(params)
  }
  inviteUser(userIDList: string[]): Promise<void> {
    return this.outgoing.inviteUser(userIDList)
  }
  accept(): Promise<void> {
    return this.incoming.accept()
  }
  reject(): Promise<void> {
    return this.incoming.reject()
  }
  hangup(): Promise<void> {
    return this.core.hangup()
  }
  leaveForLogout(waitMs?: number): Promise<void> {
    return this.core.leaveForLogout(waitMs)
  }
  kickOut(): void {
    this.core.kickOut()
  }

  openCamera(): void {
    this.local.setEnabled('video', true)
  }
  closeCamera(): void {
    this.local.setEnabled('video', false)
  }
  openMicrophone(): void {
    this.local.setEnabled('audio', true)
  }
  closeMicrophone(): void {
    this.local.setEnabled('audio', false)
  }
  muteSpeaker(): void {
    this.local.muteSpeaker(true)
  }
  unMuteSpeaker(): void {
    this.local.muteSpeaker(false)
  }
  switchDevice(params: { deviceType: DeviceType; deviceId: string }): Promise<void> {
    return this.local.switchDevice(params)
  }
  switchCamera(): Promise<void> {
    return this.local.switchCamera()
  }
  setBlurBackground(on: boolean): Promise<void> {
    return this.local.setBlurBackground(on)
  }
  setAIVoice(on: boolean): Promise<void> {
    return this.local.setAIVoice(on)
  }
  toggleFullScreen(domId: string): Promise<void> {
    return this.local.toggleFullScreen(domId)
  }
  switchToAudio(): Promise<void> {
    return this.local.switchToAudio()
  }
  switchToVideo(): Promise<void> {
    return this.local.switchToVideo()
  }
  configure(event: ConfigureEvent): void {
    this.local.configure(event)
  }
  streamOf(userId: string): CallStream | null {
    return this.local.streamOf(userId)
  }
  startRemoteView(userId: string, domId: string): void {
    this.local.startRemoteView(userId, domId)
  }
  setRemoteLayer(userId: string, layer: 0 | 1 | 2): void {
    this.link.setRemoteLayer(userId, layer)
  }

  closePermissionTip(): void {
    this.core.dispatch({ type: 'permissionTip', show: false })
  }
  toggleMinimize(): void {
    this.core.dispatch({ type: 'toggleMinimize' })
  }
  toggleBigScreen(): void {
    this.core.dispatch({ type: 'toggleBigScreen' })
  }
  setCallingBell(url: string): void {
    this.core.customBell = url
  }
  enableMuteMode(muted: boolean): void {
    this.core.muteMode = muted
    if (muted && this.core.state.callRole === CallRole.Callee && this.core.state.callStatus === CallStatus.Calling) this.core.deps.ringtone.stop()
  }
  liveEvent(event: LiveEvent): void {
    this.media.liveEvent(event)
  }
}
