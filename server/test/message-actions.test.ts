import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../types/chat.js'
import type { ForwardResult } from '../../types/messageOps.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { makeGroup } from './support/groups.js'
import { uploadFile } from './support/uploads.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'

describe.each(BACKENDS)('message operations (revoke, delete, forward, favorites) on %s', (backend) => {
  let s: TestServer
  let storage: Storage
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
    storage = env.storage
  })

  let owner: TestUser, admin: TestUser, member: TestUser, third: TestUser
  const clients: ChatClient[] = []
  const connect = async (u: TestUser) => {
    const c = chatClient(s, u.token)
    await c.ready
    clients.push(c)
    return c
  }
  const call = <T = unknown>(path: string, body: unknown, u: TestUser) => s.api<T>(path, body, { token: u.token })
  const history = async (u: TestUser, conversationID: string) =>
    (await call<{ messages: Message[] }>('/api/im/messages/history', { conversationID, count: 100 }, u)).data.messages
  const age = (conversationID: string, seq: number, minutes: number) =>
    storage.db.query(`UPDATE messages SET created_at = now() - ($3 || ' minutes')::interval WHERE channel_id = $1 AND seq = $2`, [
      conversationID.startsWith('GROUP') ? `group:${conversationID.slice(5)}` : conversationID,
      seq,
      String(minutes),
    ])
  const c2cChannel = (a: string, b: string) => (a < b ? `c2c:${a}:${b}` : `c2c:${b}:${a}`)
  const seqOf = (ack: Record<string, unknown>) => (ack.message as Message).sequence

  it('registers the cast', async () => {
    ;[owner, admin, member, third] = await Promise.all(['群主', '管理员', '成员', '旁观者'].map((n) => registerUser(s, n)))
  })

  it('revokes an own message within 300 s, live for the peer and in their conversation list, and refuses it after with 20016', async () => {
    const [ca, cb] = [await connect(member), await connect(third)]
    const conv = `C2C${third.wtId}`
    const fresh = seqOf(await ca.sendText(conv, '说错了'))
    const old = seqOf(await ca.sendText(conv, '很久以前'))
    await storage.db.query(`UPDATE messages SET created_at = now() - interval '301 seconds' WHERE channel_id = $1 AND seq = $2`, [c2cChannel(member.wtId, third.wtId), old])

    const late = await call('/api/im/message/revoke', { conversationID: conv, sequence: old }, member)
    expect(late).toMatchObject({ code: 20016, msg: '已过撤回时限' })

    const done = await call('/api/im/message/revoke', { conversationID: conv, sequence: fresh }, member)
    expect(done.code).toBe(200)
    expect(await cb.next((f) => f.type === 'revoked' && f.sequence === fresh)).toMatchObject({ conversationID: `C2C${member.wtId}`, from: member.wtId, revoker: member.wtId })
    const seen = (await history(third, `C2C${member.wtId}`)).find((m) => m.sequence === fresh)
    expect(seen).toMatchObject({ isRevoked: true, revoker: member.wtId, payload: {} })
    // The peer cannot revoke it (nor anything of member's), whatever its age.
    expect((await call('/api/im/message/revoke', { conversationID: `C2C${member.wtId}`, sequence: old }, third)).code).toBe(403)
    void ca
  })

  it('lets a group owner or admin revoke a member\'s message of any age, refuses a member revoking another\'s', async () => {
    const g = await makeGroup(s, owner, [admin], [member, third])
    const [cm, ct] = [await connect(member), await connect(third)]
    const seq = seqOf(await cm.sendText(g.conversationID, '成员的话'))
    const adminSeq = seqOf(await (await connect(admin)).sendText(g.conversationID, '管理员的话'))
    await age(g.conversationID, seq, 60)

    expect((await call('/api/im/message/revoke', { conversationID: g.conversationID, sequence: seq }, third)).code).toBe(403)
    expect((await call('/api/im/message/revoke', { conversationID: g.conversationID, sequence: adminSeq }, member)).code).toBe(403)
    // An admin does not outrank another admin; the owner does.
    const ok = await call<{ revoker: string }>('/api/im/message/revoke', { conversationID: g.conversationID, sequence: seq }, admin)
    expect(ok).toMatchObject({ code: 200, data: { revoker: 'administrator' } })
    expect(await ct.next((f) => f.type === 'revoked' && f.sequence === seq)).toMatchObject({ conversationID: g.conversationID, revoker: 'administrator' })
    expect((await call('/api/im/message/revoke', { conversationID: g.conversationID, sequence: adminSeq }, owner)).code).toBe(200)
    const h = await history(third, g.conversationID)
    expect(h.find((m) => m.sequence === seq)).toMatchObject({ isRevoked: true, revoker: 'administrator' })
    expect(h.find((m) => m.sequence === adminSeq)?.isRevoked).toBe(true)
  })

  it('of two revokes of one message at once, the second answers the first\'s revoker and the group hears of it once', async () => {
    const g = await makeGroup(s, owner, [admin], [member, third])
    const [cm, ct] = [await connect(member), await connect(third)]
    const seq = seqOf(await cm.sendText(g.conversationID, '两人同时撤回'))
    const revoke = (u: TestUser) => call<{ revoker: string }>('/api/im/message/revoke', { conversationID: g.conversationID, sequence: seq }, u)
    const [bySender, byOwner] = await Promise.all([revoke(member), revoke(owner)])
    expect([bySender.code, byOwner.code]).toEqual([200, 200])
    expect(byOwner.data.revoker).toBe(bySender.data.revoker)
    expect((await history(third, g.conversationID)).find((m) => m.sequence === seq)).toMatchObject({ isRevoked: true, revoker: bySender.data.revoker })
    // A message sent after both answers reaches the socket after any revoke notice of theirs.
    const after = seqOf(await cm.sendText(g.conversationID, '之后'))
    await ct.next((f) => f.type === 'msg' && (f.message as Message).sequence === after)
    expect(ct.events().filter((f) => f.type === 'revoked' && f.sequence === seq)).toHaveLength(1)
  })

  it('admin revokes one message and all of a sender, seen by a third user\'s socket (type 7)', async () => {
    const g = await makeGroup(s, owner, [admin], [member, third])
    const [cm, ct] = [await connect(member), await connect(third)]
    const seqs: number[] = []
    for (const t of ['一', '二', '三']) seqs.push(seqOf(await cm.sendText(g.conversationID, t)))
    const one = await call('/api/user/groupchat/admin/withdrawMsg', { groupNumber: g.groupNumber, userWtId: member.wtId, msgSeq: seqs[0] }, admin)
    expect(one.code).toBe(200)
    expect(await ct.next((f) => f.type === 7 && Array.isArray(f.sequences))).toMatchObject({ withdrawUserWtId: member.wtId, sequences: [seqs[0]] })
    const all = await call('/api/user/groupchat/admin/withdrawWebMsgByUser', { groupNumber: g.groupNumber, userWtId: member.wtId, lastMessageSequence: seqs[2] }, owner)
    expect(all.code).toBe(200)
    expect(await ct.next((f) => f.type === 7 && !('sequences' in f))).toMatchObject({ groupNumber: g.groupNumber, withdrawUserWtId: member.wtId, lastMessageSequence: seqs[2] })
    const h = await history(third, g.conversationID)
    expect(h.filter((m) => m.from === member.wtId).every((m) => m.isRevoked && m.revoker === 'administrator')).toBe(true)
  })

  it('deletes for me only: incoming messages, own ones older than 5 minutes; a newer own one is refused', async () => {
    const ca = await connect(owner)
    const cb = await connect(third)
    const conv = `C2C${third.wtId}`
    const mine = seqOf(await ca.sendText(conv, '我的新消息'))
    const theirs = seqOf(await cb.sendText(`C2C${owner.wtId}`, '对方的消息'))
    expect((await call('/api/im/message/delete', { conversationID: conv, sequences: [mine] }, owner)).code).toBe(403)
    await storage.db.query(`UPDATE messages SET created_at = now() - interval '6 minutes' WHERE channel_id = $1 AND seq = $2`, [c2cChannel(owner.wtId, third.wtId), mine])
    const done = await call<{ sequences: number[] }>('/api/im/message/delete', { conversationID: conv, sequences: [mine, theirs] }, owner)
    expect(done).toMatchObject({ code: 200, data: { sequences: [mine, theirs].sort((a, b) => a - b) } })
    const left = (await history(owner, conv)).map((m) => m.sequence)
    expect(left).not.toContain(mine)
    expect(left).not.toContain(theirs)
    // Only for the one who deleted.
    expect((await history(third, `C2C${owner.wtId}`)).map((m) => m.sequence)).toEqual(expect.arrayContaining([mine, theirs]))
    expect((await call('/api/im/message/delete', { conversationID: conv, sequences: [9999] }, owner)).code).toBe(404)
  })

  it('refuses a banned forwarder with 20012 before looking at the words', async () => {
    const g = await makeGroup(s, owner, [], [member])
    const cm = await connect(member)
    const a = seqOf(await cm.sendText(g.conversationID, '普通内容'))
    await storage.db.query(`UPDATE messages SET payload = '{"text":"含有敏感词测试的内容"}' WHERE channel_id = $1 AND seq = $2`, [`group:${g.groupID}`, a])
    await storage.db.query(`UPDATE users SET banned_until = now() + interval '1 day' WHERE wt_id = $1`, [member.wtId])
    try {
      const refused = await call('/api/im/message/forward', { conversationID: g.conversationID, sequences: [a], targets: [`C2C${owner.wtId}`] }, member)
      expect(refused).toMatchObject({ code: 20012, msg: '封禁期间无法向其他用户发送消息' })
    } finally {
      await storage.db.query('UPDATE users SET banned_until = NULL WHERE wt_id = $1', [member.wtId])
    }
  })

  it('forwards one by one and as a merged record, and refuses sensitive words with 80001', async () => {
    const g = await makeGroup(s, owner, [], [member, third])
    const co = await connect(owner)
    const ct = await connect(third)
    const a = seqOf(await co.sendText(g.conversationID, '第一条'))
    const b = seqOf(await co.sendText(g.conversationID, '第二条'))
    const target = `C2C${third.wtId}`
    const single = await call<ForwardResult>('/api/im/message/forward', { conversationID: g.conversationID, sequences: [a, b], targets: [target] }, owner)
    expect(single.data.results).toEqual([{ conversationID: target, sent: 2, code: 200, msg: '' }])
    const fromOwner = (f: Record<string, unknown>) => f.type === 'msg' && (f.message as Message).conversationID === `C2C${owner.wtId}`
    const got = await ct.next((f) => fromOwner(f) && (f.message as Message).payload.text === '第二条')
    expect((got.message as Message).from).toBe(owner.wtId)

    const merged = await call<ForwardResult>('/api/im/message/forward', { conversationID: g.conversationID, sequences: [a, b], targets: [target], merged: true, title: '群聊的聊天记录' }, owner)
    expect(merged.data.results[0]).toMatchObject({ sent: 1, code: 200 })
    const record = (await ct.next((f) => f.type === 'msg' && (f.message as Message).type === 'TIMRelayElem')).message as Message
    expect(record.payload).toMatchObject({ title: '群聊的聊天记录', abstractList: ['群主: 第一条', '群主: 第二条'] })
    expect((record.payload.messageList as Array<{ payload: { text: string } }>).map((m) => m.payload.text)).toEqual(['第一条', '第二条'])

    // The record forwarded again, nested: its words are still checked.
    const ownerView = (await history(owner, target)).find((m) => m.type === 'TIMRelayElem')!
    const nested = await call<ForwardResult>('/api/im/message/forward', { conversationID: target, sequences: [ownerView.sequence], targets: [g.conversationID], merged: true }, owner)
    expect(nested.code).toBe(200)

    // A sensitive text reaches the store only as risk content of its sender; a forward of a text that does is refused.
    await storage.db.query(`UPDATE messages SET payload = '{"text":"含有敏感词测试的内容"}' WHERE channel_id = $1 AND seq = $2`, [`group:${g.groupID}`, a])
    const refused = await call('/api/im/message/forward', { conversationID: g.conversationID, sequences: [a], targets: [target], merged: true }, owner)
    expect(refused).toMatchObject({ code: 80001, msg: '内容包含敏感词汇' })
    // Each target keeps its own send rules: a group the forwarder is not in refuses with 10007.
    const elsewhere = await makeGroup(s, third, [], [member])
    const partly = await call<ForwardResult>('/api/im/message/forward', { conversationID: g.conversationID, sequences: [b], targets: [elsewhere.conversationID, target, target] }, owner)
    expect(partly.data.results).toEqual([
      { conversationID: elsewhere.conversationID, sent: 0, code: 10007, msg: expect.any(String) },
      { conversationID: target, sent: 1, code: 200, msg: '' },
    ])
    // Nobody outside may forward the group's messages.
    const outsider = await registerUser(s, '外人')
    expect((await call('/api/im/message/forward', { conversationID: g.conversationID, sequences: [b], targets: [`C2C${owner.wtId}`] }, outsider)).code).toBe(404)
  })

  it('adds favorites of each content type and validates the payload', async () => {
    const add = (body: Record<string, unknown>) => call<{ id: number }>('/api/user/collection/add', body, member)
    const text = await add({ contentType: 1, collectTitle: '一句话', collectedUserId: owner.wtId })
    expect(text).toMatchObject({ code: 200, msg: '收藏成功' })
    const file = await uploadFile(s, member.token, Buffer.from('%PDF-1.4 test'), 'a.pdf')
    expect((await add({ contentType: 2, imageUuid: file.url })).code).toBe(200)
    expect((await add({ contentType: 4, fileUuid: file.url, fileName: 'a.pdf', fileSize: 10 })).code).toBe(200)
    // Only files stored here: a favorite keeps its file by upload id.
    expect(await add({ contentType: 2, imageUuid: '/api/oss/file/abcdefghijklmnopq' })).toMatchObject({ code: 400, msg: 'imageUuid: 文件不存在' })
    expect((await add({ contentType: 5, lat: 31.2, lng: 121.5, addressTitle: '上海' })).code).toBe(200)
    expect((await add({ contentType: 7, collectTitle: 'https://example.com' })).code).toBe(200)
    expect((await add({ contentType: 99, id: text.data.id })).code).toBe(200)
    expect((await add({ contentType: 6, collectTitle: 'x' })).code).toBe(400)
    expect((await add({ contentType: 2 })).code).toBe(400)
    // A file still on the device: its upload has not finished.
    expect(await add({ contentType: 2, imageUuid: 'blob:http://localhost/1234' })).toMatchObject({ code: 400, msg: '消息正在发送中' })
    // Someone else's favorite cannot be re-favorited.
    expect((await call('/api/user/collection/add', { contentType: 99, id: text.data.id }, owner)).code).toBe(404)
    const { rows } = await storage.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_collections WHERE wt_id = $1', [member.wtId])
    expect(rows[0]!.n).toBe(6)
  })

  it('closes the sockets', () => {
    for (const c of clients) c.close()
    void ({} as Conversation)
  })
})
