import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../types/chat.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

/**
 * A conversation the user deleted with its history (删除好友, or 删除会话 with 同时清空聊天记录)
 * stays out of their list until a new message arrives. What a chat screen left open sends
 * afterwards (a read report, a draft, a history page, opening it again after a reload) must not
 * bring it back as an empty row, on this device or another.
 */
describe.each(BACKENDS)('deleted conversations on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    ;[s] = env.servers as [TestServer]
  })

  const listed = async (me: TestUser, conversationID: string) =>
    (await s.api<Conversation[]>('/api/im/conversations', undefined, { token: me.token })).data.some((c) => c.conversationID === conversationID)

  /** Two friends; the second has written to the first. Answers the first's conversation ID with them. */
  async function friendsWhoTalked(a: TestUser, b: TestUser) {
    await befriend(s, a, b)
    const cb = chatClient(s, b.token)
    await cb.ready
    await cb.sendText(`C2C${a.wtId}`, '你好')
    return { cb, conversationID: `C2C${b.wtId}` }
  }

  /** Everything a chat left open on screen sends: read report, draft save, history page, open. */
  async function touchLikeAnOpenChat(me: TestUser, conversationID: string, other: TestUser): Promise<void> {
    const socket = chatClient(s, me.token)
    await socket.ready
    socket.probe.ws.send(JSON.stringify({ type: 'read', conversationID, sequence: 99 }))
    // Frames of one socket are handled in order: this send's answer comes after the read report.
    await befriend(s, me, other)
    expect((await socket.sendText(`C2C${other.wtId}`, '顺序')).type).toBe('ack')
    socket.close()
    expect((await s.api('/api/im/conversation/draft', { conversationID, draftText: '' }, { token: me.token })).code).toBe(200)
    const page = await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID, count: 20 }, { token: me.token })
    expect(page.data.messages).toEqual([])
    expect((await s.api('/api/im/conversation/open', { conversationID }, { token: me.token })).code).toBe(200)
  }

  it('a deleted friend’s conversation does not come back from a read report, a draft, a history page or an open', async () => {
    const a = await registerUser(s, '删除者')
    const b = await registerUser(s, '被删者')
    const c = await registerUser(s, '旁人')
    const { cb, conversationID } = await friendsWhoTalked(a, b)
    expect(await listed(a, conversationID)).toBe(true)

    expect((await s.api('/api/userFriends/delete', { friendsWtId: b.wtId }, { token: a.token })).code).toBe(200)
    expect(await listed(a, conversationID)).toBe(false)

    await touchLikeAnOpenChat(a, conversationID, c)
    expect(await listed(a, conversationID)).toBe(false)

    // The next message brings it back, as a deleted conversation always comes back.
    await cb.sendText(`C2C${a.wtId}`, '还在吗')
    expect(await listed(a, conversationID)).toBe(true)
    cb.close()
  })

  it('deleting with history keeps the row out; deleting without history and opening again brings it back', async () => {
    const a = await registerUser(s, '甲')
    const b = await registerUser(s, '乙')
    const { cb, conversationID } = await friendsWhoTalked(a, b)

    await s.api('/api/im/conversation/delete', { conversationID, clearHistory: true }, { token: a.token })
    expect((await s.api('/api/im/conversation/open', { conversationID }, { token: a.token })).code).toBe(200)
    expect(await listed(a, conversationID)).toBe(false)

    await cb.sendText(`C2C${a.wtId}`, '新消息')
    await s.api('/api/im/conversation/delete', { conversationID, clearHistory: false }, { token: a.token })
    expect(await listed(a, conversationID)).toBe(false)
    // The history is still there: opening the chat shows it, so the conversation is back.
    expect((await s.api('/api/im/conversation/open', { conversationID }, { token: a.token })).code).toBe(200)
    expect(await listed(a, conversationID)).toBe(true)
    cb.close()
  })
})
