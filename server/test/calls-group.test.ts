import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { CallSignalInput, GroupAttributesAnswer, GroupCallInfo } from '../../types/call.js'
import type { Conversation, Message } from '../../types/chat.js'
import { newInviteID, signalOf } from './support/calls.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'

function groupSignal(inviteID: string, groupID: string, inviter: string, invitees: string[], actionType: 1 | 2 | 3 | 4 | 5, data: Partial<CallSignalInput['data']> = {}): CallSignalInput {
  return { businessID: 1, inviteID, actionType, inviter, inviteeList: invitees, groupID, timeout: 30, data: { version: 4, call_type: 1, ...data } }
}

const sendIn = (client: ChatClient, groupID: string, s: CallSignalInput) =>
  client.send({ clientMsgId: randomUUID(), conversationID: `GROUP${groupID}`, type: 'TIMCustomElem', payload: { data: JSON.stringify(s), description: '', extension: '' } })

describe.each(BACKENDS)('group calls on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(backend, 1, (env) => {
    ;[s] = env.servers as [TestServer]
    storage = env.storage
  })

  async function attribute(user: TestUser, groupID: string): Promise<GroupCallInfo | null> {
    const r = await s.api<GroupAttributesAnswer>('/api/media/getGroupAttributes', { groupID }, { token: user.token })
    expect(r.code).toBe(200)
    return r.data.inner_attr_kit_info ? (JSON.parse(r.data.inner_attr_kit_info) as GroupCallInfo) : null
  }
  const ids = (info: GroupCallInfo | null) => (info?.user_list ?? []).map((u) => u.userid).sort()

  it('keeps inner_attr_kit_info from invite, accept, join, reject and leave, and ends with the last pair', async () => {
    const [a, b, c, d, e] = await Promise.all(['甲', '乙', '丙', '丁', '戊'].map((n) => registerUser(s, n)))
    const g = await makeGroup(s, a!, [], [b!, c!, d!, e!])
    const [ca, cb, cc, cd] = [a!, b!, c!, d!].map((u) => chatClient(s, u.token))
    await Promise.all([ca!.ready, cb!.ready, cc!.ready, cd!.ready])
    expect(await attribute(a!, g.groupID)).toBeNull()

    const id = newInviteID()
    expect((await sendIn(ca!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId, c!.wtId], 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')
    const invite = await cb!.next((f) => signalOf(f)?.inviteID === id)
    expect(signalOf(invite)).toMatchObject({ groupID: g.groupID, inviteeList: [b!.wtId, c!.wtId] })
    const info = await attribute(b!, g.groupID)
    expect(info).toMatchObject({ group_id: g.groupID, room_id: id, room_id_type: 2, call_media_type: 1, user_list: [{ userid: a!.wtId }] })

    // A second call in the same group is refused while this one lives.
    const other = await sendIn(cd!, g.groupID, groupSignal(newInviteID(), g.groupID, d!.wtId, [e!.wtId], 1))
    expect(other).toMatchObject({ type: 'nack', code: 400, msg: 'A group call already exists in the current group' })

    expect((await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 3))).type).toBe('ack')
    expect((await sendIn(cc!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 4))).type).toBe('ack')
    expect(ids(await attribute(a!, g.groupID))).toEqual([a!.wtId, b!.wtId].sort())

    // d was not invited and joins from the banner: an accept naming the call.
    expect((await sendIn(cd!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [d!.wtId], 3))).type).toBe('ack')
    expect(ids(await attribute(c!, g.groupID))).toEqual([a!.wtId, b!.wtId, d!.wtId].sort())
    // In the order people joined: a joiner offers media only to those before it.
    expect((await attribute(c!, g.groupID))!.user_list.map((u) => u.userid)).toEqual([a!.wtId, b!.wtId, d!.wtId])

    // Negotiation flows between people in the call, and not to someone who rejected.
    cd!.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: b!.wtId, payload: { kind: 'offer', sdp: 'v=0 d' } }))
    expect(await cb!.next((f) => f.type === 'rtc')).toMatchObject({ from: d!.wtId })
    cd!.probe.ws.send(JSON.stringify({ type: 'rtc', inviteID: id, to: c!.wtId, payload: { kind: 'offer', sdp: 'v=0 d' } }))
    expect(await cd!.next((f) => f.type === 'error')).toMatchObject({ code: 403 })

    // The inviteUser step: an invite naming the live call.
    expect((await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [e!.wtId], 1, { data: { cmd: 'audioCall' } }))).type).toBe('ack')
    expect((await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [e!.wtId], 1, { data: { cmd: 'audioCall' } }))).type).toBe('nack')

    // Leaving removes the user; the caller's timeout clears e; the last pair ends the call.
    await sendIn(ca!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 1, { call_end: 4, data: { cmd: 'hangup' } }))
    expect(ids(await attribute(b!, g.groupID))).toEqual([b!.wtId, d!.wtId].sort())
    await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [e!.wtId], 5))
    await sendIn(cd!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 1, { call_end: 5, data: { cmd: 'hangup' } }))
    expect(await attribute(b!, g.groupID)).toBeNull()

    // Then a new call may start.
    expect((await sendIn(cd!, g.groupID, groupSignal(newInviteID(), g.groupID, d!.wtId, [e!.wtId], 1))).type).toBe('ack')
    for (const c of [ca, cb, cc, cd]) c!.close()
  })

  it('leaves one summary of a three-person call in the group, the only call step counted unread; members cannot write one', async () => {
    const [a, b, c] = await Promise.all(['赵四', '钱五', '赵六'].map((n) => registerUser(s, n)))
    const g = await makeGroup(s, a!, [], [b!, c!])
    const [ca, cb, cc] = [a!, b!, c!].map((u) => chatClient(s, u.token))
    await Promise.all([ca!.ready, cb!.ready, cc!.ready])
    const id = newInviteID()
    const conv = `GROUP${g.groupID}`
    await sendIn(ca!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId, c!.wtId], 1, { data: { cmd: 'audioCall' } }))
    await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 3))
    await sendIn(cc!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 3))
    const forged = await sendIn(cc!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 1, { call_end: 9, group_end: 1, data: { cmd: 'hangup' } }))
    expect(forged).toMatchObject({ type: 'nack', code: 400 })
    // The call has been connected for a minute on the server's clock; the members claim 3 seconds.
    await storage.db.query(`UPDATE call_sessions SET accepted_at = accepted_at - interval '65 seconds' WHERE invite_id = $1`, [id])
    await sendIn(ca!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [b!.wtId], 1, { call_end: 3, data: { cmd: 'hangup' } }))
    await sendIn(cb!, g.groupID, groupSignal(id, g.groupID, a!.wtId, [c!.wtId], 1, { call_end: 3, data: { cmd: 'hangup' } }))
    const summary = await cc!.next((f) => (signalOf(f)?.data as { group_end?: number } | undefined)?.group_end === 1)
    expect(signalOf(summary)).toMatchObject({ inviteID: id, groupID: g.groupID, inviter: a!.wtId, data: { data: { cmd: 'hangup' } } })

    const history = (await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: conv, count: 50 }, { token: c!.token })).data.messages
    const steps = history.filter((m) => m.type === 'TIMCustomElem').map((m) => JSON.parse(String(m.payload.data)) as { data: { group_end?: number; call_end?: number } })
    expect(steps.filter((x) => x.data.group_end === 1)).toHaveLength(1)
    // Its length is the server's, from the first answer to the last hang up, as a one-to-one record's is.
    const seconds = steps.find((x) => x.data.group_end === 1)!.data.call_end!
    expect(seconds).toBeGreaterThanOrEqual(65)
    expect(seconds).toBeLessThanOrEqual(66)
    // c saw nothing of the call but its summary: one unread (the two accepts and hang-ups are not cards).
    const unread = (await s.api<Conversation[]>('/api/im/conversations', undefined, { token: c!.token })).data.find((x) => x.conversationID === conv)?.unreadCount
    expect(unread).toBe(1)
    for (const x of [ca, cb, cc]) x!.close()
  })

  it('refuses the tenth person, non-members and more than 8 invitees; a busy member answers line_busy', async () => {
    const users = await Promise.all(Array.from({ length: 11 }, (_, i) => registerUser(s, `用户${i}`)))
    const [owner, ...rest] = users as [TestUser, ...TestUser[]]
    const outsider = await registerUser(s, '外人')
    const g = await makeGroup(s, owner, [], rest)
    const clients = users.map((u) => chatClient(s, u.token))
    await Promise.all(clients.map((c) => c.ready))
    const id = newInviteID()
    const tooMany = await sendIn(clients[0]!, g.groupID, groupSignal(id, g.groupID, owner.wtId, rest.slice(0, 9).map((u) => u.wtId), 1))
    expect(tooMany).toMatchObject({ type: 'nack' })
    const stranger = await sendIn(clients[0]!, g.groupID, groupSignal(id, g.groupID, owner.wtId, [outsider.wtId], 1))
    expect(stranger).toMatchObject({ type: 'nack', msg: 'inviteeList: 只能邀请群成员' })

    expect((await sendIn(clients[0]!, g.groupID, groupSignal(id, g.groupID, owner.wtId, rest.slice(0, 8).map((u) => u.wtId), 1))).type).toBe('ack')
    for (let i = 1; i <= 8; i++) expect((await sendIn(clients[i]!, g.groupID, groupSignal(id, g.groupID, owner.wtId, [users[i]!.wtId], 3))).type).toBe('ack')
    expect((await attribute(owner, g.groupID))?.user_list).toHaveLength(9)

    const tenth = await sendIn(clients[9]!, g.groupID, groupSignal(id, g.groupID, owner.wtId, [users[9]!.wtId], 3))
    expect(tenth).toMatchObject({ type: 'nack', code: 400, msg: 'Supports a maximum of 9 people for simultaneous calls' })
    expect((await sendIn(clients[1]!, g.groupID, groupSignal(id, g.groupID, owner.wtId, [users[10]!.wtId], 1))).msg).toBe('Supports a maximum of 9 people for simultaneous calls')
    expect((await attribute(owner, g.groupID))?.user_list).toHaveLength(9)

    // A member in this call invited to a one-to-one call is busy.
    const direct = newInviteID()
    await clients[9]!.send({
      clientMsgId: randomUUID(),
      conversationID: `C2C${users[2]!.wtId}`,
      type: 'TIMCustomElem',
      payload: { data: JSON.stringify({ ...groupSignal(direct, '', users[9]!.wtId, [users[2]!.wtId], 1) }) },
    })
    const busy = await clients[9]!.next((f) => signalOf(f)?.inviteID === direct && signalOf(f)?.actionType === 4)
    expect(signalOf(busy)).toMatchObject({ data: { line_busy: 'line_busy' } })

    const outsiderAsks = await s.api('/api/media/getGroupAttributes', { groupID: g.groupID }, { token: outsider.token })
    expect(outsiderAsks.code).toBe(403)
    expect((await s.api('/api/media/getGroupAttributes', { groupID: 'nope' }, { token: owner.token })).code).toBe(400)
    for (const c of clients) c.close()
  })
})
