import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EverythingSearchResult } from '../../types/search.js'
import { chatClient, type ChatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { makeGroup, type TestGroup } from './support/groups.js'
import { registerUser, type TestUser } from './support/users.js'
import { BACKENDS, openStorage, startServer, type Storage, type TestServer } from './support/server.js'

describe.each(BACKENDS)('the search box over every section on %s', (backend) => {
  let storage: Storage
  let s: TestServer
  let me: TestUser
  let wang: TestUser
  let li: TestUser
  let stranger: TestUser
  let cm: ChatClient
  let team: TestGroup

  beforeAll(async () => {
    storage = await openStorage(backend)
    s = await startServer(storage)
    me = await registerUser(s, '我')
    wang = await registerUser(s, '王五')
    li = await registerUser(s, '李雷')
    stranger = await registerUser(s, '陌生人')
    await befriend(s, me, wang)
    await befriend(s, me, li)
    await befriend(s, wang, stranger)
    expect((await s.api('/api/userFriends/update', { friendsWtId: li.wtId, remark: '项目经理' }, { token: me.token })).code).toBe(200)
    team = await makeGroup(s, me, [], [wang, li], { groupName: '项目攻坚组' })
    cm = chatClient(s, me.token)
    for (let i = 1; i <= 5; i++) expect((await cm.sendText(`C2C${wang.wtId}`, `项目周报第${i}版`)).type).toBe('ack')
    expect((await cm.sendText(team.conversationID, '项目明天上线')).type).toBe('ack')
    for (const [who, content] of [
      [me, '项目复盘'],
      [wang, '项目庆功宴'],
      [stranger, '项目机密'],
    ] as const) {
      expect((await s.api('/api/user/friendsCircle/add', { content }, { token: who.token })).code).toBe(200)
    }
    const fav = await s.api('/api/user/collection/add', { contentType: 1, collectTitle: '项目预算表', collectedUserId: wang.wtId }, { token: me.token })
    expect(fav.code).toBe(200)
  })

  afterAll(async () => {
    cm?.close()
    await s?.close()
    await storage?.close()
  })

  const find = async (keyword: string, section?: string, user = me) => {
    const r = await s.api<EverythingSearchResult>('/api/search/everything', { keyword, ...(section ? { section } : {}) }, { token: user.token })
    expect(r.code, r.msg).toBe(200)
    return r.data
  }

  it('shows every section with what matched, a few of each', async () => {
    const r = await find('项目')
    expect(r.contacts.items.map((c) => [c.name, c.nameMarks])).toEqual([['项目经理', [0, 1]]])
    expect(r.groups.items.map((g) => [g.name, g.nameMarks])).toEqual([['项目攻坚组', [0, 1]]])
    expect(r.messages.items.map((c) => [c.conversationID, c.count, c.name])).toEqual([
      [team.conversationID, 1, '项目攻坚组'],
      [`C2C${wang.wtId}`, 5, '王五'],
    ])
    expect(r.messages.items[1]!.latest.payload.text).toBe('项目周报第5版')
    expect(r.favorites.items.map((f) => f.text)).toEqual(['项目预算表'])
    // Own and friends' moments; a stranger's never, though a friend of a friend.
    expect(r.moments.items.map((m) => m.content)).toEqual(['项目庆功宴', '项目复盘'])
  })

  it('finds people by pinyin and initials, groups by a member’s name, and a section in full for 查看更多', async () => {
    expect((await find('wangwu')).contacts.items.map((c) => [c.name, c.nameMarks])).toEqual([['王五', [0, 1]]])
    expect((await find('ww')).contacts.items.map((c) => c.name)).toEqual(['王五'])
    // Found by the nickname behind a remark.
    expect((await find('李雷')).contacts.items.map((c) => [c.name, c.nickMatched])).toEqual([['项目经理', true]])
    expect((await find('李雷')).groups.items.map((g) => [g.name, g.members])).toEqual([['项目攻坚组', ['项目经理']]])
    const preview = await find('周报')
    expect(preview.messages.items).toHaveLength(1)
    for (let i = 0; i < 4; i++) {
      const friend = await registerUser(s, `周报同事${i}`)
      await befriend(s, me, friend)
      expect((await cm.sendText(`C2C${friend.wtId}`, `周报收到${i}`)).type).toBe('ack')
    }
    const overview = await find('周报')
    expect(overview.messages.items).toHaveLength(3)
    expect(overview.messages.more).toBe(true)
    expect(overview.contacts.items).toHaveLength(3)
    expect(overview.contacts.more).toBe(true)
    const more = await find('周报', 'messages')
    expect(more.messages.items).toHaveLength(5)
    expect(more.messages.more).toBe(false)
    expect(more.contacts.items).toEqual([])
    expect((await find('周报', 'contacts')).contacts.items).toHaveLength(4)
  })

  it('never shows what the user may not see: a blacklist, a left group, cleared history', async () => {
    expect((await s.api('/api/user/friendBlack/add', { friendWtId: me.wtId }, { token: wang.token })).code).toBe(200)
    expect((await find('庆功')).moments.items).toEqual([])
    expect((await s.api('/api/im/conversation/delete', { conversationID: `C2C${wang.wtId}`, clearHistory: true }, { token: me.token })).code).toBe(200)
    expect((await find('项目周报')).messages.items).toEqual([])
    const quit = await s.api('/api/user/groupchat/member/quit', { groupNumber: team.groupNumber }, { token: li.token })
    expect(quit.code).toBe(200)
    expect((await find('攻坚', undefined, li)).groups.items).toEqual([])
    // Bad input gets a plain answer, not a failure.
    const bad = await s.api('/api/search/everything', { keyword: '  ' }, { token: me.token })
    expect(bad.code).toBe(400)
    expect(bad.msg).toContain('请输入搜索内容')
  })
})
