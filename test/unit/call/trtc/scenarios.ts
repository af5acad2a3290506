import type { Message } from '@shared/chat'
import type { TrtcUserSig } from '@shared/trtc'
import type { CallEngine, CallEngineDeps } from '@/engines/call/CallEngine'
import type { LiveView } from '@/engines/call/liveView'
import { buildSignal, type CallRef } from '@/engines/call/signaling'
import type { TrtcRoom } from '@/engines/call/trtc/room'
import { createTrtcCallEngine } from '@/engines/call/trtc/trtcCallMedia'
import type { LiveRoom } from '@/engines/call/trtc/room'
import { fakeCallMedia, flush, sentSignals } from '../../helpers/fakeCallEngine'
import { FakeChatEngine, message } from '../../helpers/fakeChatEngine'

export const ME = '10000001'
export const PEER = '10000002'
export const AUTH: TrtcUserSig = { sdkAppId: 1400000001, userId: ME, userSig: 'signed-user-sig', expiresAt: 2_000_000_000 }

/**
 * What a test does to the SDK at its network boundary (the TRTC servers behind trtc-sdk-v5, the
 * live-pusher and live-players behind trtc-wx-sdk), and what it reads back from it.
 */
export interface SdkDriver {
  room: TrtcRoom & Partial<LiveRoom>
  /** The room the SDK was asked to enter, with the credentials, or null. */
  entered(): { roomId: string; userId: string; userSig: string; sdkAppId: number } | null
  /** Whether the SDK left the room (and released the devices). */
  exited(): boolean
  /** Whether the camera was asked for (video), and the microphone. */
  captured(): { audio: boolean; video: boolean }
  /** The room reports that the local side entered (the native pusher's 1018, or enterRoom resolving). */
  joined(): void
  remoteJoins(userId: string): void
  remoteVideo(userId: string, on: boolean): void
  remoteAudio(userId: string, on: boolean): void
  remoteLeaves(userId: string): void
  volumes(local: number, remote: Record<string, number>): void
  network(userId: string, rttMs: number, lossPercent: number): void
  kickedOut(): void
  /** TRTC refuses the room (a wrong SDKAppID or UserSig) after the local side asked to enter. */
  roomRefused(): void
  /** The next openLocal is refused by the user. */
  refuse(): void
  /** Local media as the SDK holds it now. */
  localEnabled(): { audio: boolean; video: boolean }
  cameraPosition(): 'front' | 'back'
  speakerMuted(): boolean
}

const incoming = (signal: object, from = PEER, time = Math.floor(Date.now() / 1000)): Message =>
  message({ type: 'TIMCustomElem', from, conversationID: `C2C${from}`, sequence: 1, time, payload: { data: JSON.stringify(signal), description: '', extension: '' } })

export function setup(driver: SdkDriver) {
  const chat = new FakeChatEngine()
  chat.me = ME
  chat.ready = true
  const ringtone = { loop: jest.fn(), stop: jest.fn(), isPlayableAudio: jest.fn(async () => true) }
  const userSig = jest.fn(async () => AUTH)
  let n = 0
  const deps: CallEngineDeps = {
    chat: () => chat,
    media: fakeCallMedia(),
    ringtone,
    iceConfig: async () => ({ iceServers: [], sfu: false }),
    profile: async () => ({ nick: '乙' }),
    groupCallInfo: async () => null,
    tones: { dialing: 'dialing.wav', ringing: 'ringing.wav' },
    newInviteID: () => 'call-test-0001',
    newClientMsgId: () => `cmid-${String(++n).padStart(8, '0')}`,
    trtc: { enabled: async () => true, userSig },
  }
  const engine: CallEngine = createTrtcCallEngine(deps, driver.room)
  engine.start({ userId: ME, nick: '甲', avatar: '' })
  const toasts: string[] = []
  engine.on('toast', (t) => toasts.push(t.key))
  const statuses: string[] = []
  engine.on('statusChanged', ({ oldStatus, newStatus }) => statuses.push(`${oldStatus}>${newStatus}`))
  const views: Array<LiveView | null> = []
  engine.on('liveView', (v) => views.push(v))
  return { chat, engine, ringtone, toasts, statuses, userSig, views }
}

const ref: CallRef = { inviteID: 'call-test-0001', inviter: ME, inviteeList: [PEER], groupID: '', timeout: 30, mediaType: 2 }

/** The call-state scenarios of the WebRTC engine's unit tests, over a TRTC SDK driven at its boundary. */
export function callScenarios(name: string, makeDriver: () => SdkDriver) {
  describe(`${name}: the WebRTC engine's call scenarios`, () => {
    afterEach(() => jest.useRealTimers())
    it('caller: invites, dials, enters the call room with the signed UserSig, connects on accept; hang up sends the duration and leaves the room', async () => {
      const d = makeDriver()
      const { chat, engine, ringtone, statuses, userSig } = setup(d)
      await engine.call({ userID: PEER, type: 2 })
      await flush()
      expect(sentSignals(chat)[0]).toMatchObject({ businessID: 1, actionType: 1, inviter: ME, inviteeList: [PEER], data: { call_type: 2, data: { cmd: 'videoCall' } } })
      expect(ringtone.loop).toHaveBeenCalledWith('dialing.wav')
      expect(d.captured()).toEqual({ audio: true, video: true })
      expect(userSig).toHaveBeenCalledTimes(1)
      expect(d.entered()).toEqual({ roomId: 'call-test-0001', userId: ME, userSig: 'signed-user-sig', sdkAppId: AUTH.sdkAppId })
      d.joined()
      chat.emit('message', incoming(buildSignal.accept(ref)))
      await flush()
      expect(engine.getState().callStatus).toBe('connected')
      expect(ringtone.stop).toHaveBeenCalled()
      expect(statuses).toEqual(['idle>dialing-c2c', 'dialing-c2c>calling-c2c-video'])
      // No WebRTC negotiation between the participants: TRTC carries the media.
      expect(chat.rtcSent.filter((f) => ['offer', 'answer', 'candidate'].includes(f.payload.kind))).toEqual([])
      await engine.hangup()
      await flush()
      expect(sentSignals(chat)[1]).toMatchObject({ actionType: 1, data: { data: { cmd: 'hangup' }, call_end: 0 } })
      expect(engine.getState().callStatus).toBe('idle')
      expect(d.exited()).toBe(true)
    })

    it('caller: a busy or rejecting callee ends the call with its toast and leaves the room', async () => {
      const d = makeDriver()
      const { chat, engine, toasts } = setup(d)
      await engine.call({ userID: PEER, type: 1 })
      expect(d.captured()).toEqual({ audio: true, video: false })
      chat.emit('message', incoming(buildSignal.reject(ref, true)))
      await flush()
      expect(toasts).toEqual(['other side line busy'])
      expect(engine.getState().callStatus).toBe('idle')
      expect(d.exited()).toBe(true)
      const again = makeDriver()
      const second = setup(again)
      await second.engine.call({ userID: PEER, type: 1 })
      second.chat.emit('message', incoming(buildSignal.reject(ref)))
      await flush()
      expect(second.toasts).toEqual(['other side reject call'])
    })

    it('caller: nobody answers in time → the timeout record and the toast', async () => {
      jest.useFakeTimers()
      const d = makeDriver()
      const { chat, engine, toasts } = setup(d)
      await engine.call({ userID: PEER, type: 1, timeout: 5 })
      jest.advanceTimersByTime(5000)
      await Promise.resolve()
      expect(sentSignals(chat)[1]).toMatchObject({ actionType: 5 })
      expect(toasts).toEqual(['call timeout'])
      expect(engine.getState().callStatus).toBe('idle')
      jest.useRealTimers()
    })

    it('callee: rings with the camera open but stays out of the room until the accept; a stale invite does not ring', async () => {
      const d = makeDriver()
      const { chat, engine, ringtone, userSig } = setup(d)
      const invite = buildSignal.invite({ ...ref, inviter: PEER, inviteeList: [ME] })
      chat.emit('message', incoming(invite, PEER, Math.floor(Date.now() / 1000) - 60))
      await flush()
      expect(engine.getState().callStatus).toBe('idle')
      chat.emit('message', incoming(invite))
      await flush()
      await flush()
      expect(engine.getState()).toMatchObject({ callStatus: 'calling', callRole: 'callee' })
      expect(ringtone.loop).toHaveBeenCalledWith('ringing.wav')
      expect(d.captured()).toEqual({ audio: true, video: true })
      expect(d.entered()).toBeNull()
      expect(userSig).not.toHaveBeenCalled()
      await engine.accept()
      expect(d.entered()).toMatchObject({ roomId: invite.inviteID, userId: ME })
      expect(sentSignals(chat)[0]).toMatchObject({ actionType: 3 })
      expect(engine.getState().callStatus).toBe('connected')
    })

    it('a denied camera gives the permission toast, 60005 and a reset, and nothing enters the room', async () => {
      const d = makeDriver()
      const { engine, toasts } = setup(d)
      d.refuse()
      const errors: number[] = []
      engine.on('error', (e) => errors.push(e.code))
      await expect(engine.call({ userID: PEER, type: 2 })).rejects.toMatchObject({ code: 60005 })
      expect(toasts).toEqual(['no camera access'])
      expect(errors).toEqual([60005])
      expect(engine.getState().callStatus).toBe('idle')
      expect(d.entered()).toBeNull()
    })

    it('blur and AI voice asked for during a TRTC call answer 60006 with its toast; the call goes on', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined)
      const d = makeDriver()
      const { chat, engine, toasts } = setup(d)
      await engine.call({ userID: PEER, type: 2 })
      await flush()
      d.joined()
      chat.emit('message', incoming(buildSignal.accept(ref)))
      await flush()
      const errors: number[] = []
      engine.on('error', (e) => errors.push(e.code))
      await engine.setBlurBackground(true)
      await engine.setAIVoice(true)
      expect(errors).toEqual([60006, 60006])
      expect(toasts).toEqual(['Your current environment does not support WebRTC', 'Your current environment does not support WebRTC'])
      expect(engine.getState()).toMatchObject({ callStatus: 'connected', enableVirtualBackground: false })
      await engine.hangup()
    })

    it('a room TRTC refuses before anyone joins ends the call with a clear toast, a cancel for the callee and a log line', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
      const d = makeDriver()
      const { chat, engine, toasts } = setup(d)
      await engine.call({ userID: PEER, type: 1 })
      await flush()
      d.roomRefused()
      await flush()
      expect(toasts).toEqual(['Call media failed'])
      expect(engine.getState().callStatus).toBe('idle')
      expect(sentSignals(chat).map((s) => s.actionType)).toEqual([1, 2])
      expect(warn).toHaveBeenCalledWith('call media refused before anyone joined; ending the call', 'call-test-0001', expect.any(String))
    })

    it('switching an audio call to audio is refused with 60001', async () => {
      const { engine } = setup(makeDriver())
      await engine.call({ userID: PEER, type: 1 })
      const errors: number[] = []
      engine.on('error', (e) => errors.push(e.code))
      await engine.switchToAudio()
      expect(errors).toEqual([60001])
    })
  })

  describe(`${name}: every room event in the call state`, () => {
    /** The engine reads the levels once a second while connected. */
    const aSecond = () => new Promise((r) => setTimeout(r, 1100))
    async function connected() {
      const d = makeDriver()
      const t = setup(d)
      await t.engine.call({ userID: PEER, type: 2 })
      await flush()
      d.joined()
      t.chat.emit('message', incoming(buildSignal.accept(ref)))
      await flush()
      return { d, ...t }
    }

    it('a remote user entering, publishing and unpublishing: remoteEntered and remoteMedia', async () => {
      const { d, engine } = await connected()
      d.remoteJoins(PEER)
      await flush()
      expect(engine.getState().remoteUserInfoList[0]).toMatchObject({ userId: PEER, isEnter: true })
      d.remoteVideo(PEER, true)
      d.remoteAudio(PEER, true)
      await flush()
      expect(engine.getState().remoteUserInfoList[0]).toMatchObject({ isVideoAvailable: true, isAudioAvailable: true })
      d.remoteVideo(PEER, false)
      await flush()
      expect(engine.getState().remoteUserInfoList[0]).toMatchObject({ isVideoAvailable: false, isAudioAvailable: true })
      await engine.hangup()
    })

    it('volumes and network quality become the levels of each user, and a poor link the tip', async () => {
      const { d, engine } = await connected()
      d.remoteJoins(PEER)
      d.remoteAudio(PEER, true)
      d.volumes(20, { [PEER]: 35 })
      d.network(PEER, 500, 0)
      await aSecond()
      const s = engine.getState()
      expect(s.remoteUserInfoList[0]?.volume).toBe(35)
      expect(s.localUserInfo.volume).toBe(20)
      expect(s.netWorkQualityList).toEqual([{ userId: ME, quality: 4 }, { userId: PEER, quality: 4 }])
      expect(s.callTips).toBe('Poor network')
      d.network(PEER, 40, 0)
      await aSecond()
      expect(engine.getState().netWorkQualityList).toEqual([{ userId: ME, quality: 1 }, { userId: PEER, quality: 1 }])
      expect(engine.getState().callTips).toBe('')
      await engine.hangup()
    })

    it('the remote user leaving the room ends a one-to-one call', async () => {
      const { d, engine, chat } = await connected()
      d.remoteJoins(PEER)
      await flush()
      d.remoteLeaves(PEER)
      await flush()
      await flush()
      expect(engine.getState().callStatus).toBe('idle')
      expect(sentSignals(chat).at(-1)).toMatchObject({ data: { data: { cmd: 'hangup' } } })
    })

    it('kicked out of the room: the call ends', async () => {
      const { d, engine } = await connected()
      d.remoteJoins(PEER)
      await flush()
      d.kickedOut()
      await flush()
      await flush()
      expect(engine.getState().callStatus).toBe('idle')
    })

    it('mute, camera off, speaker off and the back camera reach the SDK', async () => {
      const { d, engine } = await connected()
      d.remoteJoins(PEER)
      d.remoteAudio(PEER, true)
      await flush()
      engine.closeMicrophone()
      engine.closeCamera()
      expect(d.localEnabled()).toEqual({ audio: false, video: false })
      engine.openMicrophone()
      engine.openCamera()
      expect(d.localEnabled()).toEqual({ audio: true, video: true })
      engine.muteSpeaker()
      expect(d.speakerMuted()).toBe(true)
      engine.unMuteSpeaker()
      expect(d.speakerMuted()).toBe(false)
      await engine.switchCamera()
      expect(d.cameraPosition()).toBe('back')
      expect(engine.getState().cameraPosition).toBe('back')
      await engine.hangup()
    })
  })
}
