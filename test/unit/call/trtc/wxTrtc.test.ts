import TRTC from 'trtc-wx-sdk'
import type { LiveView } from '@/engines/call/liveView'
import type { LiveRoom } from '@/engines/call/trtc/room'
import { wxRoom } from '@/engines/call/trtc/wx/wxRoom'
import { MediaAccessError } from '@/platform/mediaAccess'
import { callScenarios, type SdkDriver } from './scenarios'

/**
 * trtc-wx-sdk itself (its state machine, its user and stream bookkeeping) replaced at its
 * boundary: the mini-program's `wx` (its log requests, the pusher and player contexts) is a fake,
 * and the room's news arrives as the native <live-pusher> delivers it — statechange events with
 * the codes and JSON user lists of TRTC's RTC mode (1018 entered, 1031 users in, 1032 users out,
 * 1033 video, 1034 audio, 1019 left) — through the call screen's handler (liveEvent).
 */
const wxRequests: unknown[] = []
const fakeWx = {
  request: (opts: unknown) => wxRequests.push(opts),
  getSystemInfo: (opts: { success?: (info: object) => void }) => opts.success?.({ platform: 'devtools', SDKVersion: '3.0.0' }),
  getStorageSync: () => '',
  getStorage: () => undefined,
  createLivePusherContext: () => ({ start: jest.fn(), stop: jest.fn(), switchCamera: jest.fn() }),
  createLivePlayerContext: () => ({ play: jest.fn(), stop: jest.fn(), mute: jest.fn() }),
}
Object.assign(globalThis, { wx: fakeWx })

function wxDriver(): SdkDriver & { room: LiveRoom; view(): LiveView | null } {
  let refused = false
  let lastView: LiveView | null = null
  let exited = false
  const room = wxRoom({
    create: () => new TRTC(undefined),
    authorize: async () => {
      if (refused) throw new MediaAccessError('denied', 'camera refused')
    },
  })
  room.onLiveView((v) => {
    if (v === null && lastView?.pusher.url) exited = true
    lastView = v
  })
  const pusherState = (code: number, message: string) => room.liveEvent({ target: 'pusher', kind: 'statechange', detail: { code, message } })
  const users = (code: number, userlist: object[]) => pusherState(code, JSON.stringify({ userlist }))
  const playUrl = (userId: string) => `room://cloud.tencent.com/rtc?userid=${userId}&streamtype=main`
  return {
    room,
    view: () => lastView,
    entered() {
      const url = lastView?.pusher.url ?? ''
      if (!url) return null
      const q = new URLSearchParams(url.slice(url.indexOf('?') + 1))
      return { roomId: q.get('strroomid') ?? '', userId: q.get('userid') ?? '', userSig: q.get('usersig') ?? '', sdkAppId: Number(q.get('sdkappid')) }
    },
    exited: () => exited,
    captured: () => ({ audio: !!lastView?.pusher.enableMic, video: !!lastView?.pusher.enableCamera }),
    joined: () => pusherState(1018, '进房成功'),
    remoteJoins: (userId) => users(1031, [{ userid: userId }]),
    remoteVideo: (userId, on) => users(1033, [{ userid: userId, streamtype: 'main', hasvideo: on, playurl: playUrl(userId) }]),
    remoteAudio: (userId, on) => users(1034, [{ userid: userId, hasaudio: on, playurl: playUrl(userId) }]),
    remoteLeaves: (userId) => users(1032, [{ userid: userId }]),
    volumes(local, remote) {
      room.liveEvent({ target: 'pusher', kind: 'audiovolumenotify', detail: { volume: local } })
      for (const [userId, volume] of Object.entries(remote)) room.liveEvent({ target: 'player', kind: 'audiovolumenotify', streamId: `${userId}_main`, detail: { volume } })
    },
    network: (userId, rttMs, loss) => room.liveEvent({ target: 'player', kind: 'netstatus', streamId: `${userId}_main`, detail: { info: { videoWidth: 640, videoHeight: 480, rtt: rttMs, audioPacketLoss: loss } } }),
    kickedOut: () => pusherState(1019, 'exit room by server'),
    roomRefused: () => pusherState(-3301, '进房失败'),
    refuse: () => {
      refused = true
    },
    localEnabled: () => ({ audio: !!lastView?.pusher.enableMic, video: !!lastView?.pusher.enableCamera }),
    cameraPosition: () => lastView?.pusher.devicePosition ?? 'front',
    speakerMuted: () => !!lastView && lastView.players.length > 0 && lastView.players.every((p) => p.muteAudio),
  }
}

callScenarios('TRTC engine in the mini-program (trtc-wx-sdk)', wxDriver)

describe('TRTC engine in the mini-program: the live-pusher and live-players', () => {
  const noop = { remoteJoined: jest.fn(), remoteLeft: jest.fn(), remoteMedia: jest.fn(), volumes: jest.fn(), network: jest.fn(), failed: jest.fn() }
  const auth = { sdkAppId: 1400000001, userId: '10000001', userSig: 'sig', expiresAt: 0 }

  it('one pusher in RTC mode pushing to the call room once entered, one player per remote user playing what the user publishes', async () => {
    const d = wxDriver()
    await d.room.openLocal({ video: true, resolution: '720p' })
    expect(d.view()?.pusher).toMatchObject({ url: '', mode: 'RTC', autopush: true, enableCamera: true, enableMic: true, devicePosition: 'front' })
    await d.room.enter(auth, 'call-abc', noop)
    expect(d.view()?.pusher.url).toMatch(/^room:\/\/cloud\.tencent\.com\/rtc\?sdkappid=1400000001&strroomid=call-abc/)
    d.remoteJoins('10000002')
    d.remoteVideo('10000002', true)
    d.remoteAudio('10000002', true)
    d.remoteJoins('10000003')
    d.remoteAudio('10000003', true)
    expect(d.view()?.players).toEqual([
      expect.objectContaining({ id: '10000002_main', userID: '10000002', src: 'room://cloud.tencent.com/rtc?userid=10000002&streamtype=main', hasVideo: true, hasAudio: true, muteVideo: false, muteAudio: false, soundMode: 'speaker' }),
      expect.objectContaining({ id: '10000003_main', userID: '10000003', hasVideo: false, hasAudio: true, muteAudio: false }),
    ])
    d.remoteLeaves('10000003')
    expect(d.view()?.players.map((p) => p.userID)).toEqual(['10000002'])
    await d.room.switchDevice('speaker', 'ear')
    expect(d.view()?.players[0]?.soundMode).toBe('ear')
    await d.room.exit()
    expect(d.view()).toBeNull()
  })

  it('at most 9 players, whatever the room holds', async () => {
    const d = wxDriver()
    await d.room.openLocal({ video: false, resolution: '480p' })
    await d.room.enter(auth, 'call-big', noop)
    for (let i = 0; i < 11; i++) {
      d.remoteJoins(`2000000${i}`)
      d.remoteAudio(`2000000${i}`, true)
    }
    expect(d.view()?.players).toHaveLength(9)
  })

  it('a refused camera or microphone stops before any pusher exists', async () => {
    const d = wxDriver()
    d.refuse()
    await expect(d.room.openLocal({ video: true, resolution: '720p' })).rejects.toMatchObject({ kind: 'denied' })
    expect(d.view()).toBeNull()
  })
})
