import type { CallEngineDeps } from '@/engines/call/CallEngine'
import { chooseCallEngine } from '@/engines'
import { loadTrtcCallEngine } from '@/engines/call/trtc/loadEngine'
import { loadWebRtcCallEngine } from '@/engines/call/webrtc/loadEngine'

jest.mock('@/engines/call/trtc/loadEngine', () => ({ loadTrtcCallEngine: jest.fn(async () => () => 'trtc') }))
jest.mock('@/engines/call/webrtc/loadEngine', () => ({ loadWebRtcCallEngine: jest.fn(async () => () => 'webrtc') }))

const deps = (trtc?: CallEngineDeps['trtc']) => ({ trtc }) as CallEngineDeps

describe('the call engine chosen at its first use', () => {
  it('TRTC when the server holds a TRTC application', async () => {
    await chooseCallEngine(deps({ enabled: async () => true, userSig: jest.fn() }))()
    expect(loadTrtcCallEngine).toHaveBeenCalledTimes(1)
    expect(loadWebRtcCallEngine).not.toHaveBeenCalled()
  })

  it('the self-hosted WebRTC engine without one, when the look-up fails, and without TRTC access', async () => {
    await chooseCallEngine(deps({ enabled: async () => false, userSig: jest.fn() }))()
    await chooseCallEngine(deps({ enabled: () => Promise.reject(new Error('offline')), userSig: jest.fn() }))()
    await chooseCallEngine(deps())()
    expect(loadWebRtcCallEngine).toHaveBeenCalledTimes(3)
    expect(loadTrtcCallEngine).not.toHaveBeenCalled()
  })
})
