import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { Conversation, Message } from '../../types/chat.js'
import { chatClient, messagesOf } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { BACKENDS, freshPhone, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe.each(BACKENDS)('messaging engine on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let peer: TestServer
  // The second process plays another machine behind the load balancer, on the same database and bus.
  setupServers(backend, 2, (env) => {
    storage = env.storage
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })
  const convs = async (token: string) => (await s.api<Conversation[]>('/api/im/conversations', undefined, { token })).data
  const history = async (token: string, conversationID: string, beforeSequence?: number, count = 50) =>
    (await s.api<{ messages: Message[]; isCompleted: boolean }>('/api/im/messages/history', { conversationID, beforeSequence, count }, { token })).data

  it('delivers a C2C message live after acknowledging it with a sequence', async () => {
    const a = await registerUser(s, '甲')
    const b = await registerUser(s, '乙')
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    await Promise.all([ca.ready, cb.ready])
    const ack = await ca.sendText(`C2C${b.wtId}`, '你好')
    expect(ack.type).toBe('ack')
    const sent = ack.message as Message
    expect(sent).toMatchObject({ sequence: 1, from: a.wtId, nick: '甲', conversationID: `C2C${b.wtId}`, conversationType: 'C2C', payload: { text: '你好' } })
    const got = await cb.next((f) => f.type === 'msg')
    expect(got.message).toMatchObject({ sequence: 1, conversationID: `C2C${a.wtId}`, payload: { text: '你好' } })
    const bConvs = await convs(b.token)
    expect(bConvs[0]).toMatchObject({ conversationID: `C2C${a.wtId}`, unreadCount: 1, lastSequence: 1 })
    expect(bConvs[0]!.userProfile).toMatchObject({ userID: a.wtId, nick: '甲' })
    ca.close()
    cb.close()
  })

  it('orders concurrent senders by a gap-free sequence', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    const sends = []
    for (let i = 0; i < 15; i++) {
      sends.push(ca.sendText(`C2C${b.wtId}`, `a${i}`))
      sends.push(cb.sendText(`C2C${a.wtId}`, `b${i}`))
    }
    const acks = await Promise.all(sends)
    expect(acks.every((x) => x.type === 'ack')).toBe(true)
    const seqs = acks.map((x) => (x.message as Message).sequence).sort((x, y) => x - y)
    expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    const page = await history(a.token, `C2C${b.wtId}`)
    expect(page.messages.map((m) => m.sequence)).toEqual(seqs)
    // Each sender's own messages keep their sending order.
    const aTexts = page.messages.filter((m) => m.from === a.wtId).map((m) => m.payload.text)
    expect(aTexts).toEqual(Array.from({ length: 15 }, (_, i) => `a${i}`))
    ca.close()
    cb.close()
  })

  it('makes a retry with the same client ID return the first message, once', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    const clientMsgId = randomUUID()
    const msg = { clientMsgId, conversationID: `C2C${b.wtId}`, type: 'TIMTextElem', payload: { text: '只发一次' } }
    const [first, second] = await Promise.all([ca.send(msg), ca.send(msg)])
    const third = await ca.send(msg)
    for (const r of [first, second, third]) expect(r.type).toBe('ack')
    expect(new Set([first, second, third].map((r) => (r.message as Message).sequence)).size).toBe(1)
    expect((await history(b.token, `C2C${a.wtId}`)).messages).toHaveLength(1)
    ca.close()
  })

  it('loses nothing across a socket killed mid-stream: catch-up by sequence fills the gap', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    let cb = chatClient(s, b.token)
    await cb.ready
    for (let i = 1; i <= 5; i++) await ca.sendText(`C2C${b.wtId}`, `m${i}`)
    await cb.next((f) => f.type === 'msg' && (f.message as Message).sequence === 5)
    const seen = Math.max(...messagesOf(cb.events()).map((m) => m.sequence))
    cb.probe.ws.terminate()
    for (let i = 6; i <= 12; i++) await ca.sendText(`C2C${b.wtId}`, `m${i}`)
    cb = chatClient(s, b.token)
    await cb.ready
    const caught = await s.api<{ messages: Message[]; hasMore: boolean }>(
      '/api/im/messages/since',
      { conversationID: `C2C${a.wtId}`, afterSequence: seen },
      { token: b.token },
    )
    expect(caught.data.messages.map((m) => m.payload.text)).toEqual(['m6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'])
    expect(caught.data.hasMore).toBe(false)
    ca.close()
    cb.close()
  })

  it('derives exact unread counts from sequences, across reconnects and own messages', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    for (let i = 0; i < 4; i++) await ca.sendText(`C2C${b.wtId}`, `x${i}`)
    await cb.sendText(`C2C${a.wtId}`, 'mine')
    // B's own message marks everything before it read.
    expect((await convs(b.token))[0]!.unreadCount).toBe(0)
    for (let i = 0; i < 3; i++) await ca.sendText(`C2C${b.wtId}`, `y${i}`)
    expect((await convs(b.token))[0]!.unreadCount).toBe(3)
    cb.probe.ws.send(JSON.stringify({ type: 'read', conversationID: `C2C${a.wtId}`, sequence: 7 }))
    const readNotice = await ca.next((f) => f.type === 'read')
    expect(readNotice).toMatchObject({ conversationID: `C2C${b.wtId}`, reader: b.wtId, sequence: 7 })
    expect((await convs(b.token))[0]!.unreadCount).toBe(1)
    cb.probe.ws.send(JSON.stringify({ type: 'read', conversationID: `C2C${a.wtId}`, sequence: 9999 }))
    await cb.next((f) => f.type === 'conv' && (f.conversation as Conversation).unreadCount === 0)
    const aView = (await convs(a.token))[0]!
    expect(aView.peerReadSequence).toBe(8)
    expect(aView.unreadCount).toBe(0)
    ca.close()
    cb.close()
  })

  it('keeps two devices of one account in step: messages, read state and conversation state', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const phone1 = chatClient(s, a.token)
    const second = await s.api<LoginResult>('/api/user/login/pwd', { phone: a.phone, pwd: 'secret123' })
    const phone2 = chatClient(peer, second.data.token)
    const cb = chatClient(s, b.token)
    await Promise.all([phone1.ready, phone2.ready, cb.ready])
    await befriend(s, a, b)
    await phone1.sendText(`C2C${b.wtId}`, '从设备一')
    const mirrored = await phone2.next((f) => f.type === 'msg')
    expect(mirrored.message).toMatchObject({ conversationID: `C2C${b.wtId}`, from: a.wtId, payload: { text: '从设备一' } })
    await cb.sendText(`C2C${a.wtId}`, '回复')
    await phone2.next((f) => f.type === 'msg' && (f.message as Message).from === b.wtId)
    phone1.probe.ws.send(JSON.stringify({ type: 'read', conversationID: `C2C${b.wtId}`, sequence: 2 }))
    await phone2.next((f) => f.type === 'conv' && (f.conversation as Conversation).readSequence === 2)
    await s.api('/api/im/conversation/pin', { conversationID: `C2C${b.wtId}`, isPinned: true }, { token: a.token })
    const pinned = await phone2.next((f) => f.type === 'conv' && (f.conversation as Conversation).isPinned)
    expect(pinned.conversation).toMatchObject({ isPinned: true, unreadCount: 0 })
    for (const c of [phone1, phone2, cb]) c.close()
  })

  it('answers every send error with the spec code and text', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    const to = `C2C${b.wtId}`
    expect(await ca.sendText(to, '字'.repeat(12 * 1024 + 1))).toMatchObject({ type: 'nack', code: 8001, msg: '消息长度超出限制，消息长度不要超过12K' })
    expect(await ca.sendText(to, '这里有违禁词测试')).toMatchObject({ type: 'nack', code: 3123 })
    expect(await ca.sendText(to, '这里有敏感词测试')).toMatchObject({ type: 'nack', code: 80001, hasRiskContent: true })
    await storage.db.query('INSERT INTO user_blacklist (owner_wt_id, target_wt_id) VALUES ($1, $2)', [b.wtId, a.wtId])
    expect(await ca.sendText(to, 'hi')).toMatchObject({ type: 'nack', code: 20007 })
    await storage.db.query('DELETE FROM user_blacklist WHERE owner_wt_id = $1', [b.wtId])
    await storage.db.query('UPDATE users SET action_status = 1 WHERE wt_id = $1', [b.wtId])
    expect(await ca.sendText(to, 'hi')).toMatchObject({ type: 'nack', code: 20003 })
    await storage.db.query(`UPDATE users SET banned_until = now() + interval '1 hour' WHERE wt_id = $1`, [a.wtId])
    expect(await ca.sendText(to, 'hi')).toMatchObject({ type: 'nack', code: 20012, msg: '封禁期间无法向其他用户发送消息' })
    await storage.db.query('UPDATE users SET banned_until = NULL WHERE wt_id = $1', [a.wtId])

    const c = await registerUser(s)
    const g = await makeGroup(s, a, [], [c], { groupName: '禁言群' })
    const gid = g.conversationID
    const cc = chatClient(s, c.token)
    await storage.db.query('UPDATE groups SET banned_switch = 1 WHERE group_id = $1', [g.groupID])
    expect(await cc.sendText(gid, 'hi')).toMatchObject({ type: 'nack', code: 10017, msg: '全员禁言中' })
    expect((await ca.sendText(gid, '群主可以说话')).type).toBe('ack')
    await storage.db.query(`UPDATE groups SET banned_switch = 0 WHERE group_id = $1`, [g.groupID])
    await storage.db.query(`UPDATE group_members SET mute_until = now() + interval '1 hour' WHERE wt_id = $1`, [c.wtId])
    expect(await cc.sendText(gid, 'hi')).toMatchObject({ type: 'nack', code: 10017, msg: '您已被禁言' })
    ca.close()
    cc.close()
  })

  it('creates a group whose members chat with receipts, @mentions and a member count', async () => {
    const [a, b, c] = [await registerUser(s, '群主'), await registerUser(s, '成员乙'), await registerUser(s, '成员丙')]
    const created = await s.api<{ txGroupid: string; groupNumber: string }>(
      '/api/user/groupchat/add',
      { groupName: '周末爬山', groupNotice: '周六早上八点', wtIds: [b.wtId, c.wtId, '99999999'] },
      { token: a.token },
    )
    expect(created.code).toBe(200)
    expect(created.data.groupNumber).toMatch(/^\d+$/)
    const gid = `GROUP${created.data.txGroupid}`
    const list = await s.api<Array<{ groupName: string; groupMemberCount: number; identity: number }>>('/api/user/groupchat/list', undefined, { token: b.token })
    expect(list.data[0]).toMatchObject({ groupName: '周末爬山', groupMemberCount: 3, identity: 1 })

    const [ca, cb, cc] = [chatClient(s, a.token), chatClient(peer, b.token), chatClient(s, c.token)]
    await Promise.all([ca.ready, cb.ready, cc.ready])
    const ack = await ca.sendText(gid, '@成员乙 记得带水', { atUserList: [b.wtId], needReadReceipt: true })
    const seq = (ack.message as Message).sequence
    expect(seq).toBe(2)
    await cb.next((f) => f.type === 'msg' && (f.message as Message).sequence === seq)
    await cc.next((f) => f.type === 'msg' && (f.message as Message).sequence === seq)
    const bConv = (await convs(b.token)).find((x) => x.conversationID === gid)!
    expect(bConv.groupProfile).toMatchObject({ name: '周末爬山', memberCount: 3, isMember: true })
    expect(bConv.groupAtInfoList).toEqual([{ messageSequence: 2, atTypeArray: [1] }])
    // The creation tip is not counted; the mention is.
    expect(bConv.unreadCount).toBe(1)

    cb.probe.ws.send(JSON.stringify({ type: 'receipt', conversationID: gid, sequences: [seq] }))
    expect(await ca.next((f) => f.type === 'receipt')).toMatchObject({ conversationID: gid, sequence: seq, readCount: 1, unreadCount: 1 })
    const readers = await s.api<{ members: Array<{ userID: string }>; isCompleted: boolean }>(
      '/api/im/message/readMembers',
      { conversationID: gid, sequence: seq, filter: 0 },
      { token: a.token },
    )
    expect(readers.data.members.map((m) => m.userID)).toEqual([b.wtId])
    const unread = await s.api<{ members: Array<{ userID: string }> }>('/api/im/message/readMembers', { conversationID: gid, sequence: seq, filter: 1 }, { token: a.token })
    expect(unread.data.members.map((m) => m.userID)).toEqual([c.wtId])
    const outsider = await registerUser(s)
    const intruder = chatClient(s, outsider.token)
    expect(await intruder.sendText(gid, '我能进来吗')).toMatchObject({ type: 'nack', code: 10007 })
    for (const x of [ca, cb, cc, intruder]) x.close()
  })

  it('applies the conversation rules: archive mutes, un-mute unarchives, delete with or without history', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    await befriend(s, a, b)
    const ca = chatClient(s, a.token)
    await ca.sendText(`C2C${b.wtId}`, 'one')
    await ca.sendText(`C2C${b.wtId}`, 'two')
    const id = `C2C${a.wtId}`
    const fold = await s.api<Conversation>('/api/im/conversation/fold', { conversationID: id, folded: true }, { token: b.token })
    expect(fold.data).toMatchObject({ markList: [4], isMuted: true })
    const unmute = await s.api<Conversation>('/api/im/conversation/mute', { conversationID: id, isMuted: false }, { token: b.token })
    expect(unmute.data).toMatchObject({ markList: [], isMuted: false })
    await s.api('/api/im/conversation/fold', { conversationID: id, folded: true }, { token: b.token })
    const mute = await s.api<Conversation>('/api/im/conversation/mute', { conversationID: id, isMuted: true }, { token: b.token })
    expect(mute.data).toMatchObject({ markList: [], isMuted: true })
    const draft = await s.api<Conversation>('/api/im/conversation/draft', { conversationID: id, draftText: '未发送' }, { token: b.token })
    expect(draft.data.draftText).toBe('未发送')

    await s.api('/api/im/conversation/delete', { conversationID: id, clearHistory: false }, { token: b.token })
    expect((await convs(b.token)).some((x) => x.conversationID === id)).toBe(false)
    expect((await history(b.token, id)).messages).toHaveLength(2)
    await ca.sendText(`C2C${b.wtId}`, 'three')
    const back = (await convs(b.token)).find((x) => x.conversationID === id)!
    expect(back.unreadCount).toBe(1)
    await s.api('/api/im/conversation/delete', { conversationID: id, clearHistory: true }, { token: b.token })
    expect((await history(b.token, id)).messages).toHaveLength(0)
    expect((await history(a.token, `C2C${b.wtId}`)).messages).toHaveLength(3)
    const bad = await s.api('/api/im/conversation/pin', { conversationID: 'XYZ', isPinned: true }, { token: b.token })
    expect(bad).toMatchObject({ code: 400 })
    expect(bad.msg.startsWith('conversationID:')).toBe(true)
    ca.close()
  })

  it('pages history backwards', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const ca = chatClient(s, a.token)
    for (let i = 1; i <= 25; i++) await ca.sendText(`C2C${b.wtId}`, `h${i}`)
    const newest = await history(b.token, `C2C${a.wtId}`, undefined, 20)
    expect(newest.messages.map((m) => m.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6))
    expect(newest.isCompleted).toBe(false)
    const older = await history(b.token, `C2C${a.wtId}`, 6, 20)
    expect(older.messages.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5])
    expect(older.isCompleted).toBe(true)
    ca.close()
  })
})

describe('searching by ID', () => {
  let s: TestServer
  setupServers('pglite', 1, (env) => {
    s = env.servers[0]!
  })
  it('finds users by ID or phone and groups by number', async () => {
    const phone = freshPhone()
    const a = await s.api<LoginResult>('/api/user/login/register', { phone, pwd: 'secret123', nickName: '查找我' })
    const b = await s.api<LoginResult>('/api/user/login/register', { phone: freshPhone(), pwd: 'secret123', nickName: 'b' })
    const token = b.data.token
    const byId = await s.api<Array<{ wtId: string; name: string; type: number }>>('/api/user/searchById', { searchId: a.data.wtId }, { token })
    expect(byId.data).toEqual([expect.objectContaining({ wtId: a.data.wtId, name: '查找我', type: 1 })])
    const byPhone = await s.api<Array<{ wtId: string }>>('/api/user/searchById', { searchId: phone }, { token })
    expect(byPhone.data.map((x) => x.wtId)).toEqual([a.data.wtId])
    const g = await s.api<{ groupNumber: string }>('/api/user/groupchat/add', { groupName: '找群', wtIds: [a.data.wtId] }, { token })
    const byGroup = await s.api<Array<{ type: number; groupNumber: string }>>('/api/user/searchById', { searchId: g.data.groupNumber }, { token })
    expect(byGroup.data).toEqual([expect.objectContaining({ type: 2, groupNumber: g.data.groupNumber })])
    expect((await s.api<unknown[]>('/api/user/searchById', { searchId: '00000' }, { token })).data).toEqual([])
    expect((await s.api('/api/user/searchById', { searchId: '' }, { token })).code).toBe(400)
  })
})
