import { networkQuality, volumeOf } from '@/engines/call/quality'
import { reduce } from '@/engines/call/machine'
import { blankUser, initialCallState, type CallState } from '@/engines/call/state'

const connected = (isGroup: boolean): CallState => {
  let s = reduce({ ...initialCallState(), localUserInfo: blankUser('me') }, { type: 'dial', inviteID: 'call-x-0001', mediaType: 1, remotes: [blankUser('peer')], isGroup, groupID: isGroup ? 'G1' : '' })
  s = reduce(s, { type: 'connected', at: 0 })
  return s
}

describe('network quality and volume', () => {
  it('grades links from round trip and losses; no link is down, nothing measured is unknown', () => {
    expect(networkQuality(null)).toBe(6)
    expect(networkQuality({ rttMs: 0, packetsLost: 0, packetsReceived: 0 })).toBe(0)
    expect(networkQuality({ rttMs: 20, packetsLost: 0, packetsReceived: 1000 })).toBe(1)
    expect(networkQuality({ rttMs: 150, packetsLost: 0, packetsReceived: 1000 })).toBe(2)
    expect(networkQuality({ rttMs: 20, packetsLost: 60, packetsReceived: 940 })).toBe(3)
    expect(networkQuality({ rttMs: 500, packetsLost: 0, packetsReceived: 1000 })).toBe(4)
    expect(networkQuality({ rttMs: 20, packetsLost: 300, packetsReceived: 700 })).toBe(5)
  })

  it('turns audio levels into volumes 0..100', () => {
    expect(volumeOf(0.253)).toBe(25)
    expect(volumeOf(2)).toBe(100)
    expect(volumeOf(-1)).toBe(0)
  })

  it('shows the poor-network tip at local quality 4 or worse in a one-to-one call only, and clears it', () => {
    const levels = (quality: number) => ({ type: 'levels' as const, volumes: { peer: 30, me: 5 }, network: [{ userId: 'me', quality }, { userId: 'peer', quality }], poorTip: 'Poor network' })
    let s = reduce(connected(false), levels(4))
    expect(s.callTips).toBe('Poor network')
    expect(s.remoteUserInfoList[0]!.volume).toBe(30)
    expect(s.localUserInfo.volume).toBe(5)
    expect(s.netWorkQualityList).toEqual([{ userId: 'me', quality: 4 }, { userId: 'peer', quality: 4 }])
    s = reduce(s, levels(3))
    expect(s.callTips).toBe('')
    expect(reduce(connected(true), levels(5)).callTips).toBe('')
  })
})
