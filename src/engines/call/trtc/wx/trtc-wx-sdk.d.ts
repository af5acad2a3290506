/**
 * trtc-wx-sdk ships JavaScript without declarations; these are the parts the call engine uses,
 * written from its README and its source (trtc-wx.js 1.1.15).
 */
declare module 'trtc-wx-sdk' {
  /** The attributes of the page's one <live-pusher>, kept by the SDK. */
  export interface PusherAttributes {
    url: string
    mode: string
    autopush: boolean
    enableCamera: boolean
    enableMic: boolean
    enableAgc: boolean
    enableAns: boolean
    frontCamera: 'front' | 'back'
    videoOrientation: string
    videoAspect: string
    minBitrate: number
    maxBitrate: number
    beautyLevel: number
    localMirror: string
    audioVolumeType: string
    volume?: number
    netStatus?: { rtt?: number; netQualityLevel?: number }
  }
  /** The attributes of one <live-player>: one per remote user's stream. */
  export interface PlayerAttributes {
    id: string
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
    soundMode: 'speaker' | 'ear'
    volume?: number
    netStatus?: { rtt?: number; audioPacketLoss?: number; videoPacketLoss?: number }
  }
  /** What a native component event handler receives. */
  export interface NativeEvent {
    detail: Record<string, unknown>
    currentTarget?: { dataset?: Record<string, string> }
  }
  export interface EnterRoomParams {
    sdkAppID: number
    userID: string
    userSig: string
    roomID?: number
    strRoomID?: string
    enableMic?: boolean
    enableCamera?: boolean
    scene?: 'rtc' | 'live'
  }
  /** The SDK calls a handler with the event's name and its data, whose shape depends on the event. */
  type Handler<T> = (event: { eventCode: string; data: T }) => void
  export default class TRTC {
    constructor(context: unknown, options?: Record<string, unknown>)
    EVENT: Record<
      | 'LOCAL_JOIN'
      | 'LOCAL_LEAVE'
      | 'KICKED_OUT'
      | 'REMOTE_USER_JOIN'
      | 'REMOTE_USER_LEAVE'
      | 'REMOTE_VIDEO_ADD'
      | 'REMOTE_VIDEO_REMOVE'
      | 'REMOTE_AUDIO_ADD'
      | 'REMOTE_AUDIO_REMOVE'
      | 'REMOTE_STATE_UPDATE'
      | 'LOCAL_NET_STATE_UPDATE'
      | 'REMOTE_NET_STATE_UPDATE'
      | 'LOCAL_AUDIO_VOLUME_UPDATE'
      | 'REMOTE_AUDIO_VOLUME_UPDATE'
      | 'ERROR',
      string
    >
    createPusher(config: Partial<PusherAttributes>): { pusherAttributes: PusherAttributes }
    enterRoom(params: EnterRoomParams): PusherAttributes
    exitRoom(): { pusher: PusherAttributes; playerList: PlayerAttributes[] }
    getPusherAttributes(): PusherAttributes
    setPusherAttributes(attributes: Partial<PusherAttributes>): PusherAttributes
    getPlayerList(): PlayerAttributes[]
    setPlayerAttributes(id: string, attributes: Partial<PlayerAttributes>): PlayerAttributes[]
    on<T>(name: string, handler: Handler<T>, context?: unknown): void
    off<T>(name: string, handler?: Handler<T>): void
    pusherEventHandler(event: NativeEvent): void
    pusherNetStatusHandler(event: NativeEvent): void
    pusherErrorHandler(event: NativeEvent): void
    pusherAudioVolumeNotify(event: NativeEvent): void
    playerEventHandler(event: NativeEvent): void
    playerNetStatus(event: NativeEvent): void
    playerAudioVolumeNotify(event: NativeEvent): void
    playerFullscreenChange(event: NativeEvent): void
  }
}
