import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Message } from '../../types/chat.js'
import { newInviteID, sendSignal, signal, signalOf } from './support/calls.js'
import { chatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { registerUser } from './support/users.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'

describe.each(BACKENDS)('offline push info of call invitations on %s', (backend) => {
  let s: TestServer
  let peer: TestServer
  setupServers(backend, 2, (env) => {
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })

  const history = async (token: string, conversationID: string) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID, count: 50 }, { token })).data.messages

  it('carries a one-to-one invite push info to the callee and into history exactly as written', async () => {
    const [a, b] = await Promise.all([registerUser(s, '甲'), registerUser(s, '乙')])
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    await Promise.all([ca.ready, cb.ready])
    const id = newInviteID()
    const invite = { ...signal(id, a.wtId, b.wtId, 1, { data: { cmd: 'audioCall', inviter: a.wtId } }), offlinePushInfo: { title: '甲', description: '你有一个新的通话邀请' } }
    expect((await sendSignal(ca, b.wtId, invite)).type).toBe('ack')
    const received = await cb.next((f) => signalOf(f)?.inviteID === id)
    expect(signalOf(received)?.offlinePushInfo).toEqual({ title: '甲', description: '你有一个新的通话邀请' })
    const stored = (await history(b.token, `C2C${a.wtId}`)).find((m) => String(m.payload.data).includes(id))
    expect(JSON.parse(String(stored!.payload.data))).toEqual(invite)
    ca.close()
    cb.close()
  })

  it('refuses a malformed push info with nack 400 naming the field, and accepts the longest allowed', async () => {
    const [a, b] = await Promise.all([registerUser(s, '丙'), registerUser(s, '丁')])
    const ca = chatClient(s, a.token)
    await ca.ready
    const invite = (offlinePushInfo: unknown) => ({ ...signal(newInviteID(), a.wtId, b.wtId, 1), offlinePushInfo })

    const longTitle = await sendSignal(ca, b.wtId, invite({ title: 'x'.repeat(65), description: 'd' }))
    expect(longTitle).toMatchObject({ type: 'nack', code: 400 })
    expect(String(longTitle.msg)).toMatch(/^payload\.data\.offlinePushInfo\.title: 最多 64 个字/)

    const longText = await sendSignal(ca, b.wtId, invite({ title: 't', description: 'y'.repeat(257) }))
    expect(longText).toMatchObject({ type: 'nack', code: 400 })
    expect(String(longText.msg)).toMatch(/^payload\.data\.offlinePushInfo\.description: 最多 256 个字/)

    const notText = await sendSignal(ca, b.wtId, invite({ title: 5 }))
    expect(notText).toMatchObject({ type: 'nack', code: 400 })
    expect(String(notText.msg)).toMatch(/^payload\.data\.offlinePushInfo\.title/)

    const notObject = await sendSignal(ca, b.wtId, invite('你有一个新的通话邀请'))
    expect(String(notObject.msg)).toMatch(/^payload\.data\.offlinePushInfo/)

    // The longest allowed goes through, and it is the only one stored.
    expect((await sendSignal(ca, b.wtId, invite({ title: 'x'.repeat(64), description: 'y'.repeat(256) }))).type).toBe('ack')
    expect(await history(b.token, `C2C${a.wtId}`)).toHaveLength(1)
    ca.close()
  })

  it('carries a group invite push info to every invitee', async () => {
    const [a, b, c] = await Promise.all(['戊', '己', '庚'].map((n) => registerUser(s, n)))
    const g = await makeGroup(s, a!, [], [b!, c!])
    const [ca, cb, cc] = [a!, b!, c!].map((u) => chatClient(s, u.token))
    await Promise.all([ca!.ready, cb!.ready, cc!.ready])
    const id = newInviteID()
    const invite = {
      businessID: 1,
      inviteID: id,
      actionType: 1,
      inviter: a!.wtId,
      inviteeList: [b!.wtId, c!.wtId],
      groupID: g.groupID,
      timeout: 30,
      data: { version: 4, call_type: 2, data: { cmd: 'videoCall', inviter: a!.wtId } },
      offlinePushInfo: { title: '周会', description: '快来开会' },
    }
    const sent = await ca!.send({ clientMsgId: randomUUID(), conversationID: `GROUP${g.groupID}`, type: 'TIMCustomElem', payload: { data: JSON.stringify(invite), description: '', extension: '' } })
    expect(sent.type).toBe('ack')
    for (const client of [cb!, cc!]) {
      const received = await client.next((f) => signalOf(f)?.inviteID === id)
      expect(signalOf(received)?.offlinePushInfo).toEqual({ title: '周会', description: '快来开会' })
    }
    ca!.close()
    cb!.close()
    cc!.close()
  })
})
