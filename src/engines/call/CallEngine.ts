import type { CallErrorCode, GroupCallInfo, IceServer, OfflinePushInfo } from '@shared/call'
import type { Message } from '@shared/chat'
import type { CallStream, DeviceType, MediaPort } from '@/platform/media'
import type { RingtonePort } from '@/platform/ringtone'
import type { CallTextKey } from '@/i18n/call'
import type { ChatEngine } from '../chat/ChatEngine'
import type { LiveEvent, LiveView } from './liveView'
import type { CallState, CallUser, ConfigureEvent, LayoutState } from './state'
import type { TrtcUserSig } from '@shared/trtc'

/** What the engine tells the widget. */
export interface CallEngineEvents {
  /** The whole serialisable state after each event of the machine. */
  stateChanged: CallState
  /** The layout state changed (the spec's status-change callback). */
  statusChanged: { oldStatus: LayoutState; newStatus: LayoutState }
  /** A toast or tip for the user, as a widget text key. */
  toast: { key: CallTextKey; params?: Record<string, string>; type: 'info' | 'waring' | 'error' | 'success' }
  error: { code: CallErrorCode | number; message: string }
  /** Runs after every call ends, and after any error (the spec's after-calling callback). */
  afterCalling: undefined
  /** A local or remote stream appeared or changed; the view re-attaches it. */
  streamsChanged: undefined
  /** An invitation rings here, with what its notification says while the page is hidden. */
  invited: { inviteID: string; offlinePushInfo: OfflinePushInfo }
  /** A call message this device stored (the chat shows it at once; the server does not echo it). */
  messageSent: Message
  /** The mini-program's live-pusher and live-players to draw (TRTC there), null when none. */
  liveView: LiveView | null
}

/** What the app gives a call engine when it creates one. */
export interface CallEngineDeps {
  chat: () => ChatEngine
  media: MediaPort
  ringtone: RingtonePort
  /** ICE servers, and whether group calls go through the SFU (the server has JANUS_URL). */
  iceConfig: () => Promise<{ iceServers: IceServer[]; sfu: boolean }>
  /** Name and avatar of a user, for the waiting view. */
  profile: (userId: string) => Promise<Partial<Pick<CallUser, 'nick' | 'avatar' | 'remark'>>>
  tones: { dialing: string; ringing: string }
  /** The group attribute inner_attr_kit_info of a group's live call (null without one). */
  groupCallInfo: (groupID: string) => Promise<GroupCallInfo | null>
  newInviteID: () => string
  newClientMsgId: () => string
  now?: () => number
  /** TRTC as the media path: whether the server holds a TRTC application, and the user's UserSig. */
  trtc?: TrtcAccess
}

export interface TrtcAccess {
  enabled(): Promise<boolean>
  userSig(): Promise<TrtcUserSig>
}

export class CallError extends Error {
  constructor(
    readonly code: CallErrorCode | number,
    message: string,
  ) {
    super(message)
    this.name = 'CallError'
  }
}

export interface CallParams {
  userID: string
  type: 1 | 2
  /** Seconds the callee has to answer. */
  timeout?: number
  roomID?: number
  strRoomID?: string
  userData?: string
}

export interface GroupCallParams {
  userIDList: string[]
  type: 1 | 2
  groupID: string
  timeout?: number
  /** What the invitation's notification says; the title defaults to the caller's name. */
  offlinePushInfo?: Partial<OfflinePushInfo>
}

export interface JoinGroupCallParams {
  type: 1 | 2
  groupID: string
}

/** The TUICallKit-like engine behind the widget's public API. */
export interface CallEngine {
  getState(): CallState
  on<K extends keyof CallEngineEvents>(event: K, handler: (payload: CallEngineEvents[K]) => void): () => void
  /** Starts listening for invitations as this user. */
  start(self: { userId: string; nick: string; avatar: string }): void
  stop(): void
  call(params: CallParams): Promise<void>
  /** A group call (a mesh of up to 9 people). */
  groupCall(params: GroupCallParams): Promise<void>
  /** Joins the group's live call, unless 9 people are already in. */
  joinInGroupCall(params: JoinGroupCallParams): Promise<void>
  /** Asks more group members into the running group call. */
  inviteUser(userIDList: string[]): Promise<void>
  accept(): Promise<void>
  reject(): Promise<void>
  hangup(): Promise<void>
  /**
   * A logout ends the call the way hang up does, but waits (at most `waitMs`) for the record to
   * reach the server, because the socket closes right after.
   */
  leaveForLogout(waitMs?: number): Promise<void>
  /** The server ended this session (a forced logout): the widget's 'kick out' tip, then a reset. */
  kickOut(): void
  openCamera(): void
  closeCamera(): void
  openMicrophone(): void
  closeMicrophone(): void
  muteSpeaker(): void
  unMuteSpeaker(): void
  /** Another camera, microphone or speaker; failures are logged and ignored. */
  switchDevice(params: { deviceType: DeviceType; deviceId: string }): Promise<void>
  /** Front ↔ back camera; only while the local video is on. */
  switchCamera(): Promise<void>
  /** Background blur (strength 3) on the sent and previewed local video; only while the local video is on. The choice is kept for later calls. */
  setBlurBackground(on: boolean): Promise<void>
  /**
   * AI voice: the sent microphone goes through noise suppression (on) or is sent as captured (off),
   * now if a call is on and for every later call. If suppression cannot start, the plain microphone
   * is sent and a warning logged; the call goes on. A media path without it (TRTC) answers 60006
   * with its toast, as does a blur asked for there.
   */
  setAIVoice(on: boolean): Promise<void>
  /** Full screen for the call screen's element (desktop, when allowed). */
  toggleFullScreen(domId: string): Promise<void>
  /** Video to audio only; refused with 60001 when already audio. */
  switchToAudio(): Promise<void>
  /** Refused with 60002: calls switch from video to audio only. */
  switchToVideo(): Promise<void>
  /** Closes the permission-tip panel. */
  closePermissionTip(): void
  toggleMinimize(): void
  toggleBigScreen(): void
  /** Applies a machine event that only changes settings (language, display mode…). */
  configure(event: ConfigureEvent): void
  /** The stream of a participant ('' or the local user ID for the local one). */
  streamOf(userId: string): CallStream | null
  /** Shows a participant's stream in the element `domId` (retried 5 times, 200 ms apart, until it exists). */
  startRemoteView(userId: string, domId: string): void
  /** The simulcast layer to receive of a user's video in a group call through the SFU (0 low … 2 high). */
  setRemoteLayer(userId: string, layer: 0 | 1 | 2): void
  setCallingBell(url: string): void
  enableMuteMode(muted: boolean): void
  /** An event of the mini-program call screen's live-pusher or live-players (nothing to do elsewhere). */
  liveEvent(event: LiveEvent): void
}
