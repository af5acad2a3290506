import { CallSignal } from '@shared/call'
import type { CallEngineEvents } from '@/engines/call/CallEngine'
import { TypedEmitter } from '@/engines/chat/emitter'
import { buildSignal, pushInfoFor, type CallRef } from '@/engines/call/signaling'
import { bindCallNotifications } from '@/services/call/callNotification'
import { callMessage, fakeCallEngine, flush, sentSignals } from '../helpers/fakeCallEngine'

const ME = '10000001'
const PEER = '10000002'
const GROUP = 'G100'

describe('offline push info of an invitation', () => {
  it('defaults to the inviter name and "你有一个新的通话邀请", keeps what is given, and is cut to 64 and 256', () => {
    expect(pushInfoFor('甲')).toEqual({ title: '甲', description: '你有一个新的通话邀请' })
    expect(pushInfoFor('甲', { title: '', description: '' })).toEqual({ title: '甲', description: '你有一个新的通话邀请' })
    expect(pushInfoFor('甲', { title: '周会' })).toEqual({ title: '周会', description: '你有一个新的通话邀请' })
    expect(pushInfoFor('x'.repeat(80), { description: 'y'.repeat(300) })).toEqual({ title: 'x'.repeat(64), description: 'y'.repeat(256) })
  })

  it('rides only on the invite, and a reader refuses a title over 64 characters', () => {
    const ref: CallRef = { inviteID: 'call-test-0001', inviter: ME, inviteeList: [PEER], groupID: '', timeout: 30, mediaType: 1, offlinePushInfo: { title: '甲', description: '你有一个新的通话邀请' } }
    expect(buildSignal.invite(ref).offlinePushInfo).toEqual({ title: '甲', description: '你有一个新的通话邀请' })
    expect(buildSignal.accept(ref)).not.toHaveProperty('offlinePushInfo')
    expect(buildSignal.hangup(ref, 3)).not.toHaveProperty('offlinePushInfo')
    const long = CallSignal.safeParse({ ...buildSignal.invite(ref), offlinePushInfo: { title: 'x'.repeat(65), description: '' } })
    expect(long.success).toBe(false)
    expect(long.error?.issues[0]?.path).toEqual(['offlinePushInfo', 'title'])
  })

  it('a one-to-one call invites with the defaults: the caller nickname and "你有一个新的通话邀请"', async () => {
    const { chat, engine } = fakeCallEngine({ userId: ME, nick: '甲', avatar: '' })
    await engine.call({ userID: PEER, type: 1 })
    expect(sentSignals(chat)[0]).toMatchObject({ actionType: 1, offlinePushInfo: { title: '甲', description: '你有一个新的通话邀请' } })
    await engine.hangup()
    // setSelfInfo's nickname is the one used from then on.
    engine.configure({ type: 'selfInfo', nick: '甲乙' })
    await engine.call({ userID: PEER, type: 1 })
    expect(sentSignals(chat).at(-1)).toMatchObject({ actionType: 1, offlinePushInfo: { title: '甲乙' } })
    await engine.hangup()
  })

  it('a group call invites with the given push info, and invites more people with it too', async () => {
    const { chat, engine } = fakeCallEngine()
    await engine.groupCall({ userIDList: ['10000003'], type: 1, groupID: GROUP, offlinePushInfo: { title: '周会', description: '快来开会' } })
    expect(sentSignals(chat)[0]).toMatchObject({ actionType: 1, groupID: GROUP, offlinePushInfo: { title: '周会', description: '快来开会' } })
    const ref = sentSignals(chat)[0] as unknown as CallSignal
    chat.emit('message', callMessage(buildSignal.accept({ ...ref, mediaType: 1, inviteeList: ['10000003'] }), '10000003', `GROUP${GROUP}`))
    await flush()
    await engine.inviteUser(['10000004'])
    expect(sentSignals(chat).at(-1)).toMatchObject({ actionType: 1, inviteeList: ['10000004'], offlinePushInfo: { title: '周会', description: '快来开会' } })
    await engine.hangup()
  })

  it('the callee hears of the invitation with its push info; an invite without it names the caller', async () => {
    const { chat, engine } = fakeCallEngine()
    const invited: Array<CallEngineEvents['invited']> = []
    engine.on('invited', (e) => invited.push(e))
    const ref: CallRef = { inviteID: 'call-in-0001', inviter: PEER, inviteeList: [ME], groupID: '', timeout: 30, mediaType: 2 }
    chat.emit('message', callMessage(buildSignal.invite({ ...ref, offlinePushInfo: { title: '李四的视频', description: '接一下' } }), PEER))
    await flush()
    expect(invited).toEqual([{ inviteID: 'call-in-0001', offlinePushInfo: { title: '李四的视频', description: '接一下' } }])
    await engine.reject()
    chat.emit('message', callMessage(buildSignal.invite({ ...ref, inviteID: 'call-in-0002' }), PEER, `C2C${PEER}`, { nick: '李四' }))
    await flush()
    expect(invited[1]).toEqual({ inviteID: 'call-in-0002', offlinePushInfo: { title: '李四', description: '你有一个新的通话邀请' } })
    await engine.reject()
  })
})

describe('the desktop notification of an invitation', () => {
  function setup(hidden: boolean, allowed = true) {
    const engine = new TypedEmitter<CallEngineEvents>()
    const notices: Array<{ title: string; body: string; tag?: string; close: jest.Mock }> = []
    const page = { hidden }
    const unbind = bindCallNotifications(engine, {
      notifications: {
        show: (title, body, options) => {
          const notice = { title, body, tag: options?.tag, close: jest.fn() }
          notices.push(notice)
          return notice
        },
      },
      visibility: { isHidden: () => page.hidden },
      allowed: () => allowed,
    })
    const invite = (inviteID = 'call-1') => engine.emit('invited', { inviteID, offlinePushInfo: { title: '甲', description: '你有一个新的通话邀请' } })
    const status = (newStatus: CallEngineEvents['statusChanged']['newStatus']) => engine.emit('statusChanged', { oldStatus: 'be-invited', newStatus })
    return { notices, page, invite, status, unbind }
  }

  it('shows once per invitation while the page is hidden, tagged with the inviteID, and closes when the ringing stops', () => {
    const { notices, invite, status } = setup(true)
    invite()
    invite()
    expect(notices.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([{ title: '甲', body: '你有一个新的通话邀请', tag: 'call-1' }])
    status('calling-c2c-audio')
    expect(notices[0]!.close).toHaveBeenCalledTimes(1)
    invite('call-2')
    status('idle')
    expect(notices.map((n) => n.tag)).toEqual(['call-1', 'call-2'])
    expect(notices[1]!.close).toHaveBeenCalledTimes(1)
  })

  it('shows nothing while the page is in front, or when notifications are turned off', () => {
    const front = setup(false)
    front.invite()
    expect(front.notices).toHaveLength(0)
    const off = setup(true, false)
    off.invite()
    expect(off.notices).toHaveLength(0)
  })

  it('unbinding closes a notification still up', () => {
    const { notices, invite, unbind } = setup(true)
    invite()
    unbind()
    expect(notices[0]!.close).toHaveBeenCalledTimes(1)
    invite('call-9')
    expect(notices).toHaveLength(1)
  })
})
