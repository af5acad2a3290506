import type { GroupCallInfo } from '@shared/call'
import type { Message } from '@shared/chat'
import type { CallEngineDeps } from '@/engines/call/CallEngine'
import { createWebRtcCallEngine } from '@/engines/call/webrtc/webRtcMedia'
import { buildSignal, callRecordOf, type CallRef } from '@/engines/call/signaling'
import { MediaAccessError } from '@/platform/mediaAccess'
import { CallKit, INIT_NOT_COMPLETE, REPEATED_CALL } from '@/services/call/callKit'
import { bindCallLimits } from '@/services/call/limits'
import { fakeCallMedia } from '../helpers/fakeCallEngine'
import { FakeChatEngine, message } from '../helpers/fakeChatEngine'

const ME = '10000001'
const PEER = '10000002'

const fakeMedia = () =>
  fakeCallMedia({
    stats: { audioLevel: 0.3, localAudioLevel: 0.1, rttMs: 500, packetsLost: 0, packetsReceived: 100 },
    devices: [
      { deviceId: 'cam-1', label: 'Front', deviceType: 'camera' },
      { deviceId: 'mic-1', label: 'Mic', deviceType: 'microphone' },
    ],
  })

function setup(groupInfo: { current: GroupCallInfo | null } = { current: null }, iceConfig: CallEngineDeps['iceConfig'] = async () => ({ iceServers: [], sfu: false })) {
  const chat = new FakeChatEngine()
  chat.me = ME
  chat.ready = true
  const media = fakeMedia()
  const ringtone = { loop: jest.fn(), stop: jest.fn(), isPlayableAudio: jest.fn(async () => true) }
  let n = 0
  const engine = createWebRtcCallEngine({
    chat: () => chat,
    media,
    ringtone,
    iceConfig,
    profile: async () => ({ nick: '乙' }),
    groupCallInfo: async () => groupInfo.current,
    tones: { dialing: 'dialing.wav', ringing: 'ringing.wav' },
    newInviteID: () => 'call-test-0001',
    newClientMsgId: () => `cmid-${String(++n).padStart(8, '0')}`,
  })
  engine.start({ userId: ME, nick: '甲', avatar: '' })
  const toasts: string[] = []
  engine.on('toast', (t) => toasts.push(t.key))
  const statuses: string[] = []
  engine.on('statusChanged', ({ oldStatus, newStatus }) => statuses.push(`${oldStatus}>${newStatus}`))
  return { chat, media, ringtone, engine, toasts, statuses }
}

const sentSignals = (chat: FakeChatEngine) => chat.sent.map((m) => JSON.parse(String((m.payload as { data: string }).data)))
const ref: CallRef = { inviteID: 'call-test-0001', inviter: ME, inviteeList: [PEER], groupID: '', timeout: 30, mediaType: 2 }
const incoming = (signal: object, from = PEER, time = Math.floor(Date.now() / 1000)): Message =>
  message({ type: 'TIMCustomElem', from, conversationID: `C2C${from}`, sequence: 1, time, payload: { data: JSON.stringify(signal), description: '', extension: '' } })

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('WebRTC call engine', () => {
  it("caller: sends the invite, rings the dialing tone, answers the callee's offer (even ahead of its accept), connects on accept; hang up sends the duration", async () => {
    const { chat, engine, ringtone, statuses } = setup()
    await engine.call({ userID: PEER, type: 2 })
    expect(sentSignals(chat)[0]).toMatchObject({ businessID: 1, actionType: 1, inviter: ME, inviteeList: [PEER], data: { call_type: 2, data: { cmd: 'videoCall' } } })
    expect(ringtone.loop).toHaveBeenCalledWith('dialing.wav')
    chat.emit('rtc', { inviteID: 'call-test-0001', from: PEER, payload: { kind: 'offer', sdp: 'callee-offer' } })
    await flush()
    expect(chat.rtcSent).toEqual([{ inviteID: 'call-test-0001', to: PEER, payload: { kind: 'answer', sdp: 'answer-sdp' } }])
    // Only the device that accepted offers: the call is connected from its offer on.
    expect(engine.getState().callStatus).toBe('connected')
    chat.emit('message', incoming(buildSignal.accept(ref)))
    await flush()
    await flush()
    expect(engine.getState().callStatus).toBe('connected')
    expect(ringtone.stop).toHaveBeenCalled()
    expect(chat.rtcSent.filter((f) => f.payload.kind === 'offer')).toEqual([])
    expect(statuses).toEqual(['idle>dialing-c2c', 'dialing-c2c>calling-c2c-video'])
    await engine.hangup()
    await flush()
    expect(sentSignals(chat)[1]).toMatchObject({ actionType: 1, data: { data: { cmd: 'hangup' }, call_end: 0 } })
    expect(engine.getState().callStatus).toBe('idle')
  })

  it('caller: the callee hanging up ends the call, though the record comes in the caller\'s name', async () => {
    const { chat, engine } = setup()
    await engine.call({ userID: PEER, type: 2 })
    chat.emit('message', incoming(buildSignal.accept(ref)))
    await flush()
    expect(engine.getState().callStatus).toBe('connected')
    chat.emit('message', { ...incoming(buildSignal.hangup(ref, 12), ME), conversationID: `C2C${PEER}` })
    await flush()
    expect(engine.getState().callStatus).toBe('idle')
    // The caller sent no record of its own: the callee's is the call's.
    expect(sentSignals(chat).filter((x) => x.data?.data?.cmd === 'hangup')).toEqual([])
  })

  it('asks for the ICE configuration while ringing, so the link is ready before the accept without another request', async () => {
    const iceConfig = jest.fn(async () => ({ iceServers: [{ urls: ['turn:relay.example:3478'], username: 'u', credential: 'c' }], sfu: false }))
    const { chat, engine, media } = setup(undefined, iceConfig)
    await engine.call({ userID: PEER, type: 2 })
    expect(iceConfig).toHaveBeenCalledTimes(1)
    chat.emit('rtc', { inviteID: 'call-test-0001', from: PEER, payload: { kind: 'offer', sdp: 'callee-offer' } })
    chat.emit('message', incoming(buildSignal.accept(ref)))
    await flush()
    await flush()
    expect(chat.rtcSent[0]).toMatchObject({ payload: { kind: 'answer' } })
    expect(iceConfig).toHaveBeenCalledTimes(1)
    expect(media.createPeerLink).toHaveBeenCalledWith(expect.objectContaining({ iceServers: [{ urls: ['turn:relay.example:3478'], username: 'u', credential: 'c' }] }), expect.anything())
  })

  it('caller: a busy or rejecting callee ends the call with its toast', async () => {
    const { chat, engine, toasts } = setup()
    await engine.call({ userID: PEER, type: 1 })
    chat.emit('message', incoming(buildSignal.reject(ref, true)))
    await flush()
    expect(toasts).toEqual(['other side line busy'])
    expect(engine.getState().callStatus).toBe('idle')
    await engine.call({ userID: PEER, type: 1 })
    chat.emit('message', incoming(buildSignal.reject(ref)))
    await flush()
    expect(toasts).toEqual(['other side line busy', 'other side reject call'])
  })

  it('caller: nobody answers in time → the timeout record and the toast', async () => {
    jest.useFakeTimers()
    const { chat, engine, toasts } = setup()
    await engine.call({ userID: PEER, type: 1, timeout: 5 })
    jest.advanceTimersByTime(5000)
    await Promise.resolve()
    expect(sentSignals(chat)[1]).toMatchObject({ actionType: 5 })
    expect(toasts).toEqual(['call timeout'])
    expect(engine.getState().callStatus).toBe('idle')
    jest.useRealTimers()
  })

  it('callee: rings with media and its offer readied but nothing sent, accepts (the offer first, then the accept); a stale invite does not ring', async () => {
    const { chat, engine, ringtone, media } = setup()
    const invite = buildSignal.invite({ ...ref, inviter: PEER, inviteeList: [ME] })
    chat.emit('message', incoming(invite, PEER, Math.floor(Date.now() / 1000) - 60))
    await flush()
    expect(engine.getState().callStatus).toBe('idle')
    expect(media.getLocalStream).not.toHaveBeenCalled()
    chat.emit('message', incoming(invite))
    await flush()
    expect(engine.getState()).toMatchObject({ callStatus: 'calling', callRole: 'callee' })
    expect(ringtone.loop).toHaveBeenCalledWith('ringing.wav')
    expect(media.getLocalStream).toHaveBeenCalledTimes(1)
    expect(media.createPeerLink).toHaveBeenCalledTimes(1)
    // The link's candidates gathered while ringing stay on the device.
    media.links[0]!.onIceCandidate({ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 })
    // An answer meant for another of our devices (the one that accepted) is not taken here.
    chat.emit('rtc', { inviteID: invite.inviteID, from: PEER, payload: { kind: 'answer', sdp: 'x' } })
    await flush()
    expect(chat.rtcSent).toEqual([])
    const link = (media.createPeerLink as jest.Mock).mock.results[0]?.value as { acceptAnswer: jest.Mock }
    expect(link.acceptAnswer).not.toHaveBeenCalled()
    await engine.accept()
    // The offer went out before the accept message.
    expect(chat.sendRtc.mock.invocationCallOrder[0]).toBeLessThan(chat.sendMessage.mock.invocationCallOrder[0]!)
    expect(chat.rtcSent[0]).toEqual({ inviteID: invite.inviteID, to: PEER, payload: { kind: 'offer', sdp: 'offer-sdp' } })
    expect(media.getLocalStream).toHaveBeenCalledTimes(1)
    expect(sentSignals(chat)[0]).toMatchObject({ actionType: 3 })
    expect(engine.getState().callStatus).toBe('connected')
    chat.emit('rtc', { inviteID: invite.inviteID, from: PEER, payload: { kind: 'answer', sdp: 'y' } })
    await flush()
    expect(link.acceptAnswer).toHaveBeenCalledWith('y')
    media.links[0]!.onIceCandidate({ candidate: 'candidate:2 1 udp 1 127.0.0.1 5001 typ host', sdpMid: '0', sdpMLineIndex: 0 })
    expect(chat.rtcSent.filter((f) => f.payload.kind === 'candidate')).toEqual([{ inviteID: invite.inviteID, to: PEER, payload: { kind: 'candidate', candidate: 'candidate:2 1 udp 1 127.0.0.1 5001 typ host', sdpMid: '0', sdpMLineIndex: 0 } }])
    chat.emit('rtc', { inviteID: invite.inviteID, from: PEER, payload: { kind: 'media', audio: false, video: true } })
    expect(engine.getState().remoteUserInfoList[0]).toMatchObject({ isAudioAvailable: false, isVideoAvailable: true })
  })

  it('a denied camera gives the permission toast, 60005 and a reset', async () => {
    const { engine, media, toasts } = setup()
    media.fail = new MediaAccessError('denied', 'denied')
    const errors: number[] = []
    engine.on('error', (e) => errors.push(e.code))
    const after = jest.fn()
    engine.on('afterCalling', after)
    await expect(engine.call({ userID: PEER, type: 2 })).rejects.toMatchObject({ code: 60005 })
    expect(toasts).toEqual(['no camera access'])
    expect(errors).toEqual([60005])
    expect(after).toHaveBeenCalled()
    expect(engine.getState().callStatus).toBe('idle')
    expect(engine.getState()).toMatchObject({ showPermissionTip: true, permissionTipKind: 'camera' })
    engine.closePermissionTip()
    expect(engine.getState().showPermissionTip).toBe(false)
  })

  it('the permission tip: for a refused microphone, not when only the camera was refused with the microphone allowed', async () => {
    const { engine, media, toasts } = setup()
    media.fail = new MediaAccessError('denied', 'denied', true)
    await expect(engine.call({ userID: PEER, type: 2 })).rejects.toMatchObject({ code: 60005 })
    expect(toasts).toEqual(['no camera access'])
    expect(engine.getState().showPermissionTip).toBe(false)
    media.fail = new MediaAccessError('denied', 'denied')
    await expect(engine.call({ userID: PEER, type: 1 })).rejects.toMatchObject({ code: 60005 })
    expect(toasts.at(-1)).toBe('no microphone access')
    expect(engine.getState()).toMatchObject({ showPermissionTip: true, permissionTipKind: 'microphone' })
    media.fail = new MediaAccessError('noCamera', 'No camera found')
    engine.closePermissionTip()
    await expect(engine.call({ userID: PEER, type: 2 })).rejects.toMatchObject({ code: 60004 })
    expect(engine.getState().showPermissionTip).toBe(false)
  })

  it('switching an audio call to audio is refused with 60001', async () => {
    const { engine } = setup()
    await engine.call({ userID: PEER, type: 1 })
    const errors: number[] = []
    engine.on('error', (e) => errors.push(e.code))
    await engine.switchToAudio()
    expect(errors).toEqual([60001])
  })

  it('records: each viewer sees the right card; invites are not records', () => {
    const m = (signal: object, from: string) => ({ type: 'TIMCustomElem' as const, from, conversationType: 'C2C' as const, payload: { data: JSON.stringify(signal) } })
    expect(callRecordOf(m(buildSignal.invite(ref), ME), ME)).toBeNull()
    expect(callRecordOf(m(buildSignal.cancel(ref), ME), ME)?.key).toBe('Call Cancel')
    expect(callRecordOf(m(buildSignal.cancel(ref), ME), PEER)?.key).toBe('Other Side Cancel')
    expect(callRecordOf(m(buildSignal.reject(ref, true), PEER), PEER)?.key).toBe('Line Busy')
    expect(callRecordOf(m(buildSignal.reject(ref, true), PEER), ME)?.key).toBe('Other Side Line Busy')
    expect(callRecordOf(m(buildSignal.reject(ref), PEER), PEER)?.key).toBe('Declined')
    expect(callRecordOf(m(buildSignal.reject(ref), PEER), ME)?.key).toBe('Call declined by user')
    expect(callRecordOf(m(buildSignal.timeout(ref), ME), PEER)?.key).toBe('Call not answered')
    expect(callRecordOf(m(buildSignal.hangup(ref, 75), ME), PEER)).toMatchObject({ key: 'Duration', duration: '00:01:15' })
    // A group call shows no answer and no hang-up per member, only the server's summary.
    expect(callRecordOf(m(buildSignal.accept({ ...ref, groupID: 'g1' }), PEER), ME)).toBeNull()
    expect(callRecordOf(m(buildSignal.hangup({ ...ref, groupID: 'g1' }, 75), PEER), ME)).toBeNull()
    const summary = buildSignal.hangup({ ...ref, groupID: 'g1' }, 75)
    expect(callRecordOf(m({ ...summary, data: { ...summary.data, group_end: 1 } }, PEER), ME)).toMatchObject({ key: 'Group call ended', duration: '00:01:15' })
    expect(callRecordOf(m(buildSignal.accept(ref), PEER), ME)).toBeNull()
  })
})

describe('public API rules', () => {
  function kit() {
    const t = setup()
    const warn = jest.fn()
    const k = new CallKit({ engine: t.engine, login: async () => ({ nick: '甲', avatar: '' }), isPlayableAudio: t.ringtone.isPlayableAudio, warn })
    return { ...t, k, warn }
  }

  it('rejects calls before init completes, and calling yourself', async () => {
    const { k } = kit()
    await expect(k.call({ userID: PEER, type: 1 })).rejects.toThrow(INIT_NOT_COMPLETE)
    await k.init({ SDKAppID: 1, userID: ME, userSig: 'sig' })
    await expect(k.call({ userID: ME, type: 1 })).rejects.toThrow("Can't call yourself")
  })

  it('ignores a call unless idle, and a repeated call while one runs (with a warning)', async () => {
    const { k, chat, warn } = kit()
    await k.init({ SDKAppID: 1, userID: ME, userSig: 'sig' })
    const first = k.call({ userID: PEER, type: 1 })
    await k.call({ userID: PEER, type: 2 })
    await first
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(REPEATED_CALL))
    await k.call({ userID: '10000003', type: 1 })
    expect(chat.sent).toHaveLength(1)
  })

  it('setLanguage applies only en, zh-cn and ja_JP; destroy only when idle; setCallingBell needs audio/mpeg', async () => {
    const { k, engine, warn, ringtone } = kit()
    k.setLanguage('ja_JP')
    expect(engine.getState().language).toBe('ja_JP')
    k.setLanguage('fr')
    expect(engine.getState().language).toBe('ja_JP')
    expect(() => k.setLanguage(3 as unknown as string)).toThrow('API<setLanguage>: language must be String, current language is Number.')
    ringtone.isPlayableAudio.mockResolvedValueOnce(false)
    expect(await k.setCallingBell('/bell.wav')).toBe(false)
    expect(await k.setCallingBell('/bell.mp3')).toBe(true)
    await k.init({ SDKAppID: 1, userID: ME, userSig: 'sig' })
    await k.call({ userID: PEER, type: 1 })
    k.destroy()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('only allowed when the call status is idle'))
    expect(k.isReady()).toBe(true)
  })
})

describe('caller-side call limit', () => {
  async function connectedCall() {
    jest.useFakeTimers()
    const t = setup()
    const deps = { startRecord: jest.fn(async () => 42), heartbeat: jest.fn(async (): Promise<0 | 1> => 0), exit: jest.fn(async () => 0), showLimitDialog: jest.fn() }
    bindCallLimits(t.engine, deps)
    await t.engine.call({ userID: PEER, type: 2 })
    t.chat.emit('message', incoming(buildSignal.accept(ref)))
    await jest.advanceTimersByTimeAsync(0)
    return { ...t, deps }
  }
  afterEach(() => jest.useRealTimers())

  it('asks for a record on connect, reports every 60 s, and reports the end', async () => {
    const { engine, deps } = await connectedCall()
    expect(deps.startRecord).toHaveBeenCalledWith(PEER, 2)
    await jest.advanceTimersByTimeAsync(60_000)
    expect(deps.heartbeat).toHaveBeenCalledWith(42)
    await engine.hangup()
    expect(deps.exit).toHaveBeenCalledWith(42)
  })

  it('the limit reached: the membership dialog and a hang up', async () => {
    const { engine, deps } = await connectedCall()
    deps.heartbeat.mockResolvedValue(1)
    await jest.advanceTimersByTimeAsync(60_000)
    expect(deps.showLimitDialog).toHaveBeenCalled()
    expect(engine.getState().callStatus).toBe('idle')
  })

  it('hangs up after 3 failed reports, not before', async () => {
    const { engine, deps } = await connectedCall()
    deps.heartbeat.mockRejectedValue(new Error('down'))
    await jest.advanceTimersByTimeAsync(120_000)
    expect(engine.getState().callStatus).toBe('connected')
    await jest.advanceTimersByTimeAsync(60_000)
    expect(engine.getState().callStatus).toBe('idle')
  })
})

describe('WebRTC call engine, group calls', () => {
  const GROUP = 'G100'
  const [B, C, D] = ['10000003', '10000004', '10000005']
  const groupRef: CallRef = { inviteID: 'call-test-0001', inviter: ME, inviteeList: [B, C], groupID: GROUP, timeout: 30, mediaType: 1 }
  const inGroup = (signal: object, from: string): Message =>
    message({ type: 'TIMCustomElem', from, conversationID: `GROUP${GROUP}`, sequence: 1, time: Math.floor(Date.now() / 1000), payload: { data: JSON.stringify(signal), description: '', extension: '' } })
  const info = (users: string[], room = 'call-room-0001'): GroupCallInfo => ({ group_id: GROUP, room_id: room, room_id_type: 2, call_media_type: 1, user_list: users.map((userid) => ({ userid })) })

  it('caller: invites in the group conversation, connects on the first accept; those who reject, are busy or leave drop out; the last one leaving ends it', async () => {
    const { chat, engine, toasts, statuses } = setup()
    await engine.groupCall({ userIDList: [B, C, D], type: 1, groupID: GROUP })
    expect(chat.sent[0]!.conversationID).toBe(`GROUP${GROUP}`)
    expect(sentSignals(chat)[0]).toMatchObject({ actionType: 1, groupID: GROUP, inviteeList: [B, C, D] })
    expect(statuses).toEqual(['idle>dialing-group'])
    chat.emit('message', inGroup(buildSignal.accept({ ...groupRef, inviteeList: [B] }), B))
    await flush()
    expect(engine.getState().callStatus).toBe('connected')
    expect(statuses).toEqual(['idle>dialing-group', 'dialing-group>calling-group-audio'])
    chat.emit('message', inGroup(buildSignal.reject({ ...groupRef, inviteeList: [C] }, true), C))
    chat.emit('message', inGroup(buildSignal.reject({ ...groupRef, inviteeList: [D] }), D))
    await flush()
    expect(toasts).toEqual(['in busy', 'Reject Call'])
    expect(engine.getState().remoteUserInfoList.map((u) => u.userId)).toEqual([B])
    chat.emit('message', inGroup(buildSignal.hangup({ ...groupRef, inviteeList: [B] }, 3), B))
    await flush()
    expect(toasts).toEqual(['in busy', 'Reject Call', 'end call'])
    expect(engine.getState().callStatus).toBe('idle')
  })

  it('caller: invitees silent past the timeout are written off with one timeout record', async () => {
    jest.useFakeTimers()
    const { chat, engine, toasts } = setup()
    await engine.groupCall({ userIDList: [B, C], type: 1, groupID: GROUP, timeout: 5 })
    chat.emit('message', inGroup(buildSignal.accept({ ...groupRef, inviteeList: [B] }), B))
    await Promise.resolve()
    jest.advanceTimersByTime(5000)
    await Promise.resolve()
    expect(sentSignals(chat).at(-1)).toMatchObject({ actionType: 5, inviteeList: [C] })
    expect(toasts).toEqual(['timeout'])
    expect(engine.getState().callStatus).toBe('connected')
    jest.useRealTimers()
    await engine.hangup()
  })

  it('refuses a second call in a group that has one, and more than 9 people', async () => {
    const live = { current: info([B]) as GroupCallInfo | null }
    const { engine, toasts } = setup(live)
    await expect(engine.groupCall({ userIDList: [B], type: 1, groupID: GROUP })).rejects.toThrow('A group call already exists in the current group')
    live.current = null
    const many = Array.from({ length: 9 }, (_, i) => `2000000${i}`)
    await expect(engine.groupCall({ userIDList: many, type: 1, groupID: GROUP })).rejects.toThrow('Supports a maximum of 9 people for simultaneous calls')
    expect(toasts).toEqual(['A group call already exists in the current group', 'Supports a maximum of 9 people for simultaneous calls'])
    expect(engine.getState().callStatus).toBe('idle')
  })

  it('join: refused with 9 people in; otherwise joins without ringing and offers to everyone in the call', async () => {
    const live = { current: info(Array.from({ length: 9 }, (_, i) => `2000000${i}`)) as GroupCallInfo | null }
    const { chat, engine, toasts, ringtone } = setup(live)
    await expect(engine.joinInGroupCall({ type: 1, groupID: GROUP })).rejects.toThrow('Supports a maximum of 9 people for simultaneous calls')
    expect(toasts).toEqual(['Supports a maximum of 9 people for simultaneous calls'])
    expect(chat.sent).toHaveLength(0)
    live.current = info([B, C])
    await engine.joinInGroupCall({ type: 1, groupID: GROUP })
    await flush()
    expect(ringtone.loop).not.toHaveBeenCalled()
    expect(sentSignals(chat)[0]).toMatchObject({ inviteID: 'call-room-0001', actionType: 3, inviteeList: [ME], groupID: GROUP })
    expect(engine.getState()).toMatchObject({ callStatus: 'connected', isGroup: true })
    expect(chat.rtcSent.filter((f) => f.payload.kind === 'offer').map((f) => f.to)).toEqual([B, C])
    await engine.hangup()
  })

  it('accept: offers only to those who joined before (user_list order), so two members answering together do not both offer', async () => {
    const live = { current: null as GroupCallInfo | null }
    const { chat, engine } = setup(live)
    const invite = buildSignal.invite({ ...groupRef, inviter: B, inviteeList: [ME, C, D] })
    chat.emit('message', inGroup(invite, B))
    await flush()
    // C answered just before us and D just after: D found us in the list and offers to us.
    live.current = info([B, C, ME, D], groupRef.inviteID)
    await engine.accept()
    await flush()
    expect(chat.rtcSent.filter((f) => f.payload.kind === 'offer').map((f) => f.to)).toEqual([B, C])
    expect(engine.getState().remoteUserInfoList.map((u) => u.userId).sort()).toEqual([B, C, D].sort())
    chat.emit('rtc', { inviteID: groupRef.inviteID, from: D, payload: { kind: 'offer', sdp: 'x' } })
    await flush()
    expect(chat.rtcSent.filter((f) => f.payload.kind === 'answer').map((f) => f.to)).toEqual([D])
    await engine.hangup()
  })

  it('through the SFU: the publication goes to the server while the invitation rings (shown to nobody before the accept) and is not sent again by the accept', async () => {
    const { chat, engine, media } = setup({ current: null }, async () => ({ iceServers: [], sfu: true }))
    const invite = buildSignal.invite({ ...groupRef, inviter: B, inviteeList: [ME, C] })
    chat.emit('message', inGroup(invite, B))
    await flush()
    await flush()
    expect(media.createPeerLink).toHaveBeenCalledWith(expect.objectContaining({ role: 'publish' }), expect.anything())
    const publish = { inviteID: groupRef.inviteID, payload: { kind: 'publish', sdp: 'offer-sdp' } }
    expect(chat.sfuSent).toEqual([publish])
    expect(chat.sendMessage).not.toHaveBeenCalled()
    // Candidates found after the offer trickle to the publication while it still rings.
    media.links[0]!.onIceCandidate({ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 })
    expect(chat.sfuSent.at(-1)).toMatchObject({ payload: { kind: 'candidate', link: 'publish' } })
    await engine.accept()
    expect(sentSignals(chat)[0]).toMatchObject({ actionType: 3 })
    expect(chat.sfuSent.filter((f) => f.payload.kind === 'publish')).toEqual([publish])
    await engine.hangup()
  })

  it('through the SFU: the accept answers the first subscription offer before the call counts as connected', async () => {
    const { chat, engine } = setup({ current: null }, async () => ({ iceServers: [], sfu: true }))
    chat.emit('message', inGroup(buildSignal.invite({ ...groupRef, inviter: B, inviteeList: [ME, C] }), B))
    await flush()
    await flush()
    let accepted = false
    void engine.accept().then(() => (accepted = true))
    await flush()
    await flush()
    expect(sentSignals(chat)[0]).toMatchObject({ actionType: 3 })
    expect(engine.getState().callStatus).not.toBe('connected')
    expect(accepted).toBe(false)
    chat.emit('sfu', { inviteID: groupRef.inviteID, payload: { kind: 'offer', sdp: 'sub-1', streams: [{ mid: '0', feed: B }] } })
    await flush()
    await flush()
    expect(chat.sfuSent.map((f) => f.payload.kind)).toContain('answer')
    expect(accepted).toBe(true)
    expect(engine.getState().callStatus).toBe('connected')
    await engine.hangup()
  })

  it('through the SFU: the subscription made while ringing is answered then, and what it brings is shown only after the accept', async () => {
    const { chat, engine, media } = setup({ current: null }, async () => ({ iceServers: [], sfu: true }))
    chat.emit('message', inGroup(buildSignal.invite({ ...groupRef, inviter: B, inviteeList: [ME, C] }), B))
    await flush()
    await flush()
    chat.emit('sfu', { inviteID: groupRef.inviteID, payload: { kind: 'offer', sdp: 'sub-1', streams: [{ mid: '0', feed: B }], fresh: true } })
    await flush()
    await flush()
    expect(chat.sfuSent.map((f) => f.payload.kind)).toContain('answer')
    const subscription = media.links[1]!
    subscription.onRemoteStream({ id: 'rb', setEnabled: jest.fn(), stop: jest.fn() }, B)
    subscription.onStateChange('connected')
    await flush()
    expect(engine.streamOf(B)).toBeNull()
    expect(chat.rtcSent).toEqual([])
    await engine.accept()
    expect(engine.streamOf(B)).toMatchObject({ id: 'rb' })
    expect(chat.rtcSent.map((f) => [f.to, f.payload.kind])).toEqual([[B, 'media']])
    await engine.hangup()
  })

  it('through the SFU: the layers the call screen asks for while ringing, before the media path exists, go with the ringing publication', async () => {
    const { chat, engine } = setup({ current: null }, async () => ({ iceServers: [], sfu: true }))
    chat.emit('message', inGroup(buildSignal.invite({ ...groupRef, inviter: B, inviteeList: [ME, C] }), B))
    engine.setRemoteLayer(B, 2)
    engine.setRemoteLayer(C, 1)
    await flush()
    await flush()
    expect(chat.sfuSent.filter((f) => f.payload.kind === 'publish').map((f) => f.payload)).toEqual([{ kind: 'publish', sdp: expect.any(String), layers: { [B]: 2, [C]: 1 } }])
    await engine.hangup()
  })

  it('through the SFU: a publication that could not go out while ringing (socket reconnecting) goes right behind the accept', async () => {
    const { chat, engine } = setup({ current: null }, async () => ({ iceServers: [], sfu: true }))
    chat.sendSfu.mockReturnValueOnce(false)
    chat.emit('message', inGroup(buildSignal.invite({ ...groupRef, inviter: B, inviteeList: [ME, C] }), B))
    await flush()
    await flush()
    expect(chat.sendSfu).toHaveBeenCalledTimes(1)
    await engine.accept()
    expect(chat.sendSfu).toHaveBeenCalledTimes(2)
    expect(chat.sendSfu.mock.invocationCallOrder[1]).toBeGreaterThan(chat.sendMessage.mock.invocationCallOrder[0]!)
    await engine.hangup()
  })

  it('inviteUser adds the new members and sends one invite naming them; people already there are skipped', async () => {
    const { chat, engine } = setup()
    await engine.groupCall({ userIDList: [B], type: 1, groupID: GROUP })
    chat.emit('message', inGroup(buildSignal.accept({ ...groupRef, inviteeList: [B] }), B))
    await flush()
    await engine.inviteUser([B, C])
    expect(sentSignals(chat).at(-1)).toMatchObject({ actionType: 1, inviteID: 'call-test-0001', inviteeList: [C] })
    expect(engine.getState().remoteUserInfoList.map((u) => u.userId)).toEqual([B, C])
    await engine.hangup()
  })
})

describe('WebRTC call engine, devices', () => {
  it('lists devices once media is open, switches them, and switches the camera only while video is on', async () => {
    const { engine, media } = setup()
    await engine.call({ userID: PEER, type: 2 })
    await flush()
    expect(engine.getState().deviceList.camera.map((d) => d.deviceId)).toEqual(['cam-1'])
    await engine.switchDevice({ deviceType: 'microphone', deviceId: 'mic-1' })
    expect(media.switchInput).toHaveBeenLastCalledWith(expect.anything(), 'microphone', { deviceId: 'mic-1' }, '480p')
    expect(engine.getState().deviceList.current.microphone).toBe('mic-1')
    await engine.switchDevice({ deviceType: 'speaker', deviceId: 'out-2' })
    expect(media.setSpeakerDevice).toHaveBeenCalledWith('out-2')
    await engine.switchCamera()
    expect(media.switchInput).toHaveBeenLastCalledWith(expect.anything(), 'camera', { facingMode: 'environment' }, '480p')
    expect(engine.getState().cameraPosition).toBe('back')
    engine.closeCamera()
    await engine.switchCamera()
    expect(engine.getState().cameraPosition).toBe('back')
    engine.configure({ type: 'settings', patch: { videoResolution: '720p' } })
    expect(media.setResolution).toHaveBeenCalledWith(expect.anything(), '720p')
    await engine.hangup()
    expect(engine.getState().cameraPosition).toBe('front')
  })

  it('blurs the background at strength 3 only while local video is on, keeps the choice for the next call, and stays sharp when blur cannot start', async () => {
    const { engine, media } = setup()
    await engine.call({ userID: PEER, type: 2 })
    await flush()
    await engine.setBlurBackground(true)
    expect(media.setBackgroundBlur).toHaveBeenLastCalledWith(expect.anything(), true, 3)
    expect(engine.getState().enableVirtualBackground).toBe(true)
    engine.closeCamera()
    await engine.setBlurBackground(false)
    expect(media.setBackgroundBlur).toHaveBeenCalledTimes(1)
    await engine.hangup()
    expect(engine.getState().enableVirtualBackground).toBe(true)

    await engine.call({ userID: PEER, type: 2 })
    await flush()
    expect(media.setBackgroundBlur).toHaveBeenCalledTimes(2)
    jest.mocked(media.setBackgroundBlur).mockRejectedValueOnce(new Error('no model'))
    await engine.setBlurBackground(false)
    expect(engine.getState().enableVirtualBackground).toBe(true)
    await engine.hangup()

    await engine.call({ userID: PEER, type: 1 })
    await flush()
    await engine.setBlurBackground(false)
    expect(media.setBackgroundBlur).toHaveBeenCalledTimes(3)
    await engine.hangup()
  })
})

describe('WebRTC call engine, media-type switch', () => {
  it('video to audio applies on both sides; a second switch is refused with 60001 and a switch to video with 60002, and the call goes on', async () => {
    const { chat, engine, toasts } = setup()
    const errors: number[] = []
    engine.on('error', (e) => errors.push(e.code))
    await engine.call({ userID: PEER, type: 2 })
    chat.emit('message', incoming(buildSignal.accept(ref)))
    await flush()
    await flush()
    await engine.switchToAudio()
    expect(engine.getState().callMediaType).toBe(1)
    expect(chat.rtcSent.at(-1)).toMatchObject({ to: PEER, payload: { kind: 'switchToAudio' } })
    await engine.switchToAudio()
    await engine.switchToVideo()
    expect(errors).toEqual([60001, 60002])
    expect(toasts).toEqual(['switch to audio call method failed', 'switch to video call method failed'])
    expect(engine.getState().callStatus).toBe('connected')
    await engine.hangup()
  })

  it('the peer follows a switch to audio', async () => {
    const { chat, engine } = setup()
    const invite = buildSignal.invite({ ...ref, inviter: PEER, inviteeList: [ME] })
    chat.emit('message', incoming(invite))
    await flush()
    await engine.accept()
    expect(engine.getState().callMediaType).toBe(2)
    chat.emit('rtc', { inviteID: ref.inviteID, from: PEER, payload: { kind: 'switchToAudio' } })
    await flush()
    expect(engine.getState()).toMatchObject({ callMediaType: 1, callStatus: 'connected' })
    await engine.hangup()
  })

  it('measures volumes and network quality each second while connected', async () => {
    jest.useFakeTimers()
    const { chat, engine } = setup()
    await engine.call({ userID: PEER, type: 1 })
    chat.emit('rtc', { inviteID: 'call-test-0001', from: PEER, payload: { kind: 'offer', sdp: 'callee-offer' } })
    chat.emit('message', incoming(buildSignal.accept(ref)))
    for (let i = 0; i < 5; i++) await Promise.resolve()
    jest.advanceTimersByTime(1000)
    for (let i = 0; i < 10; i++) await Promise.resolve()
    expect(engine.getState().remoteUserInfoList[0]!.volume).toBe(30)
    expect(engine.getState().netWorkQualityList).toEqual([{ userId: ME, quality: 4 }, { userId: PEER, quality: 4 }])
    expect(engine.getState().callTips).toBe('Poor network')
    jest.useRealTimers()
    await engine.hangup()
  })
})

describe('WebRTC call engine, the end of a session', () => {
  it("a forced logout mid-call shows the 'kick out' tip and resets; while idle it does nothing", async () => {
    const { chat, engine, media, toasts } = setup()
    engine.kickOut()
    expect(toasts).toEqual([])
    await engine.call({ userID: PEER, type: 2 })
    chat.emit('rtc', { inviteID: 'call-test-0001', from: PEER, payload: { kind: 'offer', sdp: 'callee-offer' } })
    chat.emit('message', incoming(buildSignal.accept(ref)))
    await flush()
    await flush()
    expect(engine.getState().callStatus).toBe('connected')
    const sentBefore = chat.sent.length
    engine.kickOut()
    expect(toasts).toEqual(['kick out'])
    expect(engine.getState()).toMatchObject({ callStatus: 'idle', remoteUserInfoList: [] })
    const link = (media.createPeerLink as jest.Mock).mock.results[0]?.value as { close: jest.Mock }
    expect(link.close).toHaveBeenCalled()
    expect(chat.sent.length).toBe(sentBefore)
  })

  it('a chosen logout writes the closing record first: a cancel while dialing, a hangup with its duration once connected', async () => {
    const { chat, engine } = setup()
    await engine.call({ userID: PEER, type: 1 })
    await engine.leaveForLogout()
    expect(sentSignals(chat)[1]).toMatchObject({ actionType: 2 })
    expect(engine.getState().callStatus).toBe('idle')
    await engine.call({ userID: PEER, type: 1 })
    chat.emit('message', incoming(buildSignal.accept(ref)))
    await flush()
    await flush()
    await engine.leaveForLogout()
    expect(sentSignals(chat).at(-1)).toMatchObject({ actionType: 1, data: { data: { cmd: 'hangup' } } })
    expect(engine.getState().callStatus).toBe('idle')
  })

  it('a logout does not wait longer than its limit for a record the server never acknowledges', async () => {
    const { chat, engine } = setup()
    await engine.call({ userID: PEER, type: 1 })
    jest.spyOn(chat, 'sendMessage').mockImplementation(() => new Promise(() => undefined))
    const started = Date.now()
    await engine.leaveForLogout(50)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(engine.getState().callStatus).toBe('idle')
  })
})
