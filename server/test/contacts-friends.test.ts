import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { Conversation, Message } from '../../types/chat.js'
import type { FriendApplication, FriendInfoResult, FriendListItem, CommonGroup } from '../../types/friends.js'
import type { MemberCentre } from '../../types/member.js'
import type { SearchResult } from '../../types/search.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TAG } from '../src/domain/demo.js'
import { seedDemoData } from '../src/app/demo.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { BACKENDS, setupServers, type Storage, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

describe.each(BACKENDS)('friends on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let peer: TestServer
  setupServers(backend, 2, (env) => {
    storage = env.storage
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })

  const info = async (me: TestUser, searchId: string) => (await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId }, { token: me.token })).data.data
  const friends = async (me: TestUser) => (await s.api<FriendListItem[]>('/api/userFriends/list', undefined, { token: me.token })).data
  const apply = (from: TestUser, to: TestUser, extra: Record<string, unknown> = {}) =>
    s.api('/api/userFriends/apply', { applyWtId: to.wtId, applySource: 1, applyInfo: '你好', ...extra }, { token: from.token })
  const handle = (me: TestUser, applicant: TestUser, handleStatus: number) =>
    s.api<FriendApplication>('/api/userFriends/apply/handle', { applyWtId: applicant.wtId, handleStatus }, { token: me.token })

  it('delivers a new application live with the unread count, and makes friends only on acceptance', async () => {
    const a = await registerUser(s, '申请人')
    const b = await registerUser(s, '接收人')
    const cb = chatClient(peer, b.token)
    const ca = chatClient(s, a.token)
    await Promise.all([cb.ready, ca.ready])

    const sent = await apply(a, b, { applySource: 2, applyInfo: '我是同事' })
    expect(sent).toMatchObject({ code: 200, msg: '申请已发送' })
    const frame = await cb.next((f) => f.type === 'friendApply' && f.application !== null)
    expect(frame).toMatchObject({
      unreadCount: 1,
      application: { applyWtId: a.wtId, applyNickName: '申请人', applyStatus: 0, applySource: 2, applyInfo: '我是同事', isRead: false },
    })
    expect((await s.api('/api/userFriends/applyUnread', {}, { token: b.token })).data).toEqual({ count: 1 })

    // Not friends yet, on either side.
    expect(await friends(a)).toEqual([])
    expect(await friends(b)).toEqual([])
    expect((await info(a, b.wtId)).friendsStatus).toBe(1)
    expect((await info(a, b.wtId)).applying).toBe(true)

    // Opening the list marks it read (the other device hears the new count).
    const list = await s.api<FriendApplication[]>('/api/userFriends/applyList', {}, { token: b.token })
    expect(list.data).toEqual([expect.objectContaining({ applyWtId: a.wtId, applyStatus: 0, isRead: false })])
    expect((await s.api('/api/userFriends/applyUnread', {}, { token: b.token })).data).toEqual({ count: 0 })
    await cb.next((f) => f.type === 'friendApply' && f.application === null && f.unreadCount === 0)

    const agreed = await handle(b, a, 1)
    expect(agreed.data).toMatchObject({ applyWtId: a.wtId, applyStatus: 1 })
    await ca.next((f) => f.type === 'friendChange' && f.change === 'added' && f.wtId === b.wtId)
    expect(await friends(a)).toEqual([{ wtId: b.wtId, nickName: '接收人', remark: '', avatar: b.avatar, tagNameList: [], actionStatus: 0 }])
    expect((await friends(b)).map((f) => f.wtId)).toEqual([a.wtId])
    expect(await info(b, a.wtId)).toMatchObject({ friendsStatus: 0, applySource: 2, applying: false })
    // Contacts frames are never folded into a chat batch: clients read batches as chat frames only.
    await cb.next((f) => f.type === 'friendChange' && f.change === 'added' && f.wtId === a.wtId)
    const batched = (frames: Array<Record<string, unknown>>) =>
      frames.some((f) => f.type === 'batch' && (f.frames as Array<{ type: string }>).some((x) => x.type.startsWith('friend')))
    expect(batched(cb.probe.frames) || batched(ca.probe.frames)).toBe(false)
    // The list keeps the handled application with its new state.
    const after = await s.api<FriendApplication[]>('/api/userFriends/applyList', {}, { token: b.token })
    expect(after.data[0]).toMatchObject({ applyStatus: 1, isRead: true })
    // Handling twice is refused.
    expect(await handle(b, a, 1)).toMatchObject({ code: 404, status: 404 })
    ca.close()
    cb.close()
  })

  it('records a rejection without making friends, and lets the applicant apply again', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    await apply(a, b)
    expect((await handle(b, a, 2)).data).toMatchObject({ applyStatus: 2 })
    expect(await friends(b)).toEqual([])
    expect(await apply(a, b, { applyInfo: '再试一次' })).toMatchObject({ code: 200 })
    const list = await s.api<FriendApplication[]>('/api/userFriends/applyList', {}, { token: b.token })
    expect(list.data[0]).toMatchObject({ applyStatus: 0, applyInfo: '再试一次' })
    // A bad handleStatus is a clear 400, not a 500.
    const bad = await s.api('/api/userFriends/apply/handle', { applyWtId: a.wtId, handleStatus: 3 }, { token: b.token })
    expect(bad).toMatchObject({ code: 400, status: 400 })
    expect(bad.msg.startsWith('handleStatus')).toBe(true)
  })

  it('refuses applying to yourself, to a friend, to someone who blacklisted you, with a long reason or a bad source', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const c = await registerUser(s)
    expect(await apply(a, a)).toMatchObject({ code: 400, msg: '不能添加自己为好友' })
    await befriend(s, a, b)
    expect(await apply(a, b)).toMatchObject({ code: 409, msg: '对方已是你的好友' })
    await s.api('/api/user/friendBlack/add', { friendWtId: a.wtId }, { token: c.token })
    expect(await apply(a, c)).toMatchObject({ code: 403, msg: '对方已将你拉黑，无法添加好友' })
    const long = await apply(c, a, { applyInfo: '一二三四五六七八九十一二三四五六' })
    expect(long).toMatchObject({ code: 400 })
    expect(long.msg).toContain('15')
    // 15 characters, emoji counting as one, pass.
    expect(await apply(c, a, { applyInfo: '一二三四五六七八九十一二三四😀' })).toMatchObject({ code: 200 })
    expect((await apply(c, b, { applySource: 6 })).code).toBe(400)
    expect(await apply(c, { wtId: '99999999', token: '' } as TestUser)).toMatchObject({ code: 404, msg: '用户不存在' })
    expect((await s.api('/api/userFriends/apply', { applyWtId: a.wtId, applySource: 1 })).code).toBe(401)
  })

  it('enforces member protection for applications from a group and fills the default reason', async () => {
    const owner = await registerUser(s, '群主')
    const m1 = await registerUser(s, '成员一')
    const m2 = await registerUser(s, '成员二')
    const { groupID } = await makeGroup(s, owner, [], [m1, m2], { groupName: '保护群' })
    const fromGroup = { applySource: 5, applyInfo: '', groupID }
    expect(await apply(m1, m2, fromGroup)).toMatchObject({ code: 200 })
    const list = await s.api<FriendApplication[]>('/api/userFriends/applyList', {}, { token: m2.token })
    expect(list.data[0]).toMatchObject({ applySource: 5, applyInfo: '我是群聊“保护群”的成员一' })

    await storage.db.query('UPDATE groups SET member_protect_switch = 1 WHERE group_id = $1', [groupID])
    expect(await apply(m2, m1, fromGroup)).toMatchObject({ code: 403, msg: '该群已开启成员保护，不能通过群聊添加好友' })
    expect(await apply(m2, m1, { applySource: 5 })).toMatchObject({ code: 403 })
    // The owner is not an ordinary member; and searching by ID is not "from the group".
    expect(await apply(owner, m1, fromGroup)).toMatchObject({ code: 200 })
    expect(await apply(m2, m1, { applySource: 1 })).toMatchObject({ code: 200 })
    const stranger = await registerUser(s)
    expect(await apply(stranger, m1, fromGroup)).toMatchObject({ code: 403, msg: '你们不在同一个群聊中' })
  })

  it('sets a friend remark of at most 16 characters, and moments flags, for friends only', async () => {
    const a = await registerUser(s, '甲')
    const b = await registerUser(s, '乙')
    const c = await registerUser(s, '丙')
    await befriend(s, a, b)
    expect(await s.api('/api/userFriends/update', { friendsWtId: b.wtId, remark: '十六个字的备注十六个字的备注好的' }, { token: a.token })).toMatchObject({
      code: 200,
      msg: '修改成功',
    })
    expect((await friends(a))[0]!.remark).toBe('十六个字的备注十六个字的备注好的')
    expect((await info(a, b.wtId)).remark).toBe('十六个字的备注十六个字的备注好的')
    // My remark is mine: the friend does not see it on their side.
    expect((await info(b, a.wtId)).remark).toBe('')
    const tooLong = await s.api('/api/userFriends/update', { friendsWtId: b.wtId, remark: '十七个字的备注十七个字的备注好的啊' }, { token: a.token })
    expect(tooLong).toMatchObject({ code: 400 })
    expect(await s.api('/api/userFriends/update', { friendsWtId: c.wtId, remark: 'x' }, { token: a.token })).toMatchObject({ code: 403, msg: '对方不是你的好友' })

    const hideMine = await s.api('/api/userFriends/updateSpaceStatus', { friendsWtId: b.wtId, mineSpaceStatus: 1 }, { token: a.token })
    expect(hideMine.data).toEqual({ friendsSpaceStatus: 0, mineSpaceStatus: 1 })
    const hideTheirs = await s.api('/api/userFriends/updateSpaceStatus', { friendsWtId: b.wtId, friendsSpaceStatus: 1 }, { token: a.token })
    expect(hideTheirs.data).toEqual({ friendsSpaceStatus: 1, mineSpaceStatus: 1 })
    expect(await info(a, b.wtId)).toMatchObject({ friendsSpaceStatus: 1, mineSpaceStatus: 1 })
    expect(await info(b, a.wtId)).toMatchObject({ friendsSpaceStatus: 0, mineSpaceStatus: 0 })
    expect((await s.api('/api/userFriends/updateSpaceStatus', { friendsWtId: b.wtId }, { token: a.token })).code).toBe(400)
    expect((await s.api('/api/userFriends/updateSpaceStatus', { friendsWtId: c.wtId, mineSpaceStatus: 1 }, { token: a.token })).code).toBe(403)
  })

  it('deletes a friend both ways, clears the deleter’s history and deletes the conversation', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    await befriend(s, a, b)
    const ca = chatClient(s, a.token)
    const cb = chatClient(peer, b.token)
    await Promise.all([ca.ready, cb.ready])
    await ca.sendText(`C2C${b.wtId}`, '第一条')
    await cb.sendText(`C2C${a.wtId}`, '第二条')
    const conv = `C2C${b.wtId}`
    await s.api('/api/im/conversation/pin', { conversationID: conv, isPinned: true }, { token: a.token })
    await s.api('/api/im/conversation/fold', { conversationID: conv, folded: true }, { token: a.token })
    const secondDevice = chatClient(peer, (await s.api<LoginResult>('/api/user/login/pwd', { phone: a.phone, pwd: 'secret123' })).data.token)
    await secondDevice.ready

    const del = await s.api('/api/userFriends/delete', { friendsWtId: b.wtId }, { token: a.token })
    expect(del).toMatchObject({ code: 200, msg: '删除好友成功' })
    expect(await friends(a)).toEqual([])
    expect(await friends(b)).toEqual([])
    await cb.next((f) => f.type === 'friendChange' && f.change === 'deleted' && f.wtId === a.wtId)
    await secondDevice.next((f) => f.type === 'convDeleted' && f.conversationID === conv)

    const history = await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: conv }, { token: a.token })
    expect(history.data.messages).toEqual([])
    const convs = await s.api<Conversation[]>('/api/im/conversations', undefined, { token: a.token })
    expect(convs.data.some((c) => c.conversationID === conv)).toBe(false)
    const { rows } = await storage.db.query<{ folded: boolean; pinned_at: Date | null; muted: boolean }>(
      'SELECT folded, pinned_at, muted FROM user_conversations WHERE wt_id = $1 AND conversation_id = $2',
      [a.wtId, conv],
    )
    expect(rows[0]).toEqual({ folded: false, pinned_at: null, muted: false })
    // The other side keeps its history.
    const theirs = await s.api<{ messages: Message[] }>('/api/im/messages/history', { conversationID: `C2C${a.wtId}` }, { token: b.token })
    expect(theirs.data.messages).toHaveLength(2)
    expect(await s.api('/api/userFriends/delete', { friendsWtId: b.wtId }, { token: a.token })).toMatchObject({ code: 403 })
    for (const c of [ca, cb, secondDevice]) c.close()
  })

  it('answers profiles: friend info fields, common groups, yourself, deleted accounts and unknown IDs', async () => {
    const a = await registerUser(s, '资料甲')
    const b = await registerUser(s, '资料乙')
    await befriend(s, a, b)
    await makeGroup(s, a, [], [b], { groupName: '共同群一' })
    await makeGroup(s, b, [], [a], { groupName: '共同群二' })
    const p = await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId: b.wtId }, { token: a.token })
    expect(p.data.data).toEqual({
      wtId: b.wtId,
      nickName: '资料乙',
      avatar: b.avatar,
      bio: '',
      remark: '',
      friendsStatus: 0,
      ownerBlackStatus: 0,
      actionStatus: 0,
      applySource: 1,
      commonGroupCount: 2,
      friendsSpaceStatus: 0,
      mineSpaceStatus: 0,
      tagNameList: [],
      userType: 0,
      applying: false,
      isSelf: false,
    })
    const common = await s.api<CommonGroup[]>('/api/user/groupchat/commonList', { wtId: b.wtId }, { token: a.token })
    expect(common.data.map((g) => g.groupName).sort()).toEqual(['共同群一', '共同群二'])
    expect(common.data[0]).toMatchObject({ groupMemberCount: 2 })
    expect((await info(a, a.wtId)).isSelf).toBe(true)

    expect(await info(a, '@TLS#NOT_FOUND')).toMatchObject({ wtId: '@TLS#NOT_FOUND', actionStatus: 1 })
    await storage.db.query('UPDATE users SET action_status = 1 WHERE wt_id = $1', [b.wtId])
    expect(await info(a, b.wtId)).toMatchObject({ actionStatus: 1, friendsStatus: 1 })
    expect((await friends(a))[0]).toMatchObject({ wtId: b.wtId, actionStatus: 1 })
    expect(await s.api('/api/user/friendInfo', { searchId: '99999998' }, { token: a.token })).toMatchObject({ code: 404, msg: '用户不存在' })
    expect((await s.api('/api/user/friendInfo', {}, { token: a.token })).code).toBe(400)
  })

  it('sends the contacts custom messages into the chat, from the caller only and matching the relation', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const cb = chatClient(peer, b.token)
    await cb.ready
    const send = (type: string, from = a, to = b, token = a.token) =>
      s.api<Message>('/api/user/sendCustomMessage', { fromWtId: from.wtId, toWtId: to.wtId, type }, { token })
    expect((await send('CustomMsg_Type_addFriend')).code).toBe(403)
    await befriend(s, a, b)
    const added = await send('CustomMsg_Type_addFriend')
    expect(added.code).toBe(200)
    expect(added.data).toMatchObject({ type: 'TIMCustomElem', conversationID: `C2C${b.wtId}`, from: a.wtId })
    expect(JSON.parse((added.data.payload as { data: string }).data)).toEqual({ type: 'CustomMsg_Type_addFriend' })
    const live = await cb.next((f) => f.type === 'msg' && (f.message as Message).type === 'TIMCustomElem')
    expect((live.message as Message).conversationID).toBe(`C2C${a.wtId}`)
    // Speaking for someone else is refused.
    expect((await send('CustomMsg_Type_addFriend', b, a, a.token)).code).toBe(403)
    expect((await send('CustomMsg_Type_addBlack')).code).toBe(403)
    await s.api('/api/user/friendBlack/add', { friendWtId: b.wtId }, { token: a.token })
    expect((await send('CustomMsg_Type_addBlack')).code).toBe(200)
    expect((await send('CustomMsg_Type_deleteFriend')).code).toBe(403)
    await s.api('/api/userFriends/delete', { friendsWtId: b.wtId }, { token: a.token })
    expect((await send('CustomMsg_Type_deleteFriend')).code).toBe(200)
    expect((await send('nameCard')).code).toBe(400)
    cb.close()
  })

  it('answers a custom message with the send rules before the relation: a banned sender hears 20012, a closed peer 20003', async () => {
    const a = await registerUser(s)
    const b = await registerUser(s)
    const send = (type: string, to = b) => s.api<Message>('/api/user/sendCustomMessage', { fromWtId: a.wtId, toWtId: to.wtId, type }, { token: a.token })
    await storage.db.query(`UPDATE users SET banned_until = now() + interval '1 hour' WHERE wt_id = $1`, [a.wtId])
    // Not friends, so addFriend and addBlack do not fit the relation either; the ban is what is said.
    for (const type of ['CustomMsg_Type_addFriend', 'CustomMsg_Type_addBlack', 'CustomMsg_Type_deleteFriend']) {
      expect(await send(type), type).toMatchObject({ code: 20012, msg: '封禁期间无法向其他用户发送消息' })
    }
    await storage.db.query('UPDATE users SET banned_until = NULL WHERE wt_id = $1', [a.wtId])
    expect((await send('CustomMsg_Type_addFriend')).code).toBe(403)
    const closed = await registerUser(s)
    await storage.db.query('UPDATE users SET action_status = 1 WHERE wt_id = $1', [closed.wtId])
    expect((await send('CustomMsg_Type_addFriend', closed)).code).toBe(20003)
  })

  it('search by ID says how it matched, for the application source', async () => {
    const a = await registerUser(s, '被找')
    const b = await registerUser(s)
    const byId = await s.api<SearchResult[]>('/api/user/searchById', { searchId: a.wtId }, { token: b.token })
    expect(byId.data[0]).toMatchObject({ wtId: a.wtId, type: 1, applySource: 1 })
    const byPhone = await s.api<SearchResult[]>('/api/user/searchById', { searchId: a.phone }, { token: b.token })
    expect(byPhone.data[0]).toMatchObject({ wtId: a.wtId, type: 1, applySource: 2 })
  })
})

describe('demo data', () => {
  let s: TestServer
  setupServers('pglite', 1, (env) => {
    s = env.servers[0]!
  })

  it('seeds the three demo accounts as mutual friends with one tag (the next test reads the same seed)', async () => {
    expect(await seedDemoData(s.built.ctx)).not.toBeNull()
    const login = await s.api<LoginResult>('/api/user/login/id', { wtId: DEMO_TAG.owner, pwd: DEMO_PASSWORD })
    const list = await s.api<FriendListItem[]>('/api/userFriends/list', undefined, { token: login.data.token })
    expect(list.data.map((f) => f.wtId).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.wtId).filter((id) => id !== DEMO_TAG.owner))
    expect(list.data.find((f) => f.wtId === DEMO_TAG.members[0])!.tagNameList).toEqual([DEMO_TAG.tagName])
    const third = await s.api<LoginResult>('/api/user/login/id', { wtId: DEMO_ACCOUNTS[2].wtId, pwd: DEMO_PASSWORD })
    expect((await s.api<FriendListItem[]>('/api/userFriends/list', undefined, { token: third.data.token })).data).toHaveLength(2)
  })

  it('gives the demo member the grant that made them one, so the member centre has a record of it', async () => {
    const member = DEMO_ACCOUNTS.find((a) => a.vipType !== 0)!
    const login = await s.api<LoginResult>('/api/user/login/id', { wtId: member.wtId, pwd: DEMO_PASSWORD })
    const centre = await s.api<MemberCentre>('/api/user/member/info', undefined, { token: login.data.token })
    expect(centre.data.membership).toMatchObject({ vipType: member.vipType, vipLevel: member.vipLevel, expiresAt: null })
    expect(centre.data.history.map((e) => [e.source, e.vipLevel, e.expiresAt])).toEqual([['grant', member.vipLevel, null]])
  })
})
