import type { Message } from '@shared/chat'
import type { CallEngine, CallEngineDeps } from '@/engines/call/CallEngine'
import { DeferredCallEngine } from '@/engines/call/deferredEngine'
import { buildSignal, type CallRef } from '@/engines/call/signaling'
import { createWebRtcCallEngine } from '@/engines/call/webrtc/webRtcMedia'
import { fakeCallMedia } from '../helpers/fakeCallEngine'
import { FakeChatEngine, message } from '../helpers/fakeChatEngine'

const ME = '10000001'
const PEER = '10000002'
const ref: CallRef = { inviteID: 'call-test-0001', inviter: PEER, inviteeList: [ME], groupID: '', timeout: 30, mediaType: 2 }
const incoming = (signal: object, from = PEER): Message =>
  message({ type: 'TIMCustomElem', from, conversationID: `C2C${from}`, sequence: 1, time: Math.floor(Date.now() / 1000), payload: { data: JSON.stringify(signal), description: '', extension: '' } })
const flush = () => new Promise((r) => setTimeout(r, 0))

/** The real WebRTC engine behind a loader the test releases by hand, as a slow network would. */
function setup() {
  const chat = new FakeChatEngine()
  chat.me = ME
  chat.ready = true
  const ringtone = { loop: jest.fn(), stop: jest.fn(), isPlayableAudio: jest.fn(async () => true) }
  let n = 0
  const deps: CallEngineDeps = {
    chat: () => chat,
    media: fakeCallMedia({ stats: { audioLevel: 0.3, localAudioLevel: 0.1, rttMs: 50, packetsLost: 0, packetsReceived: 100 }, devices: [] }),
    ringtone,
    iceConfig: async () => ({ iceServers: [], sfu: false }),
    profile: async () => ({ nick: '乙' }),
    groupCallInfo: async () => null,
    tones: { dialing: 'dialing.wav', ringing: 'ringing.wav' },
    newInviteID: () => 'call-test-0001',
    newClientMsgId: () => `cmid-${String(++n).padStart(8, '0')}`,
  }
  let release: () => void = () => undefined
  const loads = jest.fn(
    () =>
      new Promise<(d: CallEngineDeps) => CallEngine>((resolve) => {
        release = () => resolve((d) => createWebRtcCallEngine(d))
      }),
  )
  const engine = new DeferredCallEngine(deps, loads)
  return { chat, ringtone, engine, loads, release: () => release() }
}

describe('the call engine fetched on first use', () => {
  it('answers with its own state until a call needs the real engine, and does not load for chat messages', async () => {
    const { chat, engine, loads } = setup()
    const states: string[] = []
    engine.on('stateChanged', (s) => states.push(s.language))
    engine.configure({ type: 'settings', patch: { language: 'zh-cn' } })
    engine.start({ userId: ME, nick: '甲', avatar: '' })
    expect(engine.getState()).toMatchObject({ callStatus: 'idle', language: 'zh-cn', localUserInfo: { userId: ME, nick: '甲' } })
    expect(states).toContain('zh-cn')
    chat.emit('message', message({ from: PEER, conversationID: `C2C${PEER}`, sequence: 1 }))
    await flush()
    expect(loads).not.toHaveBeenCalled()
    expect(engine.loaded()).toBe(false)
    await expect(engine.leaveForLogout()).resolves.toBeUndefined()
  })

  it('an invite that arrives first loads the engine once and rings when it is in; earlier listeners hear it', async () => {
    const { chat, engine, ringtone, loads, release } = setup()
    const statuses: string[] = []
    engine.on('statusChanged', ({ newStatus }) => statuses.push(newStatus))
    engine.configure({ type: 'settings', patch: { language: 'zh-cn' } })
    engine.start({ userId: ME, nick: '甲', avatar: '' })
    chat.emit('message', incoming(buildSignal.invite(ref)))
    chat.emit('rtc', { inviteID: ref.inviteID, from: PEER, payload: { kind: 'media', audio: true, video: true } })
    await flush()
    expect(loads).toHaveBeenCalledTimes(1)
    expect(ringtone.loop).not.toHaveBeenCalled()
    release()
    await flush()
    expect(engine.loaded()).toBe(true)
    expect(engine.getState()).toMatchObject({ callStatus: 'calling', callRole: 'callee', language: 'zh-cn' })
    expect(ringtone.loop).toHaveBeenCalledWith('ringing.wav')
    expect(statuses.length).toBeGreaterThan(0)
    await engine.accept()
    expect(engine.getState().callStatus).toBe('connected')
    expect(loads).toHaveBeenCalledTimes(1)
  })

  it('a call started by the user waits for the engine, then dials', async () => {
    const { chat, engine, release } = setup()
    engine.start({ userId: ME, nick: '甲', avatar: '' })
    const dialing = engine.call({ userID: PEER, type: 1 })
    await flush()
    expect(chat.sent).toHaveLength(0)
    release()
    await dialing
    expect(engine.getState()).toMatchObject({ callStatus: 'calling', callRole: 'caller' })
    expect(JSON.parse(String((chat.sent[0]!.payload as { data: string }).data))).toMatchObject({ inviteID: 'call-test-0001' })
  })
})
