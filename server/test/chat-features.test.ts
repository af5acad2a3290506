import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Message, Reaction } from '../../types/chat.js'
import { ReactionFrame } from '../../types/frames.js'
import { AT_ALL_TAG, REACTION_KINDS_MAX, type PinnedMessage } from '../../types/messageOps.js'
import type { SiteInfo } from '../../types/site.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { startLanguageProvider, type ProviderProcess } from './support/languageProvider.js'
import { BACKENDS, openStorage, startServer, type Storage, type TestServer } from './support/server.js'

describe.each(BACKENDS)('reactions, mentions, pins, translation and search on %s', (backend) => {
  let storage: Storage
  /** No provider, every feature on. */
  let s: TestServer
  /** The local provider configured, and some features turned off. */
  let withProvider: TestServer
  let provider: ProviderProcess
  const clients: ChatClient[] = []

  beforeAll(async () => {
    storage = await openStorage(backend)
    provider = await startLanguageProvider('k-123')
    s = await startServer(storage)
    withProvider = await startServer(storage, {
      languageProvider: { url: provider.url, key: 'k-123', timeoutMs: 5000 },
      chatFeatures: { ...s.built.ctx.config.chatFeatures, messageSearch: false, emojiReaction: false },
    })
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await withProvider?.close()
    await s?.close()
    provider?.stop()
    await storage?.close()
  })

  const client = (u: TestUser, server = s) => {
    const c = chatClient(server, u.token)
    clients.push(c)
    return c
  }

  async function friends() {
    const a = await registerUser(s, '甲')
    const b = await registerUser(s, '乙')
    await befriend(s, a, b)
    return { a, b }
  }

  async function sendText(c: ChatClient, conversationID: string, text: string, extra: Record<string, unknown> = {}) {
    const ack = await c.sendText(conversationID, text, extra)
    expect(ack.type, JSON.stringify(ack)).toBe('ack')
    return ack.message as Message
  }

  it('serves the chat feature flags, all on by default, and refuses a feature turned off', async () => {
    const on = await s.api<SiteInfo>('/api/site/info')
    expect(Object.values(on.data.chatFeatures).every(Boolean)).toBe(true)
    expect(Object.keys(on.data.chatFeatures)).toHaveLength(21)
    const off = await withProvider.api<SiteInfo>('/api/site/info')
    expect(off.data.chatFeatures).toMatchObject({ messageSearch: false, emojiReaction: false, translate: true })
    const { a, b } = await friends()
    const search = await withProvider.api('/api/im/messages/search', { conversationID: `C2C${b.wtId}` }, { token: a.token })
    expect(search).toMatchObject({ code: 403, msg: '该功能已关闭' })
  })

  it('shows a reaction live to the other side, toggles it, and stops at the per-message limit', async () => {
    const { a, b } = await friends()
    const ca = client(a)
    const cb = client(b)
    await Promise.all([ca.ready, cb.ready])
    const m = await sendText(ca, `C2C${b.wtId}`, '点个赞')
    const added = await s.api<{ reactionList: Reaction[] }>(
      '/api/im/message/reaction',
      { conversationID: `C2C${a.wtId}`, sequence: m.sequence, reactionID: '[赞]', add: true },
      { token: b.token },
    )
    expect(added.data.reactionList).toEqual([{ reactionID: '[赞]', totalUserCount: 1, partialUserList: [{ userID: b.wtId, nick: '乙' }], reacted: true }])
    const live = await ca.next((f) => f.type === 'reaction')
    expect(ReactionFrame.parse(live)).toMatchObject({ conversationID: `C2C${b.wtId}`, sequence: m.sequence, operator: b.wtId, added: true })
    expect((live.reactionList as Reaction[])[0]).toMatchObject({ totalUserCount: 1, reacted: false })

    // The history page carries reactionList per viewer.
    const page = await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: `C2C${b.wtId}` }, { token: a.token })
    expect(page.data.messages.at(-1)!.reactionList).toMatchObject([{ reactionID: '[赞]', totalUserCount: 1, reacted: false }])

    const removed = await s.api<{ reactionList: Reaction[] }>(
      '/api/im/message/reaction',
      { conversationID: `C2C${a.wtId}`, sequence: m.sequence, reactionID: '[赞]', add: false },
      { token: b.token },
    )
    expect(removed.data.reactionList).toEqual([])

    for (let i = 0; i < REACTION_KINDS_MAX; i++) {
      const r = await s.api('/api/im/message/reaction', { conversationID: `C2C${b.wtId}`, sequence: m.sequence, reactionID: `[e${i}]`, add: true }, { token: a.token })
      expect(r.code).toBe(200)
    }
    const over = await s.api('/api/im/message/reaction', { conversationID: `C2C${a.wtId}`, sequence: m.sequence, reactionID: '[多]', add: true }, { token: b.token })
    expect(over).toMatchObject({ code: 10071, msg: '已达到表情回应上限数量' })
    // Joining an existing reaction is still fine at the limit.
    const join = await s.api<{ reactionList: Reaction[] }>(
      '/api/im/message/reaction',
      { conversationID: `C2C${a.wtId}`, sequence: m.sequence, reactionID: '[e0]', add: true },
      { token: b.token },
    )
    expect(join.data.reactionList[0]).toMatchObject({ reactionID: '[e0]', totalUserCount: 2, reacted: true })

    const stranger = await registerUser(s, '路人')
    const refused = await s.api('/api/im/message/reaction', { conversationID: `C2C${a.wtId}`, sequence: m.sequence, reactionID: '[赞]', add: true }, { token: stranger.token })
    expect(refused.code).toBe(404)
    const off = await withProvider.api('/api/im/message/reaction', { conversationID: `C2C${a.wtId}`, sequence: m.sequence, reactionID: '[赞]', add: true }, { token: b.token })
    expect(off.code).toBe(403)
  })

  it("refuses 'at all' from a Member, allows it for the owner, and fills groupAtInfoList", async () => {
    const owner = await registerUser(s, '群主')
    const member = await registerUser(s, '成员')
    const other = await registerUser(s, '其他')
    const g = await makeGroup(s, owner, [], [member, other])
    const co = client(owner)
    const cm = client(member)
    const refused = await cm.sendText(g.conversationID, '@所有人 开会', { atUserList: [AT_ALL_TAG] })
    expect(refused).toMatchObject({ type: 'nack', code: 403, msg: '只有群主和管理员可以@所有人' })
    await sendText(cm, g.conversationID, '@其他 你好', { atUserList: [other.wtId] })
    await sendText(co, g.conversationID, '@所有人 开会', { atUserList: [AT_ALL_TAG] })
    const convs = await s.api<Array<{ conversationID: string; groupAtInfoList: Array<{ atTypeArray: number[] }> }>>('/api/im/conversations', undefined, { token: other.token })
    const conv = convs.data.find((c) => c.conversationID === g.conversationID)!
    expect(conv.groupAtInfoList.map((x) => x.atTypeArray[0])).toEqual([1, 2])

    const community = await makeGroup(s, owner, [], [member], { groupType: 'Community' })
    const none = await co.sendText(community.conversationID, '@成员', { atUserList: [member.wtId] })
    expect(none).toMatchObject({ type: 'nack', code: 403, msg: '该群不支持@成员' })
  })

  it('pins and unpins a one-to-one message, and the peer gets socket type 3 each time', async () => {
    const { a, b } = await friends()
    const ca = client(a)
    const cb = client(b)
    await Promise.all([ca.ready, cb.ready])
    const m = await sendText(ca, `C2C${b.wtId}`, '明天 9 点见')
    const added = await s.api<PinnedMessage>('/api/user/c2cTop/add', { toUserWtId: a.wtId, senderWtId: a.wtId, msgId: m.ID, msgContent: '明天 9 点见' }, { token: b.token })
    expect(added.code, added.msg).toBe(200)
    expect(added.data).toMatchObject({ msgId: m.ID, msgContent: '明天 9 点见', nickName: '甲', oneSelf: 0, conversationID: `C2C${a.wtId}`, senderWtId: a.wtId, sequence: m.sequence })
    await ca.next((f) => f.type === 3)
    await cb.next((f) => f.type === 3)
    const seen = await s.api<PinnedMessage[]>('/api/user/c2cTop/list', { toUserWtId: b.wtId }, { token: a.token })
    expect(seen.data).toEqual([expect.objectContaining({ id: added.data.id, oneSelf: 1, conversationID: `C2C${b.wtId}` })])

    const stranger = await registerUser(s, '路人')
    expect((await s.api('/api/user/c2cTop/del', { id: added.data.id }, { token: stranger.token })).code).toBe(404)
    expect((await s.api('/api/user/c2cTop/add', { toUserWtId: a.wtId, senderWtId: a.wtId, msgId: m.ID }, { token: stranger.token })).code).toBe(404)
    const missing = await s.api('/api/user/c2cTop/add', { toUserWtId: b.wtId, senderWtId: a.wtId, msgId: `${a.wtId}-nope-nope-nope` }, { token: a.token })
    expect(missing).toMatchObject({ code: 404, msg: '无法定位到原消息' })

    const before = ca.events().filter((f) => f.type === 3).length
    const del = await s.api('/api/user/c2cTop/del', { id: added.data.id }, { token: a.token })
    expect(del.code).toBe(200)
    await cb.next((f) => f.type === 3 && cb.events().filter((x) => x.type === 3).length >= 2)
    await ca.next((f) => f.type === 3 && ca.events().filter((x) => x.type === 3).length > before)
    expect((await s.api<PinnedMessage[]>('/api/user/c2cTop/list', { toUserWtId: a.wtId }, { token: b.token })).data).toEqual([])
  })

  it("refuses to pin audio", async () => {
    const { a, b } = await friends()
    const ca = client(a)
    const ack = await ca.send({ clientMsgId: randomUUID(), conversationID: `C2C${b.wtId}`, type: 'TIMSoundElem', payload: { url: '/api/oss/file/none', second: 2, size: 10 } })
    const m = ack.message as Message
    const r = await s.api('/api/user/c2cTop/add', { toUserWtId: b.wtId, senderWtId: a.wtId, msgId: m.ID }, { token: a.token })
    expect(r.code).toBe(403)
  })

  it("answers '请开通翻译功能' without a provider, and translates through the configured one", async () => {
    const { a } = await friends()
    const absent = await s.api('/api/im/translate', { sourceTextList: ['hello'] }, { token: a.token })
    expect(absent).toMatchObject({ code: 501, msg: '请开通翻译功能' })
    expect(absent.status).toBe(501)
    const present = await withProvider.api('/api/im/translate', { sourceTextList: ['hello', 'abc'], sourceLanguage: 'auto', targetLanguage: 'zh' }, { token: a.token })
    expect(present).toMatchObject({ code: 200, data: { translatedTextList: ['[zh] olleh', '[zh] cba'] } })
    expect((await withProvider.api('/api/im/translate', { sourceTextList: [] }, { token: a.token })).code).toBe(400)
  })

  it('converts a voice message to text through the provider, and explains when there is none', async () => {
    const { a, b } = await friends()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(Buffer.alloc(321, 7))]), 'voice.webm')
    // The upload lands in the provider-configured server's own upload folder, where it reads audio.
    const up = (await (await fetch(`${withProvider.url}/api/oss/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } })).json()) as {
      data: { url: string }
    }
    const ca = client(a)
    const ack = await ca.send({ clientMsgId: randomUUID(), conversationID: `C2C${b.wtId}`, type: 'TIMSoundElem', payload: { url: up.data.url, second: 3, size: 321 } })
    const m = ack.message as Message
    const absent = await s.api('/api/im/voiceToText', { conversationID: `C2C${a.wtId}`, sequence: m.sequence }, { token: b.token })
    expect(absent).toMatchObject({ code: 501, msg: '请开通语音转文字功能' })
    const text = await withProvider.api<{ text: string }>('/api/im/voiceToText', { conversationID: `C2C${a.wtId}`, sequence: m.sequence }, { token: b.token })
    expect(text.data.text).toMatch(/^语音内容 321 字节/)
    const t = await sendText(ca, `C2C${b.wtId}`, '不是语音')
    expect((await withProvider.api('/api/im/voiceToText', { conversationID: `C2C${a.wtId}`, sequence: t.sequence }, { token: b.token })).code).toBe(400)
  })

  it('searches a conversation by type filter and keyword, newest first, paged', async () => {
    const { a, b } = await friends()
    const ca = client(a)
    const conv = `C2C${b.wtId}`
    const send = (type: string, payload: Record<string, unknown>) => ca.send({ clientMsgId: randomUUID(), conversationID: conv, type, payload })
    await sendText(ca, conv, 'Apple pie')
    await send('TIMImageElem', { url: '/api/oss/file/x', width: 1, height: 1, size: 1, format: 'png' })
    await send('TIMFileElem', { fileUrl: '/api/oss/file/y', fileName: 'apple-report.pdf', fileSize: 10 })
    await send('TIMSoundElem', { url: '/api/oss/file/z', second: 1, size: 1 })
    await send('TIMLocationElem', { latitude: 1, longitude: 2, description: '{}' })
    await send('TIMCustomElem', { data: '{"businessID":"link"}' })
    await send('TIMRelayElem', { title: '聊天记录', abstractList: [], messageList: [] })
    await send('TIMVideoFileElem', { videoUrl: '/api/oss/file/v', videoSecond: 1, videoSize: 1 })
    await sendText(ca, conv, 'banana 50%_off')
    await sendText(ca, conv, 'pineAPPLE')
    const search = async (body: Record<string, unknown>) =>
      (await s.api<{ messages: Message[]; isCompleted: boolean }>('/api/im/messages/search', { conversationID: conv, ...body }, { token: a.token })).data
    const kinds = async (filter: string) => (await search({ filter })).messages.map((m) => m.type)
    expect(await kinds('text')).toEqual(['TIMTextElem', 'TIMTextElem', 'TIMTextElem'])
    expect(await kinds('file')).toEqual(['TIMFileElem'])
    expect(await kinds('media')).toEqual(['TIMVideoFileElem', 'TIMImageElem'])
    expect(await kinds('other')).toEqual(['TIMRelayElem', 'TIMCustomElem', 'TIMLocationElem', 'TIMSoundElem'])
    expect(await kinds('all')).toHaveLength(10)
    const apple = await search({ keyword: 'apple' })
    expect(apple.messages.map((m) => m.payload.text ?? m.payload.fileName)).toEqual(['pineAPPLE', 'apple-report.pdf', 'Apple pie'])
    expect((await search({ filter: 'text', keyword: 'apple' })).messages).toHaveLength(2)
    // LIKE wildcards in the keyword are literal.
    expect((await search({ keyword: '%_' })).messages.map((m) => m.payload.text)).toEqual(['banana 50%_off'])
    expect((await search({ keyword: '_x' })).messages).toEqual([])
    const first = await search({ filter: 'all', count: 4 })
    expect(first.isCompleted).toBe(false)
    const second = await search({ filter: 'all', count: 10, beforeSequence: first.messages.at(-1)!.sequence })
    expect(second.isCompleted).toBe(true)
    expect([...first.messages, ...second.messages].map((m) => m.sequence)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    // The peer sees the same conversation from the other side; a stranger sees nothing.
    const fromB = await s.api<{ messages: Message[] }>('/api/im/messages/search', { conversationID: `C2C${a.wtId}`, keyword: 'PIE' }, { token: b.token })
    expect(fromB.data.messages.map((m) => m.payload.text)).toEqual(['Apple pie'])
    const stranger = await registerUser(s, '路人')
    expect((await s.api('/api/im/messages/search', { conversationID: conv }, { token: stranger.token })).code).toBe(404)
    expect((await s.api('/api/im/messages/search', { conversationID: conv, filter: 'nope' }, { token: a.token })).code).toBe(400)
  })

  it('searches the history of all conversations and leaves out what the user may not see', async () => {
    const { a, b } = await friends()
    const c = await registerUser(s, '丙')
    await befriend(s, a, c)
    const ca = client(a)
    const cb = client(b)
    const word = `kiwi${randomUUID().slice(0, 6)}`
    await sendText(ca, `C2C${b.wtId}`, `first ${word}`)
    await sendText(cb, `C2C${a.wtId}`, `second ${word.toUpperCase()}`)
    const revoked = await sendText(ca, `C2C${c.wtId}`, `gone ${word}`)
    await sendText(ca, `C2C${c.wtId}`, `third ${word}`)
    await ca.send({ clientMsgId: randomUUID(), conversationID: `C2C${c.wtId}`, type: 'TIMCustomElem', payload: { data: JSON.stringify({ type: 'GroupCustomMsg', content: `tip ${word}` }) } })
    expect((await s.api('/api/im/message/revoke', { conversationID: `C2C${c.wtId}`, sequence: revoked.sequence }, { token: a.token })).code).toBe(200)
    const searchAll = async (token: string, keyword: string) =>
      (await s.api<{ messages: Message[] }>('/api/im/messages/searchAll', { keyword }, { token })).data.messages
    const hits = await searchAll(a.token, word)
    expect(hits.map((m) => [m.conversationID, m.type])).toEqual([
      [`C2C${c.wtId}`, 'TIMCustomElem'],
      [`C2C${c.wtId}`, 'TIMTextElem'],
      [`C2C${b.wtId}`, 'TIMTextElem'],
      [`C2C${b.wtId}`, 'TIMTextElem'],
    ])
    // Each user sees only their own conversations; B's view of the same chat is named after A.
    expect((await searchAll(b.token, word)).map((m) => m.conversationID)).toEqual([`C2C${a.wtId}`, `C2C${a.wtId}`])
    expect(await searchAll((await registerUser(s, '路人')).token, word)).toEqual([])
    // A cleared history is not found again.
    expect((await s.api('/api/im/conversation/delete', { conversationID: `C2C${a.wtId}`, clearHistory: true }, { token: b.token })).code).toBe(200)
    expect(await searchAll(b.token, word)).toEqual([])
    expect((await s.api('/api/im/messages/searchAll', { keyword: '  ' }, { token: a.token })).code).toBe(400)
  })

  it('locates a message by its ID for the members of its conversation only', async () => {
    const { a, b } = await friends()
    const ca = client(a)
    const first = await sendText(ca, `C2C${b.wtId}`, 'one')
    await sendText(ca, `C2C${b.wtId}`, 'two')
    const located = await s.api<{ sequence: number }>('/api/im/messages/locate', { conversationID: `C2C${a.wtId}`, messageID: first.ID }, { token: b.token })
    expect(located.data).toEqual({ sequence: first.sequence })
    const missing = await s.api('/api/im/messages/locate', { conversationID: `C2C${a.wtId}`, messageID: `${a.wtId}-nope` }, { token: b.token })
    expect(missing).toMatchObject({ code: 404, msg: '无法定位到原消息' })
    const stranger = await registerUser(s, '路人')
    expect((await s.api('/api/im/messages/locate', { conversationID: `C2C${a.wtId}`, messageID: first.ID }, { token: stranger.token })).code).toBe(404)
  })
})
