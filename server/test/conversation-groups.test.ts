import { describe, expect, it } from 'vitest'
import type { LoginResult } from '../../types/auth.js'
import type { ConversationGroup } from '../../types/conversationGroup.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup } from './support/groups.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'

describe.each(BACKENDS)('conversation groups on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })
  const call = <T = unknown>(token: string, path: string, body?: unknown) => s.api<T>(`/api/sessionGroup/${path}`, body, { token })
  const list = async (token: string) => {
    const r = await s.api<ConversationGroup[]>('/api/sessionGroup/list', undefined, { token })
    expect(r.code).toBe(200)
    return r.data
  }
  const c2c = (u: TestUser) => ({ sessionId: `C2C${u.wtId}`, sessionType: 0, relationId: u.wtId })
  const open = async (me: TestUser, conversationID: string) =>
    expect((await s.api('/api/im/conversation/open', { conversationID }, { token: me.token })).code).toBe(200)

  /** A user with two friends and a conversation with each. */
  async function userWithConversations() {
    const me = await registerUser(s, '我')
    const f1 = await registerUser(s, '王五')
    const f2 = await registerUser(s, '李四')
    await befriend(s, me, f1)
    await befriend(s, me, f2)
    await open(me, `C2C${f1.wtId}`)
    await open(me, `C2C${f2.wtId}`)
    return { me, f1, f2 }
  }

  it("lists 'all' first, then creates, renames, hides, sorts and deletes groups", async () => {
    const { me, f1, f2 } = await userWithConversations()
    expect(await list(me.token)).toEqual([{ id: 0, groupName: '全部', hideStatus: 1, defaultGroup: 0, unreadCount: 0, relationList: [] }])

    const work = await call<ConversationGroup>(me.token, 'add', { groupName: '  工作  ', relationList: [c2c(f1), c2c(f2)] })
    expect(work).toMatchObject({ code: 200, msg: '创建成功', data: { groupName: '工作', hideStatus: 1, defaultGroup: 1 } })
    expect(work.data.relationList.map((r) => [r.sessionId, r.name])).toEqual([
      [`C2C${f1.wtId}`, '王五'],
      [`C2C${f2.wtId}`, '李四'],
    ])
    const family = (await call<ConversationGroup>(me.token, 'add', { groupName: '家人', relationList: [] })).data
    const friends = (await call<ConversationGroup>(me.token, 'add', { groupName: '朋友', relationList: [c2c(f2)] })).data
    expect((await list(me.token)).map((g) => g.groupName)).toEqual(['全部', '工作', '家人', '朋友'])

    expect(await call(me.token, 'add', { groupName: '   ', relationList: [] })).toMatchObject({ code: 400, msg: '请输入分组名称' })
    expect(await call(me.token, 'add', { groupName: '十一个字的分组名称十一', relationList: [] })).toMatchObject({ code: 400, msg: '分组名称最多10个字' })
    expect((await call(me.token, 'add', { groupName: '十个字的分组名称十个', relationList: [] })).code).toBe(200)

    const renamed = await call<ConversationGroup>(me.token, 'update', { id: work.data.id, groupName: '同事', relationList: [c2c(f2)] })
    expect(renamed).toMatchObject({ code: 200, data: { groupName: '同事' } })
    expect(renamed.data.relationList.map((r) => r.relationId)).toEqual([f2.wtId])
    expect((await call<ConversationGroup>(me.token, 'getById', { id: work.data.id })).data.groupName).toBe('同事')

    expect((await call(me.token, 'hide', { id: family.id, hideStatus: 0 })).code).toBe(200)
    expect((await list(me.token)).find((g) => g.id === family.id)!.hideStatus).toBe(0)
    expect((await call(me.token, 'hide', { id: family.id, hideStatus: 1 })).code).toBe(200)
    expect((await call(me.token, 'hide', { id: family.id, hideStatus: 2 })).code).toBe(400)

    expect((await call(me.token, 'sort', { ids: [friends.id, work.data.id] })).code).toBe(200)
    expect((await list(me.token)).map((g) => g.groupName)).toEqual(['全部', '朋友', '同事', '家人', '十个字的分组名称十个'])

    expect(await call(me.token, 'delete', { ids: [0] })).toMatchObject({ code: 400 })
    expect(await call(me.token, 'delete', { ids: [family.id, friends.id] })).toMatchObject({ code: 200, msg: '删除成功' })
    expect((await list(me.token)).map((g) => g.groupName)).toEqual(['全部', '同事', '十个字的分组名称十个'])
    expect(await call(me.token, 'getById', { id: family.id })).toMatchObject({ code: 404, msg: '分组不存在' })
  })

  it('allows at most 20 groups', async () => {
    const me = await registerUser(s)
    for (let i = 1; i <= 20; i++) expect((await call(me.token, 'add', { groupName: `组${i}`, relationList: [] })).code).toBe(200)
    expect(await call(me.token, 'add', { groupName: '第二十一', relationList: [] })).toMatchObject({ code: 409, msg: '最多创建20个分组' })
    expect(await list(me.token)).toHaveLength(21)
  })

  it("keeps groups to their owner and to the owner's conversations", async () => {
    const { me, f1 } = await userWithConversations()
    const other = await registerUser(s)
    const stranger = await registerUser(s)
    const mine = (await call<ConversationGroup>(me.token, 'add', { groupName: '我的', relationList: [c2c(f1)] })).data
    for (const [path, body] of [
      ['getById', { id: mine.id }],
      ['update', { id: mine.id, groupName: '别人的', relationList: [] }],
      ['hide', { id: mine.id, hideStatus: 0 }],
      ['sort', { ids: [mine.id] }],
      ['delete', { ids: [mine.id] }],
    ] as const) {
      expect(await call(other.token, path, body), path).toMatchObject({ code: 404, msg: '分组不存在' })
    }
    expect((await list(other.token)).map((g) => g.id)).toEqual([0])
    expect(await call(me.token, 'add', { groupName: '陌生人', relationList: [c2c(stranger)] })).toMatchObject({ code: 404, msg: '会话不存在' })
    expect(await call(me.token, 'add', { groupName: '错配', relationList: [{ ...c2c(f1), relationId: stranger.wtId }] })).toMatchObject({ code: 404 })
    expect(await call(me.token, 'add', { groupName: '错型', relationList: [{ ...c2c(f1), sessionType: 1 }] })).toMatchObject({ code: 404 })
    expect((await call<ConversationGroup>(me.token, 'getById', { id: mine.id })).data.relationList).toHaveLength(1)
  })

  it('drops a deleted conversation and a left group from the groups, and counts unread of unmuted ones', async () => {
    const { me, f1, f2 } = await userWithConversations()
    const owner = await registerUser(s, '群主')
    const group = await makeGroup(s, owner, [], [me])
    await open(me, group.conversationID)
    const groupRelation = { sessionId: group.conversationID, sessionType: 1, relationId: group.groupID }
    const g = (await call<ConversationGroup>(me.token, 'add', { groupName: '混合', relationList: [c2c(f1), c2c(f2), groupRelation] })).data
    expect(g.relationList.find((r) => r.sessionType === 1)!.name).toBe('测试群')

    const sender = chatClient(s, f1.token)
    await sender.sendText(`C2C${me.wtId}`, '你好')
    await sender.sendText(`C2C${me.wtId}`, '在吗')
    const muted = chatClient(s, f2.token)
    await muted.sendText(`C2C${me.wtId}`, '免打扰')
    await s.api('/api/im/conversation/mute', { conversationID: `C2C${f2.wtId}`, isMuted: true }, { token: me.token })
    const [all, mixed] = await list(me.token)
    expect(all!.unreadCount).toBe(2)
    expect(mixed!.unreadCount).toBe(2)

    expect((await s.api('/api/im/conversation/delete', { conversationID: `C2C${f1.wtId}`, clearHistory: false }, { token: me.token })).code).toBe(200)
    expect((await s.api('/api/user/groupchat/member/quit', { groupNumber: group.groupNumber }, { token: me.token })).code).toBe(200)
    const after = (await call<ConversationGroup>(me.token, 'getById', { id: g.id })).data
    expect(after.relationList.map((r) => r.sessionId)).toEqual([`C2C${f2.wtId}`])
    expect(after.unreadCount).toBe(0)
    expect(await call(me.token, 'update', { id: g.id, groupName: '混合', relationList: [groupRelation] })).toMatchObject({ code: 404, msg: '会话不存在' })
    sender.close()
    muted.close()
  })

  it("sends the new list to the user's other devices at once", async () => {
    const me = await registerUser(s)
    const second = await s.api<LoginResult>('/api/user/login/pwd', { phone: me.phone, pwd: me.pwd })
    expect(second.code).toBe(200)
    const device = chatClient(s, second.data.token)
    await device.ready
    const created = (await call<ConversationGroup>(me.token, 'add', { groupName: '同步', relationList: [] })).data
    const frame = await device.next((f) => f.type === 'sessionGroups')
    expect((frame.groups as ConversationGroup[]).map((g) => g.groupName)).toEqual(['全部', '同步'])
    await call(me.token, 'hide', { id: created.id, hideStatus: 0 })
    const hidden = await device.next((f) => f.type === 'sessionGroups' && (f.groups as ConversationGroup[])[1]?.hideStatus === 0)
    expect((hidden.groups as ConversationGroup[])[1]!.id).toBe(created.id)
    device.close()
  })
})
