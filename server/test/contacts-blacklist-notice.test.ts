import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../types/chat.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

/** The blacklist notice (CustomMsg_Type_addBlack) is the blocker's alone: the blocked person learns nothing. */
describe.each(BACKENDS)('blacklist notice on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    ;[s] = env.servers as [TestServer]
  })

  const conversation = async (me: TestUser, other: TestUser) =>
    (await s.api<Conversation[]>('/api/im/conversations', undefined, { token: me.token })).data.find((c) => c.conversationID === `C2C${other.wtId}`)
  const history = async (me: TestUser, other: TestUser) =>
    (await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: `C2C${other.wtId}`, count: 50 }, { token: me.token })).data.messages
  const customTypes = (messages: Message[]) => messages.filter((m) => m.type === 'TIMCustomElem').map((m) => JSON.parse((m.payload as { data: string }).data).type as string)

  it('reaches neither the list, the unread count, the history nor the socket of the blocked person', async () => {
    const blocker = await registerUser(s, '张三')
    const blocked = await registerUser(s, '王五')
    await befriend(s, blocker, blocked)
    const hello = chatClient(s, blocked.token)
    await hello.ready
    const helloSent = chatClient(s, blocker.token)
    await helloSent.ready
    await helloSent.sendText(`C2C${blocked.wtId}`, '你好')
    await hello.next((f) => f.type === 'msg')
    const before = await conversation(blocked, blocker)

    await s.api('/api/user/friendBlack/add', { friendWtId: blocked.wtId }, { token: blocker.token })
    const sent = await s.api<Message>('/api/user/sendCustomMessage', { fromWtId: blocker.wtId, toWtId: blocked.wtId, type: 'CustomMsg_Type_addBlack' }, { token: blocker.token })
    expect(sent.code).toBe(200)

    // The blocker keeps the notice: history and the list's last message.
    expect(customTypes(await history(blocker, blocked))).toEqual(['CustomMsg_Type_addBlack'])
    const mine = await conversation(blocker, blocked)
    expect(JSON.parse((mine!.lastMessage!.payload as { data: string }).data)).toEqual({ type: 'CustomMsg_Type_addBlack' })

    // The blocked person: no tip, no preview, no unread.
    expect(customTypes(await history(blocked, blocker))).toEqual([])
    const theirs = await conversation(blocked, blocker)
    expect(theirs!.unreadCount).toBe(before!.unreadCount)
    expect(theirs!.lastMessage!.type).toBe('TIMTextElem')
    expect((theirs!.lastMessage!.payload as { text: string }).text).toBe('你好')
    const caughtUp = await s.api<{ messages: Message[] }>('/api/im/messages/since', { conversationID: `C2C${blocker.wtId}`, afterSequence: 0 }, { token: blocked.token })
    expect(customTypes(caughtUp.data.messages)).toEqual([])
    // Nothing went out live either: by the time a third person's later message arrives, no notice came.
    const other = await registerUser(s)
    await befriend(s, other, blocked)
    const otherClient = chatClient(s, other.token)
    await otherClient.sendText(`C2C${blocked.wtId}`, '之后')
    await hello.next((f) => f.type === 'msg' && (f.message as Message).from === other.wtId)
    expect(JSON.stringify(hello.events())).not.toContain('CustomMsg_Type_addBlack')
    otherClient.close()
    hello.close()
    helloSent.close()
  })
  it('does not bring back, or create, a conversation the blocked person does not have', async () => {
    const blocker = await registerUser(s, '张三')
    const blocked = await registerUser(s, '王五')
    const stranger = await registerUser(s, '赵六')
    await befriend(s, blocker, blocked)
    await befriend(s, blocker, stranger)
    const sender = chatClient(s, blocker.token)
    await sender.ready
    await sender.sendText(`C2C${blocked.wtId}`, '你好')
    const deleted = await s.api('/api/im/conversation/delete', { conversationID: `C2C${blocker.wtId}`, clearHistory: false }, { token: blocked.token })
    expect(deleted.code).toBe(200)

    for (const target of [blocked, stranger]) {
      await s.api('/api/user/friendBlack/add', { friendWtId: target.wtId }, { token: blocker.token })
      const sent = await s.api('/api/user/sendCustomMessage', { fromWtId: blocker.wtId, toWtId: target.wtId, type: 'CustomMsg_Type_addBlack' }, { token: blocker.token })
      expect(sent.code).toBe(200)
      expect(await conversation(target, blocker)).toBeUndefined()
      expect(await conversation(blocker, target)).toBeDefined()
    }

    // A message they can see still brings the conversation back.
    await s.api('/api/user/friendBlack/deleteByUserId', { friendWtId: blocked.wtId }, { token: blocker.token })
    await sender.sendText(`C2C${blocked.wtId}`, '再见')
    expect((await conversation(blocked, blocker))?.lastMessage?.payload).toEqual({ text: '再见' })
    sender.close()
  })
})

