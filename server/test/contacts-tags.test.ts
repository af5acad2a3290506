import { describe, expect, it } from 'vitest'
import type { FriendInfoResult, FriendListItem, Tag } from '../../types/friends.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser } from './support/users.js'

describe.each(BACKENDS)('tags on %s', (backend) => {
  let s: TestServer
  setupServers(backend, 1, (env) => {
    s = env.servers[0]!
  })
  const call = <T = unknown>(token: string, path: string, body?: unknown) => s.api<T>(`/api/userTag/${path}`, body, { token })

  it('creates, assigns, lists, renames and deletes tags', async () => {
    const me = await registerUser(s, '我')
    const f1 = await registerUser(s, '朋友一')
    const f2 = await registerUser(s, '朋友二')
    await befriend(s, me, f1)
    await befriend(s, me, f2)
    const work = await call<Tag>(me.token, 'add', { tagName: '同事' })
    expect(work).toMatchObject({ code: 200, data: { tagName: '同事', tagStatus: 0, userCount: 0 } })
    const family = (await call<Tag>(me.token, 'add', { tagName: '家人' })).data
    expect(await call(me.token, 'add', { tagName: '同事' })).toMatchObject({ code: 409, msg: '标签名称已存在' })
    expect((await call(me.token, 'add', { tagName: '十六个字的标签名十六个字的标签名' })).code).toBe(400)
    expect((await call(me.token, 'add', { tagName: '十五个字的标签名十五个字的标签' })).code).toBe(200)
    expect((await call(me.token, 'add', { tagName: '   ' })).code).toBe(400)

    expect((await call(me.token, 'addUser4Tag', { tagId: work.data.id, wtIds: [f1.wtId, f2.wtId] })).code).toBe(200)
    const members = await call<FriendListItem[]>(me.token, 'getUserList', { id: work.data.id })
    expect(members.data.map((m) => m.wtId).sort()).toEqual([f1.wtId, f2.wtId].sort())
    expect((await call(me.token, 'setTag4User', { friendsWtId: f1.wtId, tagIds: [family.id] })).code).toBe(200)
    const forF1 = await call<Tag[]>(me.token, 'initSetList', { wtId: f1.wtId })
    expect(forF1.data.filter((t) => t.tagStatus === 1).map((t) => t.tagName)).toEqual(['家人'])
    const all = await s.api<Tag[]>('/api/userTag/list', undefined, { token: me.token })
    expect(all.data.find((t) => t.id === work.data.id)).toMatchObject({ userCount: 1, tagStatus: 0 })
    const friends = await s.api<FriendListItem[]>('/api/userFriends/list', undefined, { token: me.token })
    expect(friends.data.find((f) => f.wtId === f1.wtId)!.tagNameList).toEqual(['家人'])
    expect(friends.data.find((f) => f.wtId === f2.wtId)!.tagNameList).toEqual(['同事'])
    const profile = await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId: f2.wtId }, { token: me.token })
    expect(profile.data.data.tagNameList).toEqual(['同事'])

    expect((await call(me.token, 'rename', { tagId: work.data.id, tagName: '老同事' })).code).toBe(200)
    expect(await call(me.token, 'rename', { tagId: work.data.id, tagName: '家人' })).toMatchObject({ code: 409 })
    expect((await call(me.token, 'deleteUser4Tag', { tagId: work.data.id, wtIds: [f2.wtId] })).code).toBe(200)
    expect((await call<FriendListItem[]>(me.token, 'getUserList', { id: work.data.id })).data).toEqual([])
    expect((await call(me.token, 'deleteBatch', { ids: [work.data.id, family.id] })).code).toBe(200)
    expect((await s.api<Tag[]>('/api/userTag/list', undefined, { token: me.token })).data.map((t) => t.tagName)).toEqual(['十五个字的标签名十五个字的标签'])
  })

  it('lets only friends carry tags, and drops them when the friendship ends', async () => {
    const me = await registerUser(s)
    const friend = await registerUser(s)
    const stranger = await registerUser(s)
    await befriend(s, me, friend)
    const tag = (await call<Tag>(me.token, 'add', { tagName: '好友' })).data
    expect(await call(me.token, 'addUser4Tag', { tagId: tag.id, wtIds: [friend.wtId, stranger.wtId] })).toMatchObject({ code: 403, msg: '对方不是你的好友' })
    expect((await call(me.token, 'setTag4User', { friendsWtId: stranger.wtId, tagIds: [tag.id] })).code).toBe(403)
    await call(me.token, 'addUser4Tag', { tagId: tag.id, wtIds: [friend.wtId] })
    await s.api('/api/userFriends/delete', { friendsWtId: friend.wtId }, { token: me.token })
    expect((await call<FriendListItem[]>(me.token, 'getUserList', { id: tag.id })).data).toEqual([])
  })

  it('never lets anyone read or change another user’s tags or remarks', async () => {
    const owner = await registerUser(s)
    const friend = await registerUser(s)
    const intruder = await registerUser(s)
    await befriend(s, owner, friend)
    await befriend(s, intruder, friend)
    const tag = (await call<Tag>(owner.token, 'add', { tagName: '私密' })).data
    await call(owner.token, 'addUser4Tag', { tagId: tag.id, wtIds: [friend.wtId] })
    await s.api('/api/userFriends/update', { friendsWtId: friend.wtId, remark: '我的备注' }, { token: owner.token })

    const notFound = { code: 404, msg: '标签不存在' }
    expect(await call(intruder.token, 'getUserList', { id: tag.id })).toMatchObject(notFound)
    expect(await call(intruder.token, 'rename', { tagId: tag.id, tagName: '改掉' })).toMatchObject(notFound)
    expect(await call(intruder.token, 'deleteBatch', { ids: [tag.id] })).toMatchObject(notFound)
    expect(await call(intruder.token, 'addUser4Tag', { tagId: tag.id, wtIds: [friend.wtId] })).toMatchObject(notFound)
    expect(await call(intruder.token, 'deleteUser4Tag', { tagId: tag.id, wtIds: [friend.wtId] })).toMatchObject(notFound)
    expect(await call(intruder.token, 'setTag4User', { friendsWtId: friend.wtId, tagIds: [tag.id] })).toMatchObject(notFound)
    expect((await s.api<Tag[]>('/api/userTag/list', undefined, { token: intruder.token })).data).toEqual([])
    expect((await call<Tag[]>(intruder.token, 'initSetList', { wtId: friend.wtId })).data).toEqual([])
    // The owner's tag and remark are untouched, and invisible to the intruder.
    expect((await call<FriendListItem[]>(owner.token, 'getUserList', { id: tag.id })).data.map((f) => f.wtId)).toEqual([friend.wtId])
    const seenByIntruder = await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId: friend.wtId }, { token: intruder.token })
    expect(seenByIntruder.data.data).toMatchObject({ remark: '', tagNameList: [] })
    const intruderList = await s.api<FriendListItem[]>('/api/userFriends/list', undefined, { token: intruder.token })
    expect(intruderList.data[0]).toMatchObject({ wtId: friend.wtId, remark: '', tagNameList: [] })
    // Changing a remark names my own friendship only; someone else's friend is refused.
    expect((await s.api('/api/userFriends/update', { friendsWtId: owner.wtId, remark: 'x' }, { token: intruder.token })).code).toBe(403)
    const ownerView = await s.api<FriendInfoResult>('/api/user/friendInfo', { searchId: friend.wtId }, { token: owner.token })
    expect(ownerView.data.data).toMatchObject({ remark: '我的备注', tagNameList: ['私密'] })
    expect((await call(intruder.token, 'getUserList', { id: 'abc' })).code).toBe(400)
  })
})
