import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { CallSignalInput, GroupAttributesAnswer, GroupCallInfo } from '../../types/call.js'
import { newInviteID, sendSignal, signal, signalOf } from './support/calls.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'

/** Log out on all devices mid-call: the server closes the user's live calls in their name. */
describe.each(BACKENDS)('calls of a user logged out everywhere on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    ;[s] = env.servers as [TestServer]
  })

  const logoutAll = (u: TestUser) => s.api('/api/user/security/logoutAll', {}, { token: u.token })
  const forcedLogout = (c: ChatClient) => c.next((f) => f.type === -1)

  /** A one-to-one call from 甲 that 乙 has accepted, both connected. */
  async function connectedCall(cmd: 'videoCall' | 'audioCall') {
    const [a, b] = await Promise.all([registerUser(s, '甲'), registerUser(s, '乙')])
    const [ca, cb] = [chatClient(s, a.token), chatClient(s, b.token)]
    await Promise.all([ca.ready, cb.ready])
    const id = newInviteID()
    expect((await sendSignal(ca, b.wtId, signal(id, a.wtId, b.wtId, 1, { data: { cmd, inviter: a.wtId } }))).type).toBe('ack')
    expect((await sendSignal(cb, a.wtId, signal(id, a.wtId, b.wtId, 3))).type).toBe('ack')
    return { a, b, ca, cb, id }
  }

  it('a connected call ends with a hangup carrying its duration; the relay closes', async () => {
    const { a, b, ca, cb, id } = await connectedCall('videoCall')

    expect((await logoutAll(a!)).code).toBe(200)
    await forcedLogout(ca)
    const closing = signalOf(await cb.next((f) => signalOf(f)?.inviteID === id && signalOf(f)?.actionType === 1 && (signalOf(f)?.data as { call_end?: number }).call_end !== undefined))
    expect(closing).toMatchObject({ inviter: a!.wtId, data: { data: { cmd: 'hangup' } } })
    const message = (await s.api<{ messages: Array<{ from: string; payload: { data: string } }> }>('/api/im/messages/history', { conversationID: `C2C${a!.wtId}`, count: 10 }, { token: b!.token })).data.messages
    expect(message.at(-1)?.from).toBe(a!.wtId)

    cb.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: a!.wtId, payload: { kind: 'offer', sdp: 'late' } }))
    expect(await cb.next((f) => f.type === 'error')).toMatchObject({ code: 403 })
    cb.close()
  })

  it('a connected call the callee leaves ends with the caller\'s record', async () => {
    const { a, b, ca, id } = await connectedCall('audioCall')

    expect((await logoutAll(b!)).code).toBe(200)
    const closing = await ca.next((f) => signalOf(f)?.inviteID === id && (signalOf(f)?.data as { call_end?: number }).call_end !== undefined)
    expect(closing.message).toMatchObject({ from: a!.wtId, conversationID: `C2C${b!.wtId}` })
    ca.close()
  })

  it('a ringing call is cancelled when the caller leaves and rejected when the callee leaves', async () => {
    const [a, b, c] = await Promise.all([registerUser(s, '甲'), registerUser(s, '乙'), registerUser(s, '丙')])
    const [ca, cb, cc] = [chatClient(s, a!.token), chatClient(s, b!.token), chatClient(s, c!.token)]
    await Promise.all([ca.ready, cb.ready, cc.ready])
    const first = newInviteID()
    expect((await sendSignal(ca, b!.wtId, signal(first, a!.wtId, b!.wtId, 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')
    await logoutAll(a!)
    expect(signalOf(await cb.next((f) => signalOf(f)?.inviteID === first && signalOf(f)?.actionType === 2))).toMatchObject({ inviter: a!.wtId })

    const second = newInviteID()
    expect((await sendSignal(cc, b!.wtId, signal(second, c!.wtId, b!.wtId, 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')
    await cb.next((f) => signalOf(f)?.inviteID === second)
    await logoutAll(b!)
    expect(signalOf(await cc.next((f) => signalOf(f)?.inviteID === second && signalOf(f)?.actionType === 4))).toMatchObject({ inviteeList: [b!.wtId] })
    // B is no longer busy: C may call B again at once, and the server does not answer line_busy.
    const third = newInviteID()
    expect((await sendSignal(cc, b!.wtId, signal(third, c!.wtId, b!.wtId, 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')
    await new Promise((r) => setTimeout(r, 300))
    expect(cc.events().some((f) => signalOf(f)?.inviteID === third && signalOf(f)?.actionType === 4)).toBe(false)
    cc.close()
  })

  it('a group call drops the member who left and a ringing invitee; the others stay in the call', async () => {
    const [a, b, c, d] = await Promise.all(['甲', '乙', '丙', '丁'].map((n) => registerUser(s, n)))
    const g = await makeGroup(s, a!, [], [b!, c!, d!])
    const [ca, cb, cc, cd] = [a!, b!, c!, d!].map((u) => chatClient(s, u.token))
    await Promise.all([ca!.ready, cb!.ready, cc!.ready, cd!.ready])
    const id = newInviteID()
    const groupSignal = (inviteeList: string[], actionType: 1 | 3, data: Partial<CallSignalInput['data']> = {}): CallSignalInput => ({
      businessID: 1, inviteID: id, actionType, inviter: a!.wtId, inviteeList, groupID: g.groupID, timeout: 30, data: { version: 4, call_type: 1, ...data },
    })
    const sendIn = (client: ChatClient, x: CallSignalInput) =>
      client.send({ clientMsgId: randomUUID(), conversationID: `GROUP${g.groupID}`, type: 'TIMCustomElem', payload: { data: JSON.stringify(x), description: '', extension: '' } })
    expect((await sendIn(ca!, groupSignal([b!.wtId, c!.wtId, d!.wtId], 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')
    expect((await sendIn(cb!, groupSignal([b!.wtId], 3))).type).toBe('ack')
    expect((await sendIn(cc!, groupSignal([c!.wtId], 3))).type).toBe('ack')

    await logoutAll(b!)
    const leave = signalOf(await ca!.next((f) => signalOf(f)?.inviteID === id && (signalOf(f)?.data as { data?: { cmd?: string } }).data?.cmd === 'hangup'))
    expect(leave).toMatchObject({ groupID: g.groupID })
    await logoutAll(d!)
    expect(signalOf(await ca!.next((f) => signalOf(f)?.inviteID === id && signalOf(f)?.actionType === 4))).toMatchObject({ inviteeList: [d!.wtId] })

    const r = await s.api<GroupAttributesAnswer>('/api/media/getGroupAttributes', { groupID: g.groupID }, { token: c!.token })
    const info = JSON.parse(r.data.inner_attr_kit_info) as GroupCallInfo
    expect(info.user_list.map((u) => u.userid).sort()).toEqual([a!.wtId, c!.wtId].sort())
    ca!.close()
    cc!.close()
  })
})
