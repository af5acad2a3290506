import { CallKit, CallKitArgumentError } from '@/services/call/callKit'
import { fakeCallEngine, flush } from '../helpers/fakeCallEngine'

const PEER = '10000002'

describe('AI voice (noise suppression of the sent microphone)', () => {
  it('off by default: a call sends the microphone as captured', async () => {
    const { engine, media } = fakeCallEngine()
    await engine.call({ userID: PEER, type: 1 })
    await flush()
    expect(media.setNoiseSuppression).not.toHaveBeenCalled()
    await engine.hangup()
  })

  it('on: every call starts with the processed microphone, and the choice survives the reset', async () => {
    const { engine, media } = fakeCallEngine()
    await engine.setAIVoice(true)
    // Nothing to process while idle; the choice is kept.
    expect(media.setNoiseSuppression).not.toHaveBeenCalled()
    expect(engine.getState().enableAIVoice).toBe(true)
    await engine.call({ userID: PEER, type: 1 })
    await flush()
    expect(media.setNoiseSuppression).toHaveBeenLastCalledWith(media.streams[0], true)
    await engine.hangup()
    expect(engine.getState().enableAIVoice).toBe(true)
    await engine.call({ userID: PEER, type: 2 })
    await flush()
    expect(media.setNoiseSuppression).toHaveBeenLastCalledWith(media.streams[1], true)
    await engine.hangup()
  })

  it('toggling mid-call swaps the sent microphone both ways', async () => {
    const { engine, media } = fakeCallEngine()
    await engine.call({ userID: PEER, type: 1 })
    await flush()
    await engine.setAIVoice(true)
    expect(media.setNoiseSuppression).toHaveBeenLastCalledWith(media.streams[0], true)
    await engine.setAIVoice(false)
    expect(media.setNoiseSuppression).toHaveBeenLastCalledWith(media.streams[0], false)
    expect(engine.getState().enableAIVoice).toBe(false)
    await engine.hangup()
    await engine.call({ userID: PEER, type: 1 })
    await flush()
    expect(media.setNoiseSuppression).toHaveBeenCalledTimes(2)
    await engine.hangup()
  })

  it('a suppression that cannot start leaves the plain microphone with a warning; the call goes on and the next one tries again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const { engine, media } = fakeCallEngine()
      jest.mocked(media.setNoiseSuppression).mockRejectedValueOnce(new Error('worklet did not load'))
      await engine.setAIVoice(true)
      await engine.call({ userID: PEER, type: 1 })
      await flush()
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('noise suppression unavailable'), expect.any(Error))
      expect(engine.getState()).toMatchObject({ callStatus: 'calling', enableAIVoice: true })
      await engine.hangup()
      await engine.call({ userID: PEER, type: 1 })
      await flush()
      expect(media.setNoiseSuppression).toHaveBeenCalledTimes(2)
      await engine.hangup()
    } finally {
      warn.mockRestore()
    }
  })

  it('enableAIVoice checks its argument and drives the engine', async () => {
    const { engine, media } = fakeCallEngine()
    const kit = new CallKit({ engine, login: async () => ({ nick: '甲', avatar: '' }), isPlayableAudio: async () => true, warn: jest.fn() })
    expect(() => kit.enableAIVoice('yes' as unknown as boolean)).toThrow(new CallKitArgumentError('API<enableAIVoice>: enable must be Boolean, current enable is String.'))
    await kit.enableAIVoice(true)
    expect(engine.getState().enableAIVoice).toBe(true)
    await engine.call({ userID: PEER, type: 1 })
    await flush()
    await kit.enableAIVoice(false)
    expect(media.setNoiseSuppression).toHaveBeenLastCalledWith(media.streams[0], false)
    await engine.hangup()
  })
})
