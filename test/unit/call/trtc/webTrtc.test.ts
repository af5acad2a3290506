import type TRTC from 'trtc-sdk-v5'
import { webRoom, type WebTrtc, type WebTrtcSdk } from '@/engines/call/trtc/web/webRoom'
import { callScenarios, type SdkDriver } from './scenarios'

type Events = Parameters<TRTC['on']>[0]
type Handler = (...args: never[]) => void

/**
 * trtc-sdk-v5 replaced at its network boundary: a TRTC object typed by the SDK's own declarations
 * (WebTrtc is a Pick of its class) whose calls are recorded, and whose events (the names of
 * TRTC.EVENT) the test raises as the TRTC servers would make the real one raise them.
 */
function webDriverWithSdk(): { driver: SdkDriver; trtc: WebTrtc } {
  const handlers = new Map<Events, Handler[]>()
  let entered: ReturnType<SdkDriver['entered']> = null
  let exited = false
  let refused = false
  const captured = { audio: false, video: false }
  const local = { audio: true, video: true }
  let front = true
  let speakerMuted = false
  const emit = (event: Events, ...args: unknown[]) => {
    for (const h of handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args)
  }
  const denied = () => Object.assign(new Error('NotAllowedError: Permission denied'), { name: 'RtcError', originError: { name: 'NotAllowedError' } })
  const trtc: WebTrtc = {
    enterRoom: jest.fn(async (p) => {
      entered = { roomId: p.strRoomId ?? '', userId: p.userId, userSig: p.userSig, sdkAppId: p.sdkAppId }
    }),
    exitRoom: jest.fn(async () => {
      exited = true
    }),
    destroy: jest.fn(),
    startLocalAudio: jest.fn(async () => {
      if (refused) throw denied()
      captured.audio = true
    }),
    startLocalVideo: jest.fn(async () => {
      captured.video = true
    }),
    updateLocalAudio: jest.fn(async (c) => {
      if (c.mute !== undefined) local.audio = !c.mute
    }),
    updateLocalVideo: jest.fn(async (c) => {
      if (c.mute !== undefined) local.video = !c.mute
      if (c.option?.useFrontCamera !== undefined) front = c.option.useFrontCamera
    }),
    stopLocalAudio: jest.fn(async () => undefined),
    stopLocalVideo: jest.fn(async () => undefined),
    startRemoteVideo: jest.fn(async () => undefined),
    muteRemoteAudio: jest.fn(async (_user, mute) => {
      speakerMuted = mute
    }),
    enableAudioVolumeEvaluation: jest.fn(),
    on: jest.fn(function (this: WebTrtc, event: Events, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler])
      return this as never
    }) as unknown as WebTrtc['on'],
    off: jest.fn() as unknown as WebTrtc['off'],
  }
  const sdk: WebTrtcSdk = {
    create: () => trtc,
    getCameraList: async () => [],
    getMicrophoneList: async () => [],
    getSpeakerList: async () => [],
    setCurrentSpeaker: async () => undefined,
  }
  const driver: SdkDriver = {
    room: webRoom(sdk),
    entered: () => entered,
    exited: () => exited,
    captured: () => ({ ...captured }),
    joined: () => undefined,
    remoteJoins: (userId) => emit('remote-user-enter', { userId }),
    remoteVideo: (userId, on) => emit(on ? 'remote-video-available' : 'remote-video-unavailable', { userId, streamType: 'main' }),
    remoteAudio: (userId, on) => emit(on ? 'remote-audio-available' : 'remote-audio-unavailable', { userId }),
    remoteLeaves: (userId) => emit('remote-user-exit', { userId }),
    volumes: (localVolume, remote) => emit('audio-volume', { result: [{ userId: '', volume: localVolume }, ...Object.entries(remote).map(([userId, volume]) => ({ userId, volume }))] }),
    network: (_userId, rttMs, loss) => emit('network-quality', { uplinkNetworkQuality: 1, downlinkNetworkQuality: 1, uplinkRTT: rttMs, uplinkLoss: loss, downlinkRTT: rttMs, downlinkLoss: loss }),
    kickedOut: () => emit('kicked-out', { reason: 'kick' }),
    roomRefused: () => emit('error', { code: -100018, message: 'UserSig is invalid' }),
    refuse: () => {
      refused = true
    },
    localEnabled: () => ({ ...local }),
    cameraPosition: () => (front ? 'front' : 'back'),
    speakerMuted: () => speakerMuted,
  }
  return { driver, trtc }
}

const webDriver = () => webDriverWithSdk().driver

callScenarios('TRTC engine on H5 (trtc-sdk-v5)', webDriver)

describe('TRTC engine on H5: views', () => {
  it("plays a remote user's video in its element once the user publishes video, and the local preview in its own", async () => {
    const { driver, trtc } = webDriverWithSdk()
    await driver.room.openLocal({ video: true, resolution: '720p' })
    await driver.room.enter({ sdkAppId: 1, userId: 'a', userSig: 's', expiresAt: 0 }, 'room-1', { remoteJoined: jest.fn(), remoteLeft: jest.fn(), remoteMedia: jest.fn(), volumes: jest.fn(), network: jest.fn(), failed: jest.fn() })
    expect(driver.room.view('', 'local-el', 'cover')).toBe(true)
    expect(trtc.updateLocalVideo).toHaveBeenCalledWith({ view: 'local-el' })
    expect(driver.room.view('b', 'remote-el', 'cover')).toBe(true)
    expect(trtc.startRemoteVideo).not.toHaveBeenCalled()
    driver.remoteVideo('b', true)
    expect(trtc.startRemoteVideo).toHaveBeenCalledWith({ userId: 'b', streamType: 'main', view: 'remote-el', option: { fillMode: 'cover' } })
  })
})
