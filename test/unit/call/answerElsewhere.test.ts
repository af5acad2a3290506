import { buildSignal, type CallRef } from '@/engines/call/signaling'
import { panelButtons } from '@/components/call/buttons'
import { callMessage, fakeCallEngine, flush, sentSignals } from '../helpers/fakeCallEngine'

const ME = '10000001'
const PEER = '10000002'
const invite = (inviter: string, invitee: string) =>
  buildSignal.invite({ inviteID: 'call-ring-0001', inviter, inviteeList: [invitee], groupID: '', timeout: 30, mediaType: 2 } satisfies CallRef)

describe('a device that cannot carry the call (the mini-program without TRTC)', () => {
  function calleeWithoutMedia() {
    const t = fakeCallEngine()
    t.media.supportsWebRtc = () => false
    const toasts: string[] = []
    t.engine.on('toast', (x) => toasts.push(x.key))
    return { ...t, toasts }
  }

  it('rings with the caller on screen, offers only 拒绝 with the tip, and tells the caller at once', async () => {
    const { chat, engine, media } = calleeWithoutMedia()
    chat.emit('message', callMessage(invite(PEER, ME), PEER, `C2C${PEER}`, { nick: '乙', avatar: '/a.png' }))
    await flush()
    const s = engine.getState()
    expect(s).toMatchObject({ callStatus: 'calling', callRole: 'callee', answerElsewhere: true, callTips: 'Answer on another device' })
    expect(s.callerUserInfo).toMatchObject({ userId: PEER, nick: '乙', avatar: '/a.png' })
    expect(panelButtons(s, true).map((b) => b.name)).toEqual(['reject'])
    expect(media.getLocalStream).not.toHaveBeenCalled()
    expect(chat.rtcSent).toEqual([{ inviteID: 'call-ring-0001', to: PEER, payload: { kind: 'cannotAnswer', reason: 'noMediaPath' } }])
    await engine.accept()
    expect(engine.getState().callStatus).toBe('calling')
    await engine.reject()
    expect(sentSignals(chat).map((x) => x.actionType)).toEqual([4])
    expect(engine.getState()).toMatchObject({ callStatus: 'idle', answerElsewhere: false })
  })

  it('stops ringing when another device of the same person answers', async () => {
    const { chat, engine } = calleeWithoutMedia()
    chat.emit('message', callMessage(invite(PEER, ME), PEER))
    await flush()
    const accept = buildSignal.accept({ inviteID: 'call-ring-0001', inviter: PEER, inviteeList: [ME], groupID: '', timeout: 30, mediaType: 2 })
    chat.emit('message', callMessage(accept, ME, `C2C${PEER}`))
    await flush()
    expect(engine.getState().callStatus).toBe('idle')
  })

  it("the caller is told at once, and keeps ringing the callee's other devices", async () => {
    const { chat, engine } = fakeCallEngine()
    const toasts: string[] = []
    engine.on('toast', (x) => toasts.push(x.key))
    await engine.call({ userID: PEER, type: 2 })
    await flush()
    const inviteID = String(sentSignals(chat)[0]!.inviteID)
    chat.emit('rtc', { inviteID, from: PEER, payload: { kind: 'cannotAnswer', reason: 'noMediaPath' } })
    await flush()
    expect(engine.getState()).toMatchObject({ callStatus: 'calling', callTips: 'Callee cannot answer here' })
    expect(toasts).toEqual(['Callee cannot answer here'])
    await engine.hangup()
  })
})
