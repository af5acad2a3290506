import type { IceServer, RtcPayload, SfuRequest } from '@shared/call'
import type { CallStream, MediaPort } from '@/platform/media'
import type { LiveEvent, LiveView } from './liveView'
import type { MediaPath, MediaPathEvents } from './mediaPath'
import type { CallRef } from './signaling'

/** What a call session hands the media service when a call's media path is made. */
export interface PathRequest {
  ref: CallRef
  local: CallStream
  /** The call's ICE servers, and whether the server relays group calls through its SFU. */
  config: { iceServers: IceServer[]; sfu: boolean }
  /** This side started the call: it may send media at once (a callee does so on its accept). */
  caller: boolean
  events: Omit<MediaPathEvents, 'send'>
  /**
   * Runs `fn` now, or once the user accepts when a group invitation still rings: a path whose
   * media reaches a ringing invitee (the SFU's subscription) holds what it reports till then.
   */
  afterAccept(fn: () => void): void
  /** A negotiation frame to a participant, relayed by the server. */
  sendRtc(to: string, payload: RtcPayload): void
  /** A request to the server's SFU; false when it could not go out. */
  sendSfu(request: SfuRequest): boolean
}

/**
 * What carries a call's media, beside the call session that signals, rings, times and records it:
 * WebRTC (a peer link per pair, or the SFU for group calls) or a TRTC room (the browser SDK, or
 * the mini-program's live-pusher and live-players). The session knows only this.
 */
export interface CallMedia {
  /** Camera, microphone, players and devices as this media service has them. */
  readonly port: MediaPort
  /** The media path of one call, made once this side has its local stream. */
  openPath(request: PathRequest): MediaPath
  /** An event of the mini-program call screen's native components (nothing to do elsewhere). */
  liveEvent(event: LiveEvent): void
  /** The native components to draw, each time they change (never, where there are none). */
  onLiveView(listener: (view: LiveView | null) => void): void
}
