import { beforeAll, describe, expect, it } from 'vitest'
import type { Paged } from '../../types/envelope.js'
import type { Tag } from '../../types/friends.js'
import type { CommentAddResult, Moment, MomentInteractions } from '../../types/moments.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'
import { registerUser, type TestUser } from './support/users.js'

/**
 * The first feed page is kept per viewer in each server process. Every change that alters it
 * shows on the next read, on the process that made the change and on the other one (the bus
 * carries the change: Redis on PostgreSQL in CI).
 */
describe.each(BACKENDS)('the cached first feed page on %s', (backend) => {
  let one: TestServer
  let two: TestServer
  setupServers(backend, 2, (env) => {
    ;[one, two] = env.servers as [TestServer, TestServer]
  })

  const call = <T>(s: TestServer, u: TestUser, p: string, body: unknown = {}) => s.api<T>(`/api${p}`, body, { token: u.token })
  /** The first page as the feed opens it: the list, then the likes and comments of its moments. */
  const open = async (s: TestServer, u: TestUser) => {
    const list = await call<Paged<Moment>>(s, u, '/user/friendsCircle/list', { pageNum: 1, pageSize: 10 })
    expect(list.code, list.msg).toBe(200)
    const ids = list.data.rows.map((m) => m.id)
    const batch = ids.length ? (await call<MomentInteractions[]>(s, u, '/friendsCircleComments/commentsAndPraiseListByBatch', { ids })).data : []
    return { ...list.data, ids, batch, of: (id: number) => batch.find((b) => b.id === id)! }
  }
  /** Opens the first page of `u` on both processes: both keep it. */
  const warm = async (...users: TestUser[]) => {
    for (const u of users) for (const s of [one, two]) await open(s, u)
  }
  /** What `u` sees next on each process. */
  const both = async (u: TestUser) => [await open(one, u), await open(two, u)]

  const publish = async (u: TestUser, body: Record<string, unknown>) => {
    const res = await call<Moment>(two, u, '/user/friendsCircle/add', body)
    expect(res.code, res.msg).toBe(200)
    return res.data
  }

  let author: TestUser
  let reader: TestUser
  beforeAll(async () => {
    author = await registerUser(one, '作者')
    reader = await registerUser(one, '读者')
    await befriend(one, author, reader)
  })

  it('shows a new moment and drops a deleted one', async () => {
    await publish(author, { content: '旧的' })
    await warm(reader, author)
    const before = (await open(one, reader)).total
    const fresh = await publish(author, { content: '新的' })
    for (const page of [...(await both(reader)), ...(await both(author))]) expect(page.ids[0]).toBe(fresh.id)
    for (const page of await both(reader)) expect(page.total).toBe(before + 1)

    expect((await call(two, author, '/user/friendsCircle/remove', { id: fresh.id })).code).toBe(200)
    for (const page of [...(await both(reader)), ...(await both(author))]) expect(page.ids).not.toContain(fresh.id)
    for (const page of await both(reader)) expect(page.total).toBe(before)
  })

  it('shows a like, an unlike, a comment and a deleted comment', async () => {
    const m = await publish(author, { content: '点赞评论' })
    await warm(reader, author)
    await call(two, reader, '/friendsCirclePraise/praiseAction', { friendsCircleId: m.id })
    for (const page of await both(author)) expect(page.of(m.id).praiseList.map((p) => p.wtId)).toEqual([reader.wtId])
    for (const page of await both(reader)) expect(page.of(m.id).minePraiseStatus).toBe(1)
    await call(two, reader, '/friendsCirclePraise/praiseAction', { friendsCircleId: m.id })
    for (const page of [...(await both(author)), ...(await both(reader))]) expect(page.of(m.id).praiseList).toEqual([])

    const c = (await call<CommentAddResult>(two, reader, '/friendsCircleComments/add', { friendsCircleId: m.id, content: '第一条' })).data
    for (const page of [...(await both(author)), ...(await both(reader))]) expect(page.of(m.id).commentsList.map((x) => x.content)).toEqual(['第一条'])
    expect((await call(two, author, '/friendsCircleComments/remove', { id: c.id })).code).toBe(200)
    for (const page of [...(await both(author)), ...(await both(reader))]) expect(page.of(m.id).commentsList).toEqual([])
  })

  it('follows friendship, both space flags and the blacklist', async () => {
    const other = await registerUser(one, '新朋友')
    const m = await publish(other, { content: '新朋友的动态' })
    await warm(reader)
    await befriend(two, other, reader)
    for (const page of await both(reader)) expect(page.ids).toContain(m.id)

    await call(two, reader, '/userFriends/updateSpaceStatus', { friendsWtId: other.wtId, friendsSpaceStatus: 1 })
    for (const page of await both(reader)) expect(page.ids).not.toContain(m.id)
    await call(two, reader, '/userFriends/updateSpaceStatus', { friendsWtId: other.wtId, friendsSpaceStatus: 0 })
    for (const page of await both(reader)) expect(page.ids).toContain(m.id)

    await call(two, other, '/userFriends/updateSpaceStatus', { friendsWtId: reader.wtId, mineSpaceStatus: 1 })
    for (const page of await both(reader)) expect(page.ids).not.toContain(m.id)
    await call(two, other, '/userFriends/updateSpaceStatus', { friendsWtId: reader.wtId, mineSpaceStatus: 0 })
    for (const page of await both(reader)) expect(page.ids).toContain(m.id)

    await call(two, other, '/user/friendBlack/add', { friendWtId: reader.wtId })
    for (const page of await both(reader)) expect(page.ids).not.toContain(m.id)
    await call(two, other, '/user/friendBlack/deleteByUserId', { friendWtId: reader.wtId })
    for (const page of await both(reader)) expect(page.ids).toContain(m.id)

    await call(two, reader, '/userFriends/delete', { friendsWtId: other.wtId })
    for (const page of await both(reader)) expect(page.ids).not.toContain(m.id)
  })

  it('follows a liker who stops being a friend: their like leaves the page', async () => {
    const liker = await registerUser(one, '点赞者')
    await befriend(one, author, liker)
    await befriend(one, reader, liker)
    const m = await publish(author, { content: '共同好友点赞' })
    await call(one, liker, '/friendsCirclePraise/praiseAction', { friendsCircleId: m.id })
    await warm(reader)
    for (const page of await both(reader)) expect(page.of(m.id).praiseList.map((p) => p.wtId)).toEqual([liker.wtId])
    await call(two, liker, '/userFriends/delete', { friendsWtId: reader.wtId })
    for (const page of await both(reader)) expect(page.of(m.id).praiseList).toEqual([])
  })

  it('shows the author their renamed or deleted visibility tag', async () => {
    const tag = (await call<Tag>(one, author, '/userTag/add', { tagName: '家人' })).data
    await call(one, author, '/userTag/addUser4Tag', { tagId: tag.id, wtIds: [reader.wtId] })
    const m = await publish(author, { content: '家人可见', visibility: 2, tagIds: [tag.id] })
    await warm(author, reader)
    for (const page of await both(author)) expect(page.of(m.id).groupList).toEqual([{ id: tag.id, tagName: '家人' }])
    await call(two, author, '/userTag/rename', { tagId: tag.id, tagName: '亲人' })
    for (const page of await both(author)) expect(page.of(m.id).groupList).toEqual([{ id: tag.id, tagName: '亲人' }])
    // The audience is the one of the day it was published: leaving the tag changes nothing for the reader.
    await call(two, author, '/userTag/deleteUser4Tag', { tagId: tag.id, wtIds: [reader.wtId] })
    for (const page of await both(reader)) expect(page.ids).toContain(m.id)
    await call(two, author, '/userTag/deleteBatch', { ids: [tag.id] })
    for (const page of await both(author)) expect(page.of(m.id).groupList).toEqual([])
  })

  it('shows a new remark, nickname and avatar, also as the name replied to for a reader who is not that person\'s friend', async () => {
    const poster = await registerUser(one, '发帖人')
    const commenter = await registerUser(one, '评论人')
    const answered = await registerUser(one, '被回复人')
    for (const u of [commenter, answered, reader]) await befriend(one, poster, u)
    await befriend(one, commenter, answered)
    await befriend(one, commenter, reader)
    const m = await publish(poster, { content: '回复名字' })
    const first = (await call<CommentAddResult>(one, answered, '/friendsCircleComments/add', { friendsCircleId: m.id, content: '我先说' })).data
    await call(one, commenter, '/friendsCircleComments/add', { friendsCircleId: m.id, content: '回复你', replyCommentId: first.id })
    await call(one, commenter, '/friendsCirclePraise/praiseAction', { friendsCircleId: m.id })
    await warm(reader)
    const reply = (page: Awaited<ReturnType<typeof open>>) => page.of(m.id).commentsList.find((c) => c.wtId === commenter.wtId)!
    for (const page of await both(reader)) expect(reply(page).replyNickName).toBe('被回复人')

    await call(two, answered, '/user/profile/update', { nickName: '改名了' })
    for (const page of await both(reader)) expect(reply(page).replyNickName).toBe('改名了')

    await call(two, commenter, '/user/profile/update', { nickName: '评论人新名' })
    for (const page of await both(reader)) {
      expect(reply(page).nickName).toBe('评论人新名')
      expect(page.of(m.id).praiseList[0]!.nickName).toBe('评论人新名')
    }

    const avatar = (await uploadFile(two, poster.token, PNG_1x1, 'face.png', 'image')).url
    await call(two, poster, '/user/profile/update', { avatar })
    for (const page of await both(reader)) expect(page.rows.find((r) => r.id === m.id)!.avatar).toBe(avatar)

    await call(two, reader, '/userFriends/update', { friendsWtId: poster.wtId, remark: '老板' })
    for (const page of await both(reader)) expect(page.rows.find((r) => r.id === m.id)!.nickName).toBe('老板')
  })

  it('drops the moments of a deleted account', async () => {
    const leaving = await registerUser(one, '将注销')
    await befriend(one, leaving, reader)
    const m = await publish(leaving, { content: '注销前' })
    await warm(reader)
    for (const page of await both(reader)) expect(page.ids).toContain(m.id)
    expect((await call(two, leaving, '/user/account/delete', { pwd: leaving.pwd })).code).toBe(200)
    for (const page of await both(reader)) expect(page.ids).not.toContain(m.id)
  })
})
