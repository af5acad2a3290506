import type { Message } from '@shared/chat'
import type { CallEngineDeps } from '@/engines/call/CallEngine'
import type { CallMedia, PathRequest } from '@/engines/call/callMedia'
import type { LiveEvent, LiveView } from '@/engines/call/liveView'
import { isSfuPath } from '@/engines/call/mediaPath'
import { CallSession } from '@/engines/call/session/CallSession'
import { buildSignal, type CallRef } from '@/engines/call/signaling'
import type { LiveRoom, TrtcRoom, TrtcRoomEvents } from '@/engines/call/trtc/room'
import { createTrtcCallEngine, trtcCallMedia } from '@/engines/call/trtc/trtcCallMedia'
import { webRtcMedia } from '@/engines/call/webrtc/webRtcMedia'
import type { CallStream } from '@/platform/media'
import { fakeCallMedia, flush } from '../helpers/fakeCallEngine'
import { FakeChatEngine, message } from '../helpers/fakeChatEngine'

const ME = '10000001'
const PEER = '10000002'
const [B, C] = ['10000003', '10000004']
const GROUP = 'G100'
const AUTH = { sdkAppId: 1400000001, userId: ME, userSig: 'signed-user-sig', expiresAt: 2_000_000_000 }

function depsFor(chat: FakeChatEngine, port = fakeCallMedia(), sfu = false): CallEngineDeps {
  let n = 0
  return {
    chat: () => chat,
    media: port,
    ringtone: { loop: jest.fn(), stop: jest.fn(), isPlayableAudio: jest.fn(async () => true) },
    iceConfig: async () => ({ iceServers: [], sfu }),
    profile: async () => ({}),
    groupCallInfo: async () => null,
    tones: { dialing: 'dialing.wav', ringing: 'ringing.wav' },
    newInviteID: () => `call-test-${String(++n).padStart(4, '0')}`,
    newClientMsgId: () => `cmid-${String(++n).padStart(8, '0')}`,
  }
}

/** The session over the real WebRTC media, with the requests it makes for paths kept. */
function webRtcSession(sfu = false) {
  const chat = new FakeChatEngine()
  chat.me = ME
  chat.ready = true
  const port = fakeCallMedia()
  const media = webRtcMedia(port)
  const openPath = jest.spyOn(media, 'openPath')
  const engine = new CallSession(depsFor(chat, port, sfu), media)
  engine.start({ userId: ME, nick: '甲', avatar: '' })
  const requests = () => openPath.mock.calls.map(([r]) => r)
  const paths = () => openPath.mock.results.map((r) => r.value as ReturnType<CallMedia['openPath']>)
  return { chat, port, engine, requests, paths }
}

const fromPeer = (signal: object, from = PEER, conversationID = `C2C${from}`): Message =>
  message({ type: 'TIMCustomElem', from, conversationID, sequence: 1, time: Math.floor(Date.now() / 1000), payload: { data: JSON.stringify(signal), description: '', extension: '' } })

function request(over: Partial<PathRequest> & { ref: CallRef }): PathRequest {
  return {
    local: { id: 'local', setEnabled: jest.fn(), stop: jest.fn() },
    config: { iceServers: [], sfu: false },
    caller: true,
    events: { remoteStream: jest.fn(), linkState: jest.fn() },
    afterAccept: (fn) => fn(),
    sendRtc: jest.fn(),
    sendSfu: jest.fn(() => true),
    ...over,
  }
}

describe('call session and media: the session asks for a path', () => {
  it('as the caller when dialling, with the ICE configuration; once per call, a new one for the next call after the first is closed', async () => {
    const { chat, engine, port, requests } = webRtcSession()
    await engine.call({ userID: PEER, type: 1 })
    expect(requests()).toHaveLength(1)
    expect(requests()[0]).toMatchObject({ caller: true, config: { iceServers: [], sfu: false }, ref: { inviter: ME, inviteeList: [PEER], groupID: '' } })
    const firstLocal = port.streams[0]!
    expect(requests()[0]!.local).toBe(firstLocal)
    // The callee's offer opens the link of the first path.
    chat.emit('rtc', { inviteID: 'call-test-0001', from: PEER, payload: { kind: 'offer', sdp: 'callee-offer' } })
    await flush()
    const link = (port.createPeerLink as jest.Mock).mock.results[0]!.value as { close: jest.Mock }
    await engine.hangup()
    expect(link.close).toHaveBeenCalled()
    expect(firstLocal.stop).toHaveBeenCalled()
    await engine.call({ userID: PEER, type: 1 })
    expect(requests()).toHaveLength(2)
    expect(requests()[1]!.ref.inviteID).not.toBe(requests()[0]!.ref.inviteID)
    await engine.hangup()
  })

  it('as the callee while the invitation rings (the media readied ahead), and not again on the accept', async () => {
    const { chat, engine, requests } = webRtcSession()
    const ref: CallRef = { inviteID: 'call-in-0001', inviter: PEER, inviteeList: [ME], groupID: '', timeout: 30, mediaType: 1 }
    chat.emit('message', fromPeer(buildSignal.invite(ref)))
    await flush()
    await flush()
    expect(requests()).toHaveLength(1)
    expect(requests()[0]).toMatchObject({ caller: false, ref: { inviteID: 'call-in-0001', inviter: PEER } })
    expect(chat.rtcSent).toEqual([])
    await engine.accept()
    expect(requests()).toHaveLength(1)
    expect(chat.rtcSent[0]).toMatchObject({ to: PEER, payload: { kind: 'offer' } })
    await engine.hangup()
  })

  it('a group call through the SFU gets the SFU path; a participant who leaves is dropped from it while the call goes on', async () => {
    const { chat, engine, paths } = webRtcSession(true)
    await engine.groupCall({ userIDList: [B, C], type: 1, groupID: GROUP })
    expect(isSfuPath(paths()[0]!)).toBe(true)
    const disconnect = jest.spyOn(paths()[0]!, 'disconnect')
    const groupRef: CallRef = { inviteID: 'call-test-0001', inviter: ME, inviteeList: [B, C], groupID: GROUP, timeout: 30, mediaType: 1 }
    chat.emit('message', fromPeer(buildSignal.accept({ ...groupRef, inviteeList: [B] }), B, `GROUP${GROUP}`))
    chat.emit('message', fromPeer(buildSignal.accept({ ...groupRef, inviteeList: [C] }), C, `GROUP${GROUP}`))
    await flush()
    chat.emit('message', fromPeer(buildSignal.hangup({ ...groupRef, inviteeList: [B] }, 3), B, `GROUP${GROUP}`))
    await flush()
    expect(disconnect).toHaveBeenCalledWith(B)
    expect(engine.getState().callStatus).toBe('connected')
    await engine.hangup()
  })
})

describe('WebRTC media', () => {
  const one: CallRef = { inviteID: 'i1', inviter: ME, inviteeList: [PEER], groupID: '', timeout: 30, mediaType: 1 }
  const group: CallRef = { ...one, inviteeList: [B, C], groupID: GROUP }

  it('links peer to peer for one-to-one calls, and for group calls when the server has no SFU; its frames go through sendRtc', async () => {
    const media = webRtcMedia(fakeCallMedia())
    const sendRtc = jest.fn()
    const path = media.openPath(request({ ref: one, config: { iceServers: [], sfu: true }, sendRtc }))
    expect(isSfuPath(path)).toBe(false)
    await path.connect(PEER, true)
    expect(sendRtc).toHaveBeenCalledWith(PEER, { kind: 'offer', sdp: 'offer-sdp' })
    expect(isSfuPath(media.openPath(request({ ref: group })))).toBe(false)
  })

  it('publishes to the SFU for group calls when the server has one, and what the subscription brings waits for afterAccept', async () => {
    const port = fakeCallMedia()
    const media = webRtcMedia(port)
    const held: Array<() => void> = []
    const remoteStream = jest.fn()
    const sendSfu = jest.fn(() => true)
    const path = media.openPath(request({ ref: group, config: { iceServers: [], sfu: true }, caller: false, events: { remoteStream, linkState: jest.fn() }, afterAccept: (fn) => held.push(fn), sendSfu }))
    if (!isSfuPath(path)) throw new Error('expected the SFU path')
    await path.publish()
    expect(sendSfu).toHaveBeenCalledWith({ kind: 'publish', sdp: 'offer-sdp' })
    await path.handleSfu({ kind: 'offer', sdp: 'sub', streams: [{ mid: '0', feed: B }] })
    const stream: CallStream = { id: 'b', setEnabled: jest.fn(), stop: jest.fn() }
    port.links[1]!.onRemoteStream(stream, B)
    expect(remoteStream).not.toHaveBeenCalled()
    for (const show of held) show()
    expect(remoteStream).toHaveBeenCalledWith(B, stream)
  })
})

describe('TRTC media', () => {
  function fakeRoom() {
    let listener: ((view: LiveView | null) => void) | null = null
    const room = {
      openLocal: jest.fn(async () => undefined),
      setLocalEnabled: jest.fn(),
      enter: jest.fn(async (_auth: unknown, _roomId: string, _events: TrtcRoomEvents) => undefined),
      exit: jest.fn(async () => undefined),
      view: jest.fn(() => true),
      muteSpeaker: jest.fn(),
      switchCamera: jest.fn(async () => undefined),
      listDevices: jest.fn(async () => []),
      switchDevice: jest.fn(async () => undefined),
      onLiveView: jest.fn((l: (view: LiveView | null) => void) => {
        listener = l
        return () => undefined
      }),
      liveEvent: jest.fn(),
    } satisfies TrtcRoom & LiveRoom
    return { room, show: (view: LiveView | null) => listener?.(view) }
  }
  const access = { enabled: async () => true, userSig: async () => AUTH }
  const one: CallRef = { inviteID: 'i1', inviter: ME, inviteeList: [PEER], groupID: '', timeout: 30, mediaType: 1 }

  it('the caller enters the room named after the call at once; a callee only when it connects (its accept)', async () => {
    const caller = fakeRoom()
    trtcCallMedia(caller.room, access, fakeCallMedia()).openPath(request({ ref: one, caller: true }))
    await flush()
    expect(caller.room.enter).toHaveBeenCalledWith(AUTH, expect.any(String), expect.anything())
    const callee = fakeRoom()
    const path = trtcCallMedia(callee.room, access, fakeCallMedia()).openPath(request({ ref: one, caller: false }))
    await flush()
    expect(callee.room.enter).not.toHaveBeenCalled()
    await path.connect(ME, true)
    expect(callee.room.enter).toHaveBeenCalledTimes(1)
  })

  it("the session shows the room's live view and hands the native components' events back to it; no TRTC access, no engine", () => {
    const chat = new FakeChatEngine()
    const { room, show } = fakeRoom()
    const engine = createTrtcCallEngine({ ...depsFor(chat), trtc: access }, room)
    const views: Array<LiveView | null> = []
    engine.on('liveView', (v) => views.push(v))
    show(null)
    expect(views).toEqual([null])
    const event: LiveEvent = { target: 'pusher', kind: 'statechange', detail: { code: 1018 } }
    engine.liveEvent(event)
    expect(room.liveEvent).toHaveBeenCalledWith(event)
    expect(() => createTrtcCallEngine(depsFor(chat), room)).toThrow('the TRTC engine needs TRTC access')
  })
})
