import { CALL_ERROR_TEXT, CALL_LIMITS, CallErrorCode, CallMediaType, type RtcPayload } from '@shared/call'
import type { CallTextKey } from '@/i18n/call'
import type { CallStream, DeviceType } from '@/platform/media'
import { MediaAccessError } from '@/platform/mediaAccess'
import { CallError } from '../CallEngine'
import { CallStatus, type ConfigureEvent } from '../state'
import type { MediaLink } from './mediaLink'
import type { SessionCore } from './sessionCore'

/**
 * This side's media in a call: opening the camera and microphone, turning them on and off,
 * devices, blur and AI voice, the switch to audio, and the views of every participant's stream.
 */
export class LocalMedia {
  constructor(
    private readonly core: SessionCore,
    private readonly link: MediaLink,
  ) {}

  private get state() {
    return this.core.state
  }

  private get media() {
    return this.core.deps.media
  }

  private mediaFailure(err: unknown, video: boolean): CallError {
    if (err instanceof MediaAccessError) {
      const code = { noMic: CallErrorCode.NoMic, noCamera: CallErrorCode.NoCamera, denied: CallErrorCode.DeviceAccessDenied, unsupported: CallErrorCode.WebRtcUnsupported }[err.kind]
      if (err.kind === 'denied') {
        this.core.toast(video ? 'no camera access' : 'no microphone access', 'error')
        if (!err.audioPermitted) this.core.permissionTipDue = video ? 'camera' : 'microphone'
      }
      else this.core.toast(CALL_ERROR_TEXT[code] as CallTextKey, 'error')
      return new CallError(code, CALL_ERROR_TEXT[code])
    }
    return new CallError(CallErrorCode.DeviceAccessDenied, err instanceof Error ? err.message : String(err))
  }

  async open(mediaType: 1 | 2): Promise<void> {
    const video = mediaType === CallMediaType.Video
    try {
      this.core.local = await this.media.getLocalStream({ audio: true, video, resolution: this.state.videoResolution })
    } catch (err) {
      throw this.mediaFailure(err, video)
    }
    this.opened(video)
  }

  /** The local stream is there: the screens show it, and AI voice and blur apply to it. */
  opened(video: boolean): void {
    this.core.events.emit('streamsChanged', undefined)
    void this.refreshDevices()
    if (this.state.enableAIVoice) void this.applyNoiseSuppression(true)
    if (video && this.state.enableVirtualBackground) {
      void this.applyBlur(true).then((ok) => {
        if (!ok && this.core.local) this.core.dispatch({ type: 'settings', patch: { enableVirtualBackground: false } })
      })
    }
  }

  private async refreshDevices(): Promise<void> {
    try {
      this.core.dispatch({ type: 'devices', list: await this.media.listDevices() })
    } catch (err) {
      console.warn('device list unavailable', err)
    }
  }

  setEnabled(kind: 'audio' | 'video', on: boolean): void {
    const core = this.core
    if (!core.local || this.state.callStatus === CallStatus.Idle) return
    if (kind === 'video' && this.state.callMediaType !== CallMediaType.Video) return
    core.local.setEnabled(kind, on)
    core.dispatch({ type: 'localMedia', [kind]: on })
    if (core.ref && this.state.callStatus === CallStatus.Connected) {
      const payload: RtcPayload = { kind: 'media', audio: this.state.localUserInfo.isAudioAvailable, video: this.state.localUserInfo.isVideoAvailable }
      for (const u of this.state.remoteUserInfoList) core.sendRtc(u.userId, payload)
    }
  }

  muteSpeaker(muted: boolean): void {
    this.media.setSpeakerMuted(muted)
    this.core.dispatch({ type: 'muteSpeaker', muted })
  }

  /** Video to audio for everyone on the call; refused (60001) when already audio. The call goes on either way. */
  async switchToAudio(): Promise<void> {
    if (this.state.callStatus === CallStatus.Idle) return
    if (this.state.callMediaType !== CallMediaType.Video) {
      this.refuseSwitch(CallErrorCode.SwitchToAudioFailed)
      return
    }
    this.applyAudioOnly()
    for (const u of this.state.remoteUserInfoList) this.core.sendRtc(u.userId, { kind: 'switchToAudio' })
  }

  /** Audio to video is not offered: always refused with 60002. */
  async switchToVideo(): Promise<void> {
    if (this.state.callStatus === CallStatus.Idle) return
    this.refuseSwitch(CallErrorCode.SwitchToVideoFailed)
  }

  private refuseSwitch(code: typeof CallErrorCode.SwitchToAudioFailed | typeof CallErrorCode.SwitchToVideoFailed): void {
    this.core.toast(CALL_ERROR_TEXT[code] as CallTextKey, 'error')
    this.core.events.emit('error', { code, message: CALL_ERROR_TEXT[code] })
    this.core.events.emit('afterCalling', undefined)
  }

  applyAudioOnly(): void {
    if (this.state.callMediaType !== CallMediaType.Video) return
    this.core.local?.setEnabled('video', false)
    this.link.path?.dropVideo()
    // The remote video tracks stop getting frames; disabled, they no longer hold the players back.
    for (const stream of this.core.remoteStreams.values()) stream.setEnabled('video', false)
    this.core.dispatch({ type: 'switchedToAudio' })
    this.core.events.emit('streamsChanged', undefined)
  }

  async switchDevice({ deviceType, deviceId }: { deviceType: DeviceType; deviceId: string }): Promise<void> {
    try {
      if (deviceType === 'speaker') await this.media.setSpeakerDevice(deviceId)
      else if (this.core.local) await this.media.switchInput(this.core.local, deviceType, { deviceId }, this.state.videoResolution)
      else return
      this.core.dispatch({ type: 'currentDevice', deviceType, deviceId })
    } catch (err) {
      console.warn('device switch failed', err)
    }
  }

  async switchCamera(): Promise<void> {
    if (!this.core.local || !this.state.localUserInfo.isVideoAvailable) return
    const position = this.state.cameraPosition === 'front' ? 'back' : 'front'
    try {
      await this.media.switchInput(this.core.local, 'camera', { facingMode: position === 'front' ? 'user' : 'environment' }, this.state.videoResolution)
      this.core.dispatch({ type: 'cameraPosition', position })
    } catch (err) {
      console.warn('camera switch failed', err)
    }
  }

  async setBlurBackground(on: boolean): Promise<void> {
    if (!this.core.local || !this.state.localUserInfo.isVideoAvailable || this.state.callMediaType !== CallMediaType.Video) return
    if (await this.applyBlur(on, true)) this.core.dispatch({ type: 'settings', patch: { enableVirtualBackground: on } })
  }

  /**
   * False when the blur could not start (no model, no canvas capture): the camera keeps sending as
   * it is. When the user asked for it and the media path has no such feature (TRTC), the answer is
   * 60006 and its toast.
   */
  private async applyBlur(on: boolean, asked = false): Promise<boolean> {
    const local = this.core.local
    if (!local) return false
    try {
      await this.media.setBackgroundBlur(local, on, CALL_LIMITS.blurStrength)
    } catch (err) {
      console.warn('background blur unavailable', err)
      if (asked) this.refuseUnsupported(err)
      return false
    }
    // The call may have ended while the model loaded.
    if (this.core.local !== local) return false
    this.core.events.emit('streamsChanged', undefined)
    return true
  }

  async setAIVoice(on: boolean): Promise<void> {
    this.core.dispatch({ type: 'settings', patch: { enableAIVoice: on } })
    await this.applyNoiseSuppression(on, true)
  }

  /**
   * The choice stays as it is when suppression cannot start: the next call tries again. Asked for
   * during a call whose media path has no such feature (TRTC): 60006 and its toast.
   */
  private async applyNoiseSuppression(on: boolean, asked = false): Promise<void> {
    const local = this.core.local
    if (!local) return
    try {
      await this.media.setNoiseSuppression(local, on)
    } catch (err) {
      console.warn('noise suppression unavailable; the microphone is sent as captured', err)
      if (asked) this.refuseUnsupported(err)
    }
  }

  /** A feature this call's media path does not have: the spec's 60006, as a toast and an error event. */
  private refuseUnsupported(err: unknown): void {
    if (!(err instanceof MediaAccessError) || err.kind !== 'unsupported') return
    const code = CallErrorCode.WebRtcUnsupported
    this.core.toast(CALL_ERROR_TEXT[code] as CallTextKey, 'error')
    this.core.events.emit('error', { code, message: CALL_ERROR_TEXT[code] })
  }

  async toggleFullScreen(domId: string): Promise<void> {
    if (!this.state.allowedFullScreen) return
    await this.media.toggleFullScreen(domId)
  }

  configure(event: ConfigureEvent): void {
    this.core.dispatch(event)
    const resolution = event.type === 'settings' ? event.patch.videoResolution : undefined
    if (resolution && this.core.local) void this.media.setResolution(this.core.local, resolution)
  }

  streamOf(userId: string): CallStream | null {
    if (!userId || userId === this.state.localUserInfo.userId) return this.core.local
    return this.core.remoteStreams.get(userId) ?? null
  }

  /** Shows a participant's stream in an element, retrying while the element is not rendered yet. */
  startRemoteView(userId: string, domId: string): void {
    const attempt = (left: number) => {
      const stream = this.streamOf(userId)
      const isLocal = !userId || userId === this.state.localUserInfo.userId
      const shown = this.media.attach(domId, stream, { muted: isLocal, objectFit: this.state.displayMode })
      if (!shown && left > 0) setTimeout(() => attempt(left - 1), CALL_LIMITS.remoteVideoRetryMs)
    }
    attempt(CALL_LIMITS.remoteVideoRetries)
  }
}
