import { reduce, resetState } from '@/engines/call/machine'
import { CallStatus, CallRole, LayoutState, blankUser, formatDuration, initialCallState, layoutOf, type CallState } from '@/engines/call/state'

const remote = blankUser('20000002', { nick: '乙' })
const dial = (s: CallState, mediaType: 1 | 2 = 2) => reduce(s, { type: 'dial', inviteID: 'call-12345678', mediaType, remotes: [remote], isGroup: false, groupID: '' })
const self = () => reduce(initialCallState(), { type: 'selfInfo', userId: '10000001', nick: '甲', avatar: 'a.png' })

describe('call state machine', () => {
  it('caller: idle → calling (dialing) → connected (calling-c2c-video) → idle', () => {
    let s = dial(self())
    expect(s).toMatchObject({ callStatus: CallStatus.Calling, callRole: CallRole.Caller, callMediaType: 2 })
    expect(layoutOf(s)).toBe(LayoutState.DialingC2C)
    s = reduce(s, { type: 'connected', at: 1000 })
    expect(layoutOf(s)).toBe(LayoutState.CallingC2CVideo)
    // The remote user takes the big screen in a one-to-one video call.
    expect(s.bigScreenUserId).toBe(remote.userId)
    s = reduce(s, { type: 'tick', now: 66_000 })
    expect(s.callDuration).toBe('00:01:05')
    s = reduce(s, { type: 'reset' })
    expect(layoutOf(s)).toBe(LayoutState.Idle)
  })

  it('callee: an invitation gives be-invited; accept loading, then connected', () => {
    let s = reduce(self(), { type: 'invited', inviteID: 'call-12345678', mediaType: 1, caller: remote, others: [], isGroup: false, groupID: '' })
    expect(layoutOf(s)).toBe(LayoutState.BeInvited)
    expect(s.callerUserInfo?.userId).toBe(remote.userId)
    s = reduce(s, { type: 'acceptStarted' })
    expect(s.accepting).toBe(true)
    s = reduce(s, { type: 'connected', at: 0 })
    expect(s.accepting).toBe(false)
    expect(layoutOf(s)).toBe(LayoutState.CallingC2CAudio)
    expect(s.localUserInfo).toMatchObject({ isAudioAvailable: true, isVideoAvailable: false })
  })

  it('derives every layout state', () => {
    const base = { callRole: CallRole.Caller, callMediaType: 2 as const }
    expect(layoutOf({ ...base, callStatus: CallStatus.Calling, isGroup: true })).toBe(LayoutState.DialingGroup)
    expect(layoutOf({ ...base, callStatus: CallStatus.Connected, isGroup: true })).toBe(LayoutState.CallingGroupVideo)
    expect(layoutOf({ ...base, callMediaType: 1, callStatus: CallStatus.Connected, isGroup: true })).toBe(LayoutState.CallingGroupAudio)
    expect(layoutOf({ ...base, callStatus: CallStatus.Idle, isGroup: false })).toBe(LayoutState.Idle)
  })

  it('ignores a dial or an invitation unless idle, and a connect unless calling', () => {
    const calling = dial(self())
    expect(dial(calling, 1)).toBe(calling)
    expect(reduce(calling, { type: 'invited', inviteID: 'x-12345678', mediaType: 1, caller: remote, others: [], isGroup: false, groupID: '' })).toBe(calling)
    expect(reduce(self(), { type: 'connected', at: 1 })).toEqual(self())
  })

  it('reset keeps language, group flag, display mode, resolution, float flag, self and blur; clears the rest', () => {
    let s = dial(self())
    s = reduce(s, { type: 'settings', patch: { language: 'ja_JP', displayMode: 'contain', videoResolution: '1080p', enableFloatWindow: false, enableVirtualBackground: true } })
    s = reduce(s, { type: 'cameraPosition', position: 'back' })
    s = reduce(s, { type: 'connected', at: 0 })
    const r = resetState(s)
    expect(r).toMatchObject({ callStatus: 'idle', callRole: 'unknown', callMediaType: 0, language: 'ja_JP', displayMode: 'contain', videoResolution: '1080p', enableFloatWindow: false, enableVirtualBackground: true, isGroup: false })
    expect(r.remoteUserInfoList).toEqual([])
    expect(r.cameraPosition).toBe('front')
    expect(r.localUserInfo).toMatchObject({ userId: '10000001', nick: '甲', avatar: 'a.png', isAudioAvailable: false, isVideoAvailable: false })
    expect(r.callDuration).toBe('00:00:00')
  })

  it('media flags, remote leave, minimise (only when floating is on) and big-screen toggle', () => {
    let s = reduce(dial(self()), { type: 'connected', at: 0 })
    s = reduce(s, { type: 'localMedia', audio: false })
    expect(s.localUserInfo.isAudioAvailable).toBe(false)
    s = reduce(s, { type: 'remoteMedia', userId: remote.userId, audio: true, video: false })
    expect(s.remoteUserInfoList[0]).toMatchObject({ isAudioAvailable: true, isVideoAvailable: false })
    s = reduce(s, { type: 'toggleBigScreen' })
    expect(s.bigScreenUserId).toBe('10000001')
    s = reduce(s, { type: 'toggleMinimize' })
    expect(s.isMinimized).toBe(true)
    const noFloat = reduce(reduce(s, { type: 'toggleMinimize' }), { type: 'settings', patch: { enableFloatWindow: false } })
    expect(reduce(noFloat, { type: 'toggleMinimize' }).isMinimized).toBe(false)
    s = reduce(s, { type: 'switchedToAudio' })
    expect(s.callMediaType).toBe(1)
    s = reduce(s, { type: 'remoteLeft', userId: remote.userId })
    expect(s.remoteUserInfoList).toEqual([])
  })

  it('formats durations as HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00')
    expect(formatDuration(3723.9)).toBe('01:02:03')
  })
})
