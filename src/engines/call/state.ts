import { CallMediaType, formatCallDuration } from '@shared/call'
import type { CallLanguage } from '@/i18n/call'
import type { DeviceType, MediaDevice } from '@/platform/media'
import { missingCase } from '@/utils/missingCase'

/**
 * The call state of the widget (calling-widget section 4): its fields, the typed events of the
 * state machine and the steps that need no call. The machine itself (machine.ts) is a pure reducer:
 * the engine feeds it typed events and publishes the result. Everything here is serialisable.
 */

/** Call status: idle → calling → connected → idle. */
export const CallStatus = { Idle: 'idle', Calling: 'calling', Connected: 'connected' } as const
export type CallStatus = (typeof CallStatus)[keyof typeof CallStatus]

export const CallRole = { Unknown: 'unknown', Caller: 'caller', Callee: 'callee' } as const
export type CallRole = (typeof CallRole)[keyof typeof CallRole]

/** What the screen shows; derived from status, role, group and media type. */
export const LayoutState = {
  Idle: 'idle',
  BeInvited: 'be-invited',
  DialingC2C: 'dialing-c2c',
  DialingGroup: 'dialing-group',
  CallingC2CAudio: 'calling-c2c-audio',
  CallingC2CVideo: 'calling-c2c-video',
  CallingGroupAudio: 'calling-group-audio',
  CallingGroupVideo: 'calling-group-video',
} as const
export type LayoutState = (typeof LayoutState)[keyof typeof LayoutState]

export type DisplayMode = 'contain' | 'cover' | 'fill'
export type VideoResolution = '480p' | '720p' | '1080p'

export interface CallUser {
  userId: string
  nick: string
  avatar: string
  remark: string
  isAudioAvailable: boolean
  isVideoAvailable: boolean
  /** Remote users: has joined the media session. */
  isEnter: boolean
  domId: string
  volume: number
}

/** Cameras, microphones and speakers, with the one in use of each ('' for the default). */
export interface DeviceList {
  camera: MediaDevice[]
  microphone: MediaDevice[]
  speaker: MediaDevice[]
  current: Record<DeviceType, string>
}

export const emptyDeviceList = (): DeviceList => ({ camera: [], microphone: [], speaker: [], current: { camera: '', microphone: '', speaker: '' } })

export interface CallState {
  callStatus: CallStatus
  callRole: CallRole
  callMediaType: CallMediaType
  localUserInfo: CallUser
  remoteUserInfoList: CallUser[]
  callerUserInfo: CallUser | null
  isGroup: boolean
  groupID: string
  inviteID: string
  /** HH:MM:SS since connect. */
  callDuration: string
  /** Unix ms of the connect; 0 before. */
  connectedAt: number
  callTips: string
  isMinimized: boolean
  enableFloatWindow: boolean
  bigScreenUserId: string
  language: CallLanguage
  displayMode: DisplayMode
  videoResolution: VideoResolution
  cameraPosition: 'front' | 'back'
  isMuteSpeaker: boolean
  enableVirtualBackground: boolean
  /** AI voice (enableAIVoice): the microphone is sent through noise suppression. Kept across calls. */
  enableAIVoice: boolean
  /** The desktop panel on allowing the camera and microphone, after a denial (not when the microphone is allowed). */
  showPermissionTip: boolean
  /** Which access was missing, for the panel's heading. */
  permissionTipKind: 'camera' | 'microphone'
  /** Accept pressed and not finished (the accept button shows loading). */
  accepting: boolean
  /**
   * A ringing callee whose device cannot carry the call's media (the mini-program on a server
   * without TRTC): it rings and may reject, and the person answers on another device.
   */
  answerElsewhere: boolean
  /** A hang up is in progress (the hang-up button is disabled). */
  hangingUp: boolean
  deviceList: DeviceList
  /** Network quality per user (0 unknown … 6 down); the local user's entry drives the poor-network tip. */
  netWorkQualityList: Array<{ userId: string; quality: number }>
  /** The browser lets the call screen go full screen (desktop). */
  allowedFullScreen: boolean
}

export const callDomId = (userId: string) => `call-video-${userId}`

export function blankUser(userId = '', profile: Partial<CallUser> = {}): CallUser {
  return { userId, nick: '', avatar: '', remark: '', isAudioAvailable: false, isVideoAvailable: false, isEnter: false, domId: callDomId(userId || 'local'), volume: 0, ...profile }
}

/** remark, else nick, else userId (spec section 3 "displayUserInfo"). */
export const displayName = (u: Pick<CallUser, 'remark' | 'nick' | 'userId'>) => u.remark || u.nick || u.userId

export function initialCallState(): CallState {
  return {
    callStatus: CallStatus.Idle,
    callRole: CallRole.Unknown,
    callMediaType: CallMediaType.Unknown,
    localUserInfo: blankUser(),
    remoteUserInfoList: [],
    callerUserInfo: null,
    isGroup: false,
    groupID: '',
    inviteID: '',
    callDuration: '00:00:00',
    connectedAt: 0,
    callTips: '',
    isMinimized: false,
    enableFloatWindow: true,
    bigScreenUserId: '',
    // The widget's own default; the app sets its language when it creates the engine.
    language: 'en',
    displayMode: 'cover',
    videoResolution: '480p',
    cameraPosition: 'front',
    isMuteSpeaker: false,
    enableVirtualBackground: false,
    enableAIVoice: false,
    showPermissionTip: false,
    permissionTipKind: 'camera',
    accepting: false,
    answerElsewhere: false,
    hangingUp: false,
    deviceList: emptyDeviceList(),
    netWorkQualityList: [],
    allowedFullScreen: false,
  }
}

/** Seconds as HH:MM:SS. */
export const formatDuration = formatCallDuration

export function layoutOf(s: Pick<CallState, 'callStatus' | 'callRole' | 'isGroup' | 'callMediaType'>): LayoutState {
  switch (s.callStatus) {
    case CallStatus.Idle:
      return LayoutState.Idle
    case CallStatus.Calling:
      if (s.callRole === CallRole.Callee) return LayoutState.BeInvited
      return s.isGroup ? LayoutState.DialingGroup : LayoutState.DialingC2C
    case CallStatus.Connected: {
      const video = s.callMediaType === CallMediaType.Video
      if (s.isGroup) return video ? LayoutState.CallingGroupVideo : LayoutState.CallingGroupAudio
      return video ? LayoutState.CallingC2CVideo : LayoutState.CallingC2CAudio
    }
    default:
      return missingCase(s.callStatus, 'call case')
  }
}

/** The typed events of the machine. */
export type CallEvent =
  /** The local user starts a call (caller) : idle → calling. */
  | { type: 'dial'; inviteID: string; mediaType: 1 | 2; remotes: CallUser[]; isGroup: boolean; groupID: string }
  /** An invitation arrives (callee): idle → calling. */
  | { type: 'invited'; inviteID: string; mediaType: 1 | 2; caller: CallUser; others: CallUser[]; isGroup: boolean; groupID: string }
  | { type: 'acceptStarted' }
  /** The callee accepted (either side sees it): calling → connected. */
  | { type: 'connected'; at: number }
  /** Group calls: people invited or joining while the call runs (those already listed are kept). */
  | { type: 'remoteAdded'; users: CallUser[] }
  | { type: 'remoteEntered'; userId: string }
  | { type: 'remoteMedia'; userId: string; audio: boolean; video: boolean }
  /** A remote user left, rejected, was busy or timed out. */
  | { type: 'remoteLeft'; userId: string }
  | { type: 'localMedia'; audio?: boolean; video?: boolean }
  | { type: 'tick'; now: number }
  | { type: 'tip'; text: string }
  /** This ringing device cannot carry the call: only 拒绝, and the tip to answer elsewhere. */
  | { type: 'answerElsewhere'; tip: string }
  | { type: 'hangupStarted' }
  | { type: 'switchedToAudio' }
  | { type: 'toggleMinimize' }
  | { type: 'toggleBigScreen' }
  | { type: 'muteSpeaker'; muted: boolean }
  | { type: 'cameraPosition'; position: 'front' | 'back' }
  | { type: 'devices'; list: MediaDevice[] }
  /** Measured volumes (0..100) and network quality, about once a second while connected. */
  | { type: 'levels'; volumes: Record<string, number>; network: Array<{ userId: string; quality: number }>; poorTip: string }
  | { type: 'currentDevice'; deviceType: DeviceType; deviceId: string }
  | { type: 'settings'; patch: Partial<Pick<CallState, 'language' | 'displayMode' | 'videoResolution' | 'enableFloatWindow' | 'enableVirtualBackground' | 'enableAIVoice' | 'allowedFullScreen'>> }
  | { type: 'selfInfo'; nick?: string; avatar?: string; userId?: string }
  /** Hang up, reject, cancel, end, kicked out or error: back to idle. */
  | { type: 'reset' }
  | { type: 'permissionTip'; show: boolean; kind?: 'camera' | 'microphone' }

/** The events that only set options or the local user's identity: no call is needed for them. */
export type ConfigureEvent = Extract<CallEvent, { type: 'settings' | 'selfInfo' | 'muteSpeaker' }>

/**
 * The machine's step for a ConfigureEvent. It is apart from the full machine (machine.ts) because
 * the engine that waits for the WebRTC code to load applies these before any call exists.
 */
export function configureState(s: CallState, e: ConfigureEvent): CallState {
  switch (e.type) {
    case 'settings':
      return { ...s, ...e.patch }
    case 'selfInfo':
      return {
        ...s,
        localUserInfo: {
          ...s.localUserInfo,
          ...(e.userId !== undefined ? { userId: e.userId, domId: callDomId(e.userId) } : {}),
          ...(e.nick !== undefined ? { nick: e.nick } : {}),
          ...(e.avatar !== undefined ? { avatar: e.avatar } : {}),
        },
      }
    case 'muteSpeaker':
      return { ...s, isMuteSpeaker: e.muted }
    default:
      return missingCase(e, 'call case')
  }
}
