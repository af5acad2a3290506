// The part of types/call.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/call.ts re-exports all of it).

/** businessID of a call message; readers also accept the string form 'av_call'. */
export const CALL_BUSINESS_ID = 1
export const CALL_BUSINESS_ID_TEXT = 'av_call'

/** Media type of a call: unknown 0, audio 1, video 2. */
export const CallMediaType = { Unknown: 0, Audio: 1, Video: 2 } as const
export type CallMediaType = (typeof CallMediaType)[keyof typeof CallMediaType]

/** Room ID type: 1 numeric, 2 string. */
export const RoomIdType = { Number: 1, String: 2 } as const
export type RoomIdType = (typeof RoomIdType)[keyof typeof RoomIdType]

/** Business constants of calling-widget section 9 and messaging-app section 9. */
export const CALL_LIMITS = {
  roomIdMax: 2_147_483_647,
  groupCallMax: 9,
  invitePickerMax: 8,
  /** Seconds a callee has to answer when the caller gives no timeout. */
  defaultTimeoutSeconds: 30,
  /** The most seconds a call record's call_end carries (a day). */
  callEndMaxSeconds: 86_400,
  timerTickMs: 1000,
  remoteVideoRetries: 5,
  remoteVideoRetryMs: 200,
  poorNetworkQuality: 4,
  answeredTipMs: 2000,
  callButtonDebounceMs: 500,
  overlayZIndex: 11000,
  iconButtonDesktopPx: 40,
  iconButtonMobilePx: 60,
  /** The caller's heartbeat to /api/media/uploadCall. */
  heartbeatMs: 60_000,
  /** Failed heartbeats in a row after which the call is hung up. */
  heartbeatFailures: 3,
  blurStrength: 3,
  /** Offline push info of an invitation: title and description lengths. */
  pushTitleMax: 64,
  pushDescriptionMax: 256,
} as const

/** Engine error codes and their toasts (calling-widget section 8). */
export const CallErrorCode = {
  SwitchToAudioFailed: 60001,
  SwitchToVideoFailed: 60002,
  NoMic: 60003,
  NoCamera: 60004,
  DeviceAccessDenied: 60005,
  WebRtcUnsupported: 60006,
  Blacklisted: 20007,
} as const
export type CallErrorCode = (typeof CallErrorCode)[keyof typeof CallErrorCode]

export const CALL_ERROR_TEXT: Record<CallErrorCode, string> = {
  60001: 'switch to audio call method failed',
  60002: 'switch to video call method failed',
  60003: 'No mic found',
  60004: 'No camera found',
  60005: 'Device access denied',
  60006: 'Your current environment does not support WebRTC',
  20007: 'The identifier is in blacklist. Failed to send this message!',
}

export const DEFAULT_PUSH_DESCRIPTION = '你有一个新的通话邀请'

/** True when a custom message's data text names the call business (it must then be a valid CallSignal). */
export function looksLikeCallSignal(data: string): boolean {
  if (!data.includes('businessID')) return false
  try {
    const v = JSON.parse(data) as { businessID?: unknown }
    return v?.businessID === CALL_BUSINESS_ID || v?.businessID === CALL_BUSINESS_ID_TEXT
  } catch {
    return false
  }
}

/** Mini-program player entry (calling-widget section 3), for the live-player based engine. */
export interface MiniProgramPlayerEntry {
  userID: string
  streamID: string
  streamType: 'main' | 'aux'
  src: string
  hasAudio: boolean
  hasVideo: boolean
  autoplay: boolean
  muteAudio: boolean
  muteVideo: boolean
  orientation: 'vertical' | 'horizontal'
  objectFit: 'contain' | 'fillCrop'
  minCache: number
  maxCache: number
}

/**
 * Dictionary type gating the call entries (POST /api/dict/data/getListByDictType): the first
 * entry's dictValue '1' turns calls on; no entry, another value or a failed lookup turns them off.
 */
export const MEDIA_SWITCH_DICT = 'web_media_switch'

/** Membership dialog of the call limit (messaging-app section 8 "Call limit"). */
export const CALL_LIMIT_DIALOG = {
  title: '开通会员提示',
  text: '今日通话时长已达上限，请开通会员解锁',
  confirm: '开通',
  cancel: '知道了',
  memberPath: '/member',
} as const

/** Texts the server answers for group calls (calling-widget section 8). */
export const GROUP_CALL_TEXT = {
  exists: 'A group call already exists in the current group',
  full: 'Supports a maximum of 9 people for simultaneous calls',
} as const

/** Name of the group attribute holding a group's live call. */
export const GROUP_CALL_ATTRIBUTE = 'inner_attr_kit_info'

/** The value of inner_attr_kit_info (spec section 3 "Group call info"). */
export interface GroupCallInfo {
  group_id: string
  /** The call's room: its inviteID (room_id_type 2, string rooms). */
  room_id: string
  room_id_type: RoomIdType
  call_media_type: 1 | 2
  /** Who is in the call, in the order they joined (the caller first). */
  user_list: Array<{ userid: string }>
}
