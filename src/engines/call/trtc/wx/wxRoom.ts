import type TRTC from 'trtc-wx-sdk'
import type { PlayerAttributes, PusherAttributes } from 'trtc-wx-sdk'
import type { MediaDevice } from '@/platform/media'
import { MAX_LIVE_PLAYERS, type LiveView } from '../../liveView'
import type { LiveRoom, TrtcRoomEvents } from '../room'

export interface WxRoomDeps {
  /** A new trtc-wx-sdk TRTC object (the page context is the SDK's business). */
  create(): TRTC
  /** Camera (for video) and microphone authorisation: rejects with a MediaAccessError, after telling the user how to allow them. */
  authorize(video: boolean): Promise<void>
}

const DEVICES: MediaDevice[] = [
  { deviceId: 'front', label: '前置摄像头', deviceType: 'camera' },
  { deviceId: 'back', label: '后置摄像头', deviceType: 'camera' },
  { deviceId: 'default', label: '麦克风', deviceType: 'microphone' },
  { deviceId: 'speaker', label: '扬声器', deviceType: 'speaker' },
  { deviceId: 'ear', label: '听筒', deviceType: 'speaker' },
]

function viewOf(pusher: PusherAttributes, players: PlayerAttributes[]): LiveView {
  return {
    pusher: {
      url: pusher.url,
      mode: pusher.mode,
      autopush: pusher.autopush,
      enableCamera: pusher.enableCamera,
      enableMic: pusher.enableMic,
      enableAgc: pusher.enableAgc,
      enableAns: pusher.enableAns,
      devicePosition: pusher.frontCamera,
      orientation: pusher.videoOrientation,
      aspect: pusher.videoAspect,
      minBitrate: pusher.minBitrate,
      maxBitrate: pusher.maxBitrate,
    },
    players: players
      .filter((p) => p.streamType === 'main')
      .slice(0, MAX_LIVE_PLAYERS)
      .map((p) => ({
        id: p.id,
        userID: p.userID,
        streamID: p.streamID,
        streamType: p.streamType,
        src: p.src,
        hasAudio: p.hasAudio,
        hasVideo: p.hasVideo,
        autoplay: p.autoplay,
        muteAudio: p.muteAudio,
        muteVideo: p.muteVideo,
        orientation: p.orientation,
        objectFit: p.objectFit,
        minCache: p.minCache,
        maxCache: p.maxCache,
        soundMode: p.soundMode,
      })),
  }
}

/**
 * A call's TRTC room in the mini-program (trtc-wx-sdk): the SDK keeps the state of the page's
 * <live-pusher> (our camera and microphone, pushed to the room's URL) and of one <live-player>
 * per remote stream, and learns who is in the room from the pusher's native events. This turns
 * its events into the engine's room events and its attributes into the screen's LiveView.
 */
export function wxRoom(deps: WxRoomDeps): LiveRoom {
  let trtc: TRTC | null = null
  let speakerMuted = false
  let soundMode: 'speaker' | 'ear' = 'speaker'
  const listeners = new Set<(view: LiveView | null) => void>()

  function publish(): void {
    const view = trtc ? viewOf(trtc.getPusherAttributes(), trtc.getPlayerList()) : null
    for (const l of listeners) l(view)
  }

  function setPlayer(player: PlayerAttributes, attributes: Partial<PlayerAttributes>): void {
    trtc?.setPlayerAttributes(player.id, attributes)
  }

  function subscribe(t: TRTC, events: TrtcRoomEvents): void {
    const E = t.EVENT
    t.on(E.REMOTE_USER_JOIN, ({ data }: { data: { userID: string } }) => events.remoteJoined(data.userID))
    t.on(E.REMOTE_USER_LEAVE, ({ data }: { data: { userID: string } }) => {
      events.remoteLeft(data.userID)
      publish()
    })
    t.on(E.REMOTE_VIDEO_ADD, ({ data }: { data: { player: PlayerAttributes } }) => {
      setPlayer(data.player, { muteVideo: false })
      events.remoteMedia(data.player.userID, 'video', true)
      publish()
    })
    t.on(E.REMOTE_VIDEO_REMOVE, ({ data }: { data: { player: PlayerAttributes } }) => {
      setPlayer(data.player, { muteVideo: true })
      events.remoteMedia(data.player.userID, 'video', false)
      publish()
    })
    t.on(E.REMOTE_AUDIO_ADD, ({ data }: { data: { player: PlayerAttributes } }) => {
      setPlayer(data.player, { muteAudio: speakerMuted, soundMode })
      events.remoteMedia(data.player.userID, 'audio', true)
      publish()
    })
    t.on(E.REMOTE_AUDIO_REMOVE, ({ data }: { data: { player: PlayerAttributes } }) => {
      setPlayer(data.player, { muteAudio: true })
      events.remoteMedia(data.player.userID, 'audio', false)
      publish()
    })
    t.on(E.LOCAL_AUDIO_VOLUME_UPDATE, ({ data }: { data: { pusher: PusherAttributes } }) => events.volumes({ '': data.pusher.volume ?? 0 }))
    t.on(E.REMOTE_AUDIO_VOLUME_UPDATE, ({ data }: { data: { playerList: PlayerAttributes[] } }) => {
      events.volumes(Object.fromEntries(data.playerList.filter((p) => p.streamType === 'main').map((p) => [p.userID, p.volume ?? 0])))
    })
    // Only a report that carries a round trip or a loss says anything about the link's quality.
    t.on(E.LOCAL_NET_STATE_UPDATE, ({ data }: { data: { pusher: PusherAttributes } }) => {
      const rtt = data.pusher.netStatus?.rtt
      if (rtt !== undefined) events.network('', { rttMs: rtt, loss: 0 })
    })
    t.on(E.REMOTE_NET_STATE_UPDATE, ({ data }: { data: { playerList: PlayerAttributes[] } }) => {
      for (const p of data.playerList) {
        const s = p.netStatus
        if (p.streamType !== 'main' || !s || (s.rtt === undefined && s.audioPacketLoss === undefined && s.videoPacketLoss === undefined)) continue
        events.network(p.userID, { rttMs: s.rtt ?? 0, loss: Math.max(s.audioPacketLoss ?? 0, s.videoPacketLoss ?? 0) / 100 })
      }
    })
    t.on(E.KICKED_OUT, () => events.failed('kicked out'))
    t.on(E.ERROR, ({ data }: { data: { code?: number; message?: string } }) => events.failed(`error ${data.code ?? ''}: ${data.message ?? ''}`))
  }

  return {
    async openLocal(opts) {
      await deps.authorize(opts.video)
      trtc ??= deps.create()
      trtc.createPusher({ enableCamera: opts.video, enableMic: true, autopush: true, frontCamera: 'front' })
      publish()
    },
    setLocalEnabled(kind, enabled) {
      trtc?.setPusherAttributes(kind === 'audio' ? { enableMic: enabled } : { enableCamera: enabled })
      publish()
    },
    async enter(auth, roomId, events) {
      if (!trtc) throw new Error('the pusher is made by openLocal')
      subscribe(trtc, events)
      const pusher = trtc.getPusherAttributes()
      // With a URL, the live-pusher (autopush) enters the room and pushes at once.
      trtc.enterRoom({ sdkAppID: auth.sdkAppId, userID: auth.userId, userSig: auth.userSig, strRoomID: roomId, enableMic: pusher.enableMic, enableCamera: pusher.enableCamera, scene: 'rtc' })
      publish()
    },
    async exit() {
      const t = trtc
      if (!t) return
      trtc = null
      speakerMuted = false
      soundMode = 'speaker'
      t.exitRoom()
      publish()
    },
    view: () => true,
    muteSpeaker(muted) {
      speakerMuted = muted
      for (const p of trtc?.getPlayerList() ?? []) setPlayer(p, { muteAudio: muted || !p.hasAudio })
      publish()
    },
    async switchCamera(position) {
      trtc?.setPusherAttributes({ frontCamera: position })
      publish()
    },
    listDevices: () => Promise.resolve(DEVICES),
    async switchDevice(kind, deviceId) {
      if (kind === 'camera' && (deviceId === 'front' || deviceId === 'back')) trtc?.setPusherAttributes({ frontCamera: deviceId })
      if (kind === 'speaker' && (deviceId === 'speaker' || deviceId === 'ear')) {
        soundMode = deviceId
        for (const p of trtc?.getPlayerList() ?? []) setPlayer(p, { soundMode })
      }
      publish()
    },
    onLiveView(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    liveEvent(e) {
      const t = trtc
      if (!t) return
      const dataset: Record<string, string> = e.target === 'player' ? { streamid: e.streamId } : {}
      const event = { detail: e.detail, currentTarget: { dataset } }
      if (e.target === 'pusher') {
        if (e.kind === 'statechange') t.pusherEventHandler(event)
        else if (e.kind === 'netstatus') t.pusherNetStatusHandler(event)
        else if (e.kind === 'error') t.pusherErrorHandler(event)
        else t.pusherAudioVolumeNotify(event)
      } else if (e.kind === 'statechange') t.playerEventHandler(event)
      else if (e.kind === 'netstatus') t.playerNetStatus(event)
      else if (e.kind === 'audiovolumenotify') t.playerAudioVolumeNotify(event)
      else t.playerFullscreenChange(event)
    },
  }
}
