import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '../../types/chat.js'
import { HELPER_AVATAR, type FavoritePage, type HelperAnswer, type HelperQuestion, type Phrase } from '../../types/favorites.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'


describe.each(BACKENDS)('favorites, quick phrases and the official helper on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })

  let alice: TestUser, bob: TestUser
  const clients: ChatClient[] = []
  const call = <T = unknown>(path: string, body: unknown, u: TestUser) => s.api<T>(path, body, { token: u.token })
  const list = (u: TestUser, body: Record<string, unknown> = {}) => call<FavoritePage>('/api/user/collection/list', body, u)
  const add = (u: TestUser, body: Record<string, unknown>) => call<{ id: number }>('/api/user/collection/add', body, u)

  it('registers the cast', async () => {
    ;[alice, bob] = await Promise.all([registerUser(s, '爱丽丝'), registerUser(s, '鲍勃')])
  })

  it('lists favorites of every kind newest first with their cards, files by upload id', async () => {
    const img = await uploadFile(s, bob.token, PNG_1x1, 'p.png', 'image')
    const video = await uploadFile(s, bob.token, Buffer.from('not really a video'), 'v.mp4', 'video')
    const poster = await uploadFile(s, bob.token, PNG_1x1, 'poster.png', 'image')
    const doc = await uploadFile(s, bob.token, Buffer.from('%PDF-1.4 hello'), '合同.pdf')
    expect((await add(alice, { contentType: 1, collectTitle: '一段文字', collectedUserId: bob.wtId })).code).toBe(200)
    expect((await add(alice, { contentType: 7, collectTitle: '看这个 https://example.com/a' })).code).toBe(200)
    expect((await add(alice, { contentType: 2, imageUuid: `${img.url}?t=abc` })).code).toBe(200)
    expect((await add(alice, { contentType: 3, videoUuid: video.url, snapshotUuid: poster.url, videoImage: poster.url })).code).toBe(200)
    expect((await add(alice, { contentType: 4, fileUuid: doc.id, fileName: '合同.pdf', fileSize: 14, fileType: 'pdf' })).code).toBe(200)
    expect((await add(alice, { contentType: 5, lat: 31.23, lng: 121.47, addressTitle: '外滩' })).code).toBe(200)

    const page = await list(alice, { pageNum: 1, pageSize: 10 })
    expect(page.code).toBe(200)
    expect(page.data.total).toBe(6)
    expect(page.data.rows.map((r) => r.contentType)).toEqual([5, 4, 3, 2, 7, 1])
    const [loc, file, vid, image, , text] = page.data.rows
    expect(text).toMatchObject({ collectTitle: '一段文字', collectedUserId: bob.wtId, collectedUserName: '鲍勃', topStatus: 0 })
    expect(image).toMatchObject({ imageUuid: img.id, imageUrl: img.url })
    expect(vid).toMatchObject({ videoUuid: video.id, videoUrl: video.url, videoImage: poster.url })
    expect(file).toMatchObject({ fileUuid: doc.id, fileUrl: doc.url, fileName: '合同.pdf', fileSize: 14, collectTitle: '合同.pdf' })
    expect(loc).toMatchObject({ addressTitle: '外滩', lat: 31.23, lng: 121.47, collectTitle: '外滩' })
    expect(text!.createTime).toBeGreaterThan(1_600_000_000)
    // Nobody else sees them.
    expect((await list(bob)).data).toEqual({ rows: [], total: 0 })
  })

  it('pages by 10 with the total, searches titles, and reads past the end as empty with the total', async () => {
    for (let i = 0; i < 14; i++) expect((await add(bob, { contentType: 1, collectTitle: `笔记 ${i} 100%_done` })).code).toBe(200)
    const first = await list(bob, { pageNum: 1, pageSize: 10 })
    const second = await list(bob, { pageNum: 2, pageSize: 10 })
    expect(first.data.rows).toHaveLength(10)
    expect(second.data.rows).toHaveLength(4)
    expect(first.data.total).toBe(14)
    expect(second.data.total).toBe(14)
    expect(new Set([...first.data.rows, ...second.data.rows].map((r) => r.id)).size).toBe(14)
    expect((await list(bob, { pageNum: 3 })).data).toEqual({ rows: [], total: 14 })
    const found = await list(bob, { collectTitle: '笔记 1' })
    expect(found.data.rows.map((r) => r.collectTitle).sort()).toEqual(['笔记 1 100%_done', '笔记 10 100%_done', '笔记 11 100%_done', '笔记 12 100%_done', '笔记 13 100%_done'])
    // A % typed by the user is a character, not a wildcard.
    expect((await list(alice, { collectTitle: '%' })).data.total).toBe(0)
    expect((await list(bob, { collectTitle: '_' })).data.total).toBe(14)
    expect((await list(alice, { collectTitle: '合同' })).data.rows.map((r) => r.contentType)).toEqual([4])
  })

  it('pins and unpins: pinned on top, topStatus in the rows, and only the owner may', async () => {
    const rows = (await list(alice)).data.rows
    const oldest = rows[rows.length - 1]!
    expect(await call('/api/user/collection/topSet', { id: oldest.id }, alice)).toMatchObject({ code: 200, data: { id: oldest.id, topStatus: 1 } })
    const pinned = (await list(alice)).data.rows
    expect(pinned[0]).toMatchObject({ id: oldest.id, topStatus: 1 })
    expect((await call('/api/user/collection/topSet', { id: oldest.id }, bob)).code).toBe(404)
    expect((await call('/api/user/collection/topCancel', { id: oldest.id }, bob)).code).toBe(404)
    expect(await call('/api/user/collection/topCancel', { id: oldest.id }, alice)).toMatchObject({ code: 200, data: { topStatus: 0 } })
    expect((await list(alice)).data.rows[0]!.id).not.toBe(oldest.id)
  })

  it('deletes in a batch, all or none, never another user’s, and keeps the files', async () => {
    const mine = (await list(alice)).data.rows
    const theirs = (await list(bob)).data.rows
    const theirTotal = (await list(bob)).data.total
    const image = mine.find((r) => r.contentType === 2)!
    const mixed = await call('/api/user/collection/batchDel', { ids: [image.id, theirs[0]!.id] }, alice)
    expect(mixed.code).toBe(400)
    expect(mixed.msg).toMatch(/^ids: 收藏不存在: /)
    expect((await list(alice)).data.total).toBe(mine.length)
    expect((await list(bob)).data.total).toBe(theirTotal)

    const done = await call<{ deleted: number }>('/api/user/collection/batchDel', { ids: [image.id, mine[0]!.id] }, alice)
    expect(done).toMatchObject({ code: 200, msg: '删除成功', data: { deleted: 2 } })
    expect((await list(alice)).data.total).toBe(mine.length - 2)
    // The image's file is still served: deleting a favorite never deletes a stored file.
    const res = await fetch(`${s.url}${image.imageUrl}`, { headers: { authorization: `Bearer ${alice.token}` } })
    expect(res.status).toBe(200)
  })

  it('answers bad input with 400 naming the field, never a 500', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/user/collection/add', { contentType: 6, collectTitle: 'x' }, /^contentType: /],
      ['/api/user/collection/add', { contentType: 1, collectTitle: 'x'.repeat(12 * 1024 + 1) }, /^collectTitle: /],
      ['/api/user/collection/add', { contentType: 4, fileUuid: 'https://elsewhere.example/f.pdf', fileName: 'f.pdf' }, /^fileUuid: /],
      ['/api/user/collection/batchDel', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, /^ids: /],
      ['/api/user/collection/batchDel', { ids: [] }, /^ids: /],
      ['/api/user/collection/batchDel', { ids: ['1'] }, /^ids\.0: /],
      ['/api/user/collection/list', { pageNum: 0 }, /^pageNum: /],
      ['/api/user/collection/list', { pageSize: 500 }, /^pageSize: /],
      ['/api/user/collection/topSet', {}, /^id: /],
      ['/api/userDailyWord/add', { word: 'x'.repeat(201) }, /^word: 常用语不能超过200个字/],
      ['/api/userDailyWord/add', { word: '   ' }, /^word: 请输入常用语/],
      ['/api/userDailyWord/sort', { ids: 'a' }, /^ids: /],
      ['/api/user/helperReply/keyWord', { keyWord: '' }, /^keyWord: /],
      ['/api/user/userConfig/phraseSwitch', { phraseSwitch: 2 }, /^phraseSwitch: /],
    ]
    for (const [path, body, msg] of cases) {
      const r = await call(path, body, alice)
      expect({ path, code: r.code, status: r.status }).toEqual({ path, code: 400, status: 400 })
      expect(r.msg).toMatch(msg)
    }
    expect((await s.api('/api/user/collection/list', {})).code).toBe(401)
  })

  it('gives a new account the default quick phrases once, then adds, edits, sorts and deletes its own only', async () => {
    const first = await call<Phrase[]>('/api/userDailyWord/list', undefined, alice)
    expect(first.code).toBe(200)
    expect(first.data.length).toBeGreaterThanOrEqual(5)
    expect(first.data[0]!.word).toBe('你好，请问有什么可以帮你？')
    expect(first.data.map((p) => p.wordSort)).toEqual([...first.data.map((p) => p.wordSort)].sort((a, b) => a - b))

    const added = await call<Phrase>('/api/userDailyWord/add', { word: '  马上到  ' }, alice)
    expect(added.data).toMatchObject({ word: '马上到' })
    const all = (await call<Phrase[]>('/api/userDailyWord/list', undefined, alice)).data
    expect(all[all.length - 1]!.id).toBe(added.data.id)
    expect(added.data.word.length).toBeLessThanOrEqual(200)
    expect((await call('/api/userDailyWord/add', { word: '字'.repeat(200) }, alice)).code).toBe(200)

    expect((await call<Phrase>('/api/userDailyWord/update', { id: added.data.id, word: '五分钟后到' }, alice)).data.word).toBe('五分钟后到')
    expect((await call('/api/userDailyWord/update', { id: added.data.id, word: '偷改' }, bob)).code).toBe(404)

    const sorted = await call<Phrase[]>('/api/userDailyWord/sort', { ids: [added.data.id, all[0]!.id] }, alice)
    expect(sorted.data[0]!.id).toBe(added.data.id)
    expect(sorted.data[1]!.id).toBe(all[0]!.id)
    expect(sorted.data).toHaveLength(all.length + 1)
    expect(new Set(sorted.data.map((p) => p.wordSort)).size).toBe(sorted.data.length)

    const bobs = (await call<Phrase[]>('/api/userDailyWord/list', undefined, bob)).data
    expect((await call('/api/userDailyWord/sort', { ids: [bobs[0]!.id] }, alice)).code).toBe(400)
    expect((await call('/api/userDailyWord/deleteByIds', { ids: [bobs[0]!.id, added.data.id] }, alice)).code).toBe(400)
    expect((await call<Phrase[]>('/api/userDailyWord/list', undefined, bob)).data).toHaveLength(bobs.length)

    const ids = sorted.data.map((p) => p.id)
    expect(await call('/api/userDailyWord/deleteByIds', { ids }, alice)).toMatchObject({ code: 200, data: { deleted: ids.length } })
    // Emptied by the user: the defaults do not come back.
    expect((await call<Phrase[]>('/api/userDailyWord/list', undefined, alice)).data).toEqual([])
  })

  it('switches the quick phrases entry in the user config', async () => {
    expect((await call<{ phraseSwitch: number }>('/api/user/userConfig/getInfo', undefined, bob)).data.phraseSwitch).toBe(1)
    expect((await call('/api/user/userConfig/phraseSwitch', { phraseSwitch: 0 }, bob)).code).toBe(200)
    expect((await call<{ phraseSwitch: number }>('/api/user/userConfig/getInfo', undefined, bob)).data.phraseSwitch).toBe(0)
    expect((await call<{ phraseSwitch: number }>('/api/user/userConfig/getInfo', undefined, alice)).data.phraseSwitch).toBe(1)
    await call('/api/user/userConfig/phraseSwitch', { phraseSwitch: 1 }, bob)
  })

  it('lists the helper conversation for every account with its FAQ card, once', async () => {
    const convs = async (u: TestUser) => (await call<Conversation[]>('/api/im/conversations', undefined, u)).data
    const [a1, a2] = await Promise.all([convs(alice), convs(alice)])
    for (const list of [a1, a2]) expect(list.some((c) => c.conversationID === 'C2CwisperHelper')).toBe(true)
    const helper = (await convs(alice)).find((c) => c.conversationID === 'C2CwisperHelper')!
    // Its own avatar, not the grey placeholder of an account without one.
    expect(helper.userProfile).toMatchObject({ userID: 'wisperHelper', nick: '微谈小助手', avatar: HELPER_AVATAR })
    const history = (await call<{ messages: Message[] }>('/api/im/messages/history', { conversationID: 'C2CwisperHelper', count: 20 }, alice)).data.messages
    expect(history).toHaveLength(1)
    const card = JSON.parse(String(history[0]!.payload.data)) as { type: string; content: { txtMsg: HelperQuestion[] } }
    expect(card.type).toBe('wisperHelper Msg')
    const faq = (await call<HelperQuestion[]>('/api/user/helperReply/list', undefined, alice)).data
    expect(card.content.txtMsg).toEqual(faq)
    expect(faq.map((q) => q.question)).toContain('怎么添加好友？')
    // The answers hold on a phone too, which has a bottom tab bar and no left side bar.
    expect(faq.filter((q) => /左侧|侧边栏/.test(q.replyMsg))).toEqual([])
    // The profile card's entry is 举报, as the report form and its toasts say.
    expect(faq.filter((q) => q.replyMsg.includes('投诉'))).toEqual([])
    expect(faq.find((q) => q.question === '我的隐私如何保护？')?.replyMsg).toContain('点「举报」')
  })

  it('answers a FAQ question and a typed text in the conversation, live, with a keyword answer or the fallback', async () => {
    const c = chatClient(s, alice.token)
    clients.push(c)
    await c.ready
    const faq = (await call<HelperQuestion[]>('/api/user/helperReply/list', undefined, alice)).data
    const asked = await call<HelperQuestion>('/api/user/helperReply/question', { id: faq[1]!.id }, alice)
    expect(asked.data).toEqual(faq[1])
    const pushed = await c.next((f) => f.type === 'msg' && (f.message as Message).from === 'wisperHelper' && (f.message as Message).payload.text === faq[1]!.replyMsg)
    expect((pushed.message as Message).conversationID).toBe('C2CwisperHelper')
    expect((await call('/api/user/helperReply/question', { id: 9999 }, alice)).code).toBe(404)

    const ack = await c.sendText('C2CwisperHelper', '群通话最多几个人？')
    expect(ack.type).toBe('ack')
    const reply = await c.next((f) => f.type === 'msg' && (f.message as Message).from === 'wisperHelper' && String((f.message as Message).payload.text).includes('9人'))
    expect((reply.message as Message).conversationID).toBe('C2CwisperHelper')

    const kw = await call<HelperAnswer>('/api/user/helperReply/keyWord', { keyWord: '怎么开通VIP' }, alice)
    expect(kw.data.matched).toBe(true)
    expect(kw.data.replyMsg).toContain('会员')
    const none = await call<HelperAnswer>('/api/user/helperReply/keyWord', { keyWord: '今天天气怎么样' }, alice)
    expect(none.data).toMatchObject({ matched: false })
    expect(none.data.replyMsg).toContain('联系人工客服')
    // The helper account cannot be logged into.
    expect((await s.api('/api/user/login/id', { wtId: 'wisperHelper', pwd: '!' })).code).not.toBe(200)
  })

  it('closes the sockets', () => {
    for (const c of clients) c.close()
  })
})
