import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Paged } from '../../types/envelope.js'
import type { CommentAddResult, Moment, MomentDetail, MomentInteractions, MomentNotice, PraiseActionResult } from '../../types/moments.js'
import type { Tag } from '../../types/friends.js'
import { chatClient } from './support/chat.js'
import { befriend } from './support/contacts.js'
import { BACKENDS, setupServers, type TestServer } from './support/server.js'
import { registerUser, type TestUser } from './support/users.js'
import { PNG_1x1, uploadFile } from './support/uploads.js'


describe.each(BACKENDS)('moments on %s', (backend) => {
  let s: TestServer
  let peer: TestServer
  setupServers(backend, 2, (env) => {
    ;[s, peer] = env.servers as [TestServer, TestServer]
  })

  const call = <T>(u: TestUser, p: string, body: unknown = {}) => s.api<T>(`/api${p}`, body, { token: u.token })
  const publish = (u: TestUser, body: Record<string, unknown>) => call<Moment>(u, '/user/friendsCircle/add', body)
  const feed = async (u: TestUser, body: Record<string, unknown> = {}) => (await call<Paged<Moment>>(u, '/user/friendsCircle/list', { pageNum: 1, pageSize: 10, ...body })).data
  const feedIds = async (u: TestUser, body: Record<string, unknown> = {}) => (await feed(u, body)).rows.map((m) => m.id)
  const detail = (u: TestUser, id: number) => call<MomentDetail>(u, '/user/friendsCircle/getInfoById', { id })
  const praise = (u: TestUser, id: number) => call<PraiseActionResult>(u, '/friendsCirclePraise/praiseAction', { friendsCircleId: id })
  const comment = (u: TestUser, id: number, content: string, replyCommentId?: number) =>
    call<CommentAddResult>(u, '/friendsCircleComments/add', { friendsCircleId: id, content, ...(replyCommentId ? { replyCommentId } : {}) })
  const batch = async (u: TestUser, ids: number[]) => (await call<MomentInteractions[]>(u, '/friendsCircleComments/commentsAndPraiseListByBatch', { ids })).data
  const notices = (u: TestUser, pageNum = 1) => call<Paged<MomentNotice>>(u, '/friendsCircleNotice/listByPage', { pageNum, pageSize: 10 })
  const unread = async (u: TestUser) => (await call<{ count: number }>(u, '/friendsCircleNotice/unreadCount')).data.count

  const upload = async (u: TestUser, content: Buffer, name: string, kind: string) => (await uploadFile(s, u.token, content, name, kind)).url

  let a: TestUser
  let b: TestUser
  let c: TestUser
  beforeAll(async () => {
    a = await registerUser(s, '发布者')
    b = await registerUser(s, '好友')
    c = await registerUser(s, '陌生人')
    await befriend(s, a, b)
  })

  it('publishes text, images in order and a location; a friend sees it first in the feed, a stranger never', async () => {
    const img1 = await upload(a, PNG_1x1, 'one.png', 'image')
    const img2 = await upload(a, PNG_1x1, 'two.png', 'image')
    const res = await publish(a, { content: '今天天气很好', images: [img2, img1], location: { title: '西湖', detail: '杭州市西湖区' } })
    expect(res, res.msg).toMatchObject({ code: 200, msg: '发表成功' })
    expect(res.data).toMatchObject({ wtId: a.wtId, nickName: '发布者', content: '今天天气很好', mediaType: 1, images: [{ url: img2, format: 'png' }, { url: img1, format: 'png' }], video: null, visibility: 0 })
    expect(res.data.location).toEqual({ title: '西湖', detail: '杭州市西湖区', lat: null, lng: null })

    const seen = await feed(b)
    expect(seen.rows[0]).toMatchObject({ id: res.data.id, images: [{ url: img2 }, { url: img1 }] })
    expect((await detail(b, res.data.id)).data).toMatchObject({ id: res.data.id, commentsList: [], praiseList: [], minePraiseStatus: 0 })

    expect(await feedIds(c)).not.toContain(res.data.id)
    expect(await feedIds(c, { wtId: a.wtId })).toEqual([])
    expect(await detail(c, res.data.id)).toMatchObject({ code: 404, msg: '该动态不存在或已被删除' })
    expect(await batch(c, [res.data.id])).toEqual([])
    expect((await praise(c, res.data.id)).code).toBe(404)
    expect((await comment(c, res.data.id, '路过')).code).toBe(404)
    // A remark is what the friend sees as the name.
    await call(b, '/userFriends/update', { friendsWtId: a.wtId, remark: '老王' })
    expect((await feed(b)).rows[0]!.nickName).toBe('老王')
  })

  it('refuses over-long text, more than 9 images, images with a video, a long comment and another user\'s upload with a 400 naming the field', async () => {
    const long = await publish(a, { content: '字'.repeat(2001) })
    expect(long).toMatchObject({ code: 400 })
    expect(long.msg).toMatch(/^content: /)
    expect((await publish(a, { content: '字'.repeat(2000) })).code).toBe(200)

    const img = await upload(a, PNG_1x1, 'x.png', 'image')
    const ten = await publish(a, { images: Array.from({ length: 10 }, () => img) })
    expect(ten.code).toBe(400)
    expect(ten.msg).toMatch(/^images: /)

    const bImg = await upload(b, PNG_1x1, 'b.png', 'image')
    expect(await publish(a, { images: [bImg] })).toMatchObject({ code: 400, msg: 'images: 只能使用自己上传的文件' })
    expect(await publish(a, { images: ['/api/oss/file/doesnotexist00000000'] })).toMatchObject({ code: 400 })
    const doc = await upload(a, Buffer.from('hello'), 'a.txt', 'file')
    expect(await publish(a, { images: [doc] })).toMatchObject({ code: 400, msg: 'images: 只能发布图片' })
    expect((await publish(a, { images: [img], video: img })).msg).toMatch(/^video: /)
    expect((await publish(a, { content: '  ' })).msg).toMatch(/^content: /)
    expect((await publish(a, { content: 'x', visibility: 2 })).msg).toMatch(/^tagIds: /)

    const m = (await publish(a, { content: '评论上限' })).data
    const tooLong = await comment(b, m.id, '评'.repeat(501))
    expect(tooLong.code).toBe(400)
    expect(tooLong.msg).toMatch(/^content: /)
    expect((await comment(b, m.id, '评'.repeat(500))).code).toBe(200)
  })

  it('honours only me, chosen tags and all-but-tags, with the audience fixed when published', async () => {
    const d = await registerUser(s, '同事')
    await befriend(s, a, d)
    const tag = (await call<Tag>(a, '/userTag/add', { tagName: '同事' })).data
    await call(a, '/userTag/addUser4Tag', { tagId: tag.id, wtIds: [d.wtId] })

    const onlyMe = (await publish(a, { content: '仅自己', visibility: 1 })).data
    const tagsOnly = (await publish(a, { content: '同事可见', visibility: 2, tagIds: [tag.id] })).data
    const exceptTags = (await publish(a, { content: '不给同事看', visibility: 3, tagIds: [tag.id] })).data
    expect(tagsOnly.visibility).toBe(2)

    const forB = await feedIds(b)
    const forD = await feedIds(d)
    expect(forB).toEqual(expect.arrayContaining([exceptTags.id]))
    expect(forB).not.toEqual(expect.arrayContaining([onlyMe.id]))
    expect(forB).not.toContain(tagsOnly.id)
    expect(forD).toContain(tagsOnly.id)
    expect(forD).not.toContain(exceptTags.id)
    expect(forD).not.toContain(onlyMe.id)
    expect((await detail(b, tagsOnly.id)).code).toBe(404)
    expect((await detail(d, exceptTags.id)).code).toBe(404)
    expect((await feedIds(a)).slice(0, 3)).toEqual([exceptTags.id, tagsOnly.id, onlyMe.id])
    // Only the author learns the tags and the setting.
    expect((await batch(a, [tagsOnly.id]))[0]!.groupList).toEqual([{ id: tag.id, tagName: '同事' }])
    expect((await batch(d, [tagsOnly.id]))[0]!.groupList).toEqual([])
    expect((await feed(d)).rows.find((m) => m.id === tagsOnly.id)!.visibility).toBe(0)

    await call(a, '/userTag/deleteUser4Tag', { tagId: tag.id, wtIds: [d.wtId] })
    expect(await feedIds(d)).toContain(tagsOnly.id)
    expect(await call(a, '/user/friendsCircle/add', { content: 'x', visibility: 2, tagIds: [999999] })).toMatchObject({ code: 400, msg: 'tagIds: 标签不存在' })
  })

  it('answers a feed total equal to what the reader can page through, by every setting, after deletes', async () => {
    const author = await registerUser(s, '计数作者')
    const tagged = await registerUser(s, '计数同事')
    const plain = await registerUser(s, '计数好友')
    const hidden = await registerUser(s, '计数不看')
    const stranger = await registerUser(s, '计数陌生人')
    for (const f of [tagged, plain, hidden]) await befriend(s, author, f)
    const tag = (await call<Tag>(author, '/userTag/add', { tagName: '计数' })).data
    await call(author, '/userTag/addUser4Tag', { tagId: tag.id, wtIds: [tagged.wtId] })
    const gone = (await publish(author, { content: '将删除' })).data
    for (const body of [{ content: '全部' }, { content: '仅我', visibility: 1 }, { content: '同事', visibility: 2, tagIds: [tag.id] }, { content: '除同事', visibility: 3, tagIds: [tag.id] }]) {
      await publish(author, body)
    }
    await publish(plain, { content: '好友自己的' })
    await call(author, '/user/friendsCircle/remove', { id: gone.id })
    await call(hidden, '/userFriends/updateSpaceStatus', { friendsWtId: author.wtId, friendsSpaceStatus: 1 })

    const everything = async (u: TestUser) => {
      const ids: number[] = []
      for (let pageNum = 1; ; pageNum++) {
        const page = await feed(u, { pageNum })
        ids.push(...page.rows.map((m) => m.id))
        if (page.rows.length < 10) return { ids, total: page.total }
      }
    }
    const counts = Object.fromEntries(
      await Promise.all(
        [author, tagged, plain, hidden, stranger].map(async (u) => {
          const { ids, total } = await everything(u)
          expect(total, u.nick).toBe(ids.length)
          return [u.nick, ids.length] as const
        }),
      ),
    )
    // author: 4 of their own + plain's; tagged: 全部 + 同事; plain: 全部 + 除同事 + own; hidden: nothing, having hidden the author.
    expect(counts).toEqual({ 计数作者: 5, 计数同事: 2, 计数好友: 3, 计数不看: 0, 计数陌生人: 0 })
  })

  it('hides moments by the space flags, the blacklist and unfriending, checked at reading time', async () => {
    const e = await registerUser(s, '朋友E')
    await befriend(s, a, e)
    const m = (await publish(a, { content: '给朋友们' })).data
    expect(await feedIds(e)).toContain(m.id)

    // E: don't see A's moments. Gone from E's feed, still in A's album and by id.
    await call(e, '/userFriends/updateSpaceStatus', { friendsWtId: a.wtId, friendsSpaceStatus: 1 })
    expect(await feedIds(e)).not.toContain(m.id)
    expect(await feedIds(e, { wtId: a.wtId })).toContain(m.id)
    expect((await detail(e, m.id)).code).toBe(200)
    await call(e, '/userFriends/updateSpaceStatus', { friendsWtId: a.wtId, friendsSpaceStatus: 0 })

    // A: don't let E see mine. Gone everywhere for E.
    await call(a, '/userFriends/updateSpaceStatus', { friendsWtId: e.wtId, mineSpaceStatus: 1 })
    expect(await feedIds(e)).not.toContain(m.id)
    expect(await feedIds(e, { wtId: a.wtId })).toEqual([])
    expect((await detail(e, m.id)).code).toBe(404)
    await call(a, '/userFriends/updateSpaceStatus', { friendsWtId: e.wtId, mineSpaceStatus: 0 })
    expect(await feedIds(e)).toContain(m.id)

    await call(a, '/user/friendBlack/add', { friendWtId: e.wtId })
    expect(await feedIds(e)).not.toContain(m.id)
    expect((await detail(e, m.id)).code).toBe(404)
    await call(a, '/user/friendBlack/deleteByUserId', { friendWtId: e.wtId })
    expect(await feedIds(e)).toContain(m.id)

    await call(a, '/userFriends/delete', { friendsWtId: e.wtId })
    expect(await feedIds(e)).not.toContain(m.id)
    expect((await detail(e, m.id)).code).toBe(404)
  })

  it('toggles likes, threads replies, and shows likes and comments only to friends of their author', async () => {
    const f = await registerUser(s, '朋友F')
    await befriend(s, a, f)
    const m = (await publish(a, { content: '点赞和评论' })).data

    const liked = await praise(b, m.id)
    expect(liked.data).toMatchObject({ minePraiseStatus: 1, praiseList: [{ wtId: b.wtId }] })
    const c1 = await comment(b, m.id, '真好')
    expect(c1.data.commentsList).toEqual([expect.objectContaining({ id: c1.data.id, wtId: b.wtId, content: '真好', replyWtId: '' })])
    const reply = await comment(a, m.id, '谢谢', c1.data.id)
    expect(reply.data.commentsList[1]).toMatchObject({ wtId: a.wtId, replyWtId: b.wtId, content: '谢谢' })

    // F is A's friend but a stranger to B: sees A's reply (A is F's friend) but not B's like or comment.
    const forF = (await batch(f, [m.id]))[0]!
    expect(forF.praiseList).toEqual([])
    expect(forF.commentsList.map((x) => x.wtId)).toEqual([a.wtId])
    expect(forF.commentsList[0]).toMatchObject({ replyWtId: b.wtId, replyNickName: '好友' })
    expect((await comment(f, m.id, '回复看不见的评论', c1.data.id)).code).toBe(404)
    const forA = (await batch(a, [m.id]))[0]!
    expect(forA.praiseList.map((p) => p.wtId)).toEqual([b.wtId])
    expect(forA.commentsList).toHaveLength(2)

    const unliked = await praise(b, m.id)
    expect(unliked.data).toEqual({ minePraiseStatus: 0, praiseList: [] })
    expect((await batch(b, [m.id]))[0]!.minePraiseStatus).toBe(0)

    // B deletes B's comment; F may not delete A's; A deletes any comment on A's moment.
    const c2 = await comment(b, m.id, '再来一条')
    expect((await call(f, '/friendsCircleComments/remove', { id: reply.data.commentsList[1]!.id })).code).toBe(403)
    expect((await call(b, '/friendsCircleComments/remove', { id: c1.data.id })).code).toBe(200)
    expect((await call(a, '/friendsCircleComments/remove', { id: c2.data.id })).code).toBe(200)
    expect((await batch(a, [m.id]))[0]!.commentsList.map((x) => x.content)).toEqual(['谢谢'])
  })

  it('tells the friends whose feed shows a new moment at once on another process (socket type 6), not for a moment only its author sees', async () => {
    const author = await registerUser(s, '新动态')
    const friend = await registerUser(s, '看动态')
    await befriend(s, author, friend)
    const live = chatClient(peer, friend.token)
    const own = chatClient(peer, author.token)
    await Promise.all([live.ready, own.ready])
    expect((await publish(author, { content: '仅自己', visibility: 1 })).code).toBe(200)
    expect((await publish(author, { content: '大家看' })).code).toBe(200)
    await live.next((f) => f.type === 6)
    expect(live.events().filter((f) => f.type === 6)).toEqual([{ type: 6, wtId: author.wtId }])
    expect(own.events().filter((f) => f.type === 6)).toEqual([])
    live.close()
    own.close()
  })

  it('notifies the author at once on another process (socket type 2), lists and clears the notices', async () => {
    const author = await registerUser(s, '作者')
    const fan = await registerUser(s, '粉丝')
    await befriend(s, author, fan)
    const live = chatClient(peer, author.token)
    await live.ready
    const m = (await publish(author, { images: [await upload(author, PNG_1x1, 'p.png', 'image')], content: '看我的新照片' })).data

    await praise(fan, m.id)
    await live.next((f) => f.type === 2 && f.count === 1)
    const c1 = (await comment(fan, m.id, '好看')).data
    await live.next((f) => f.type === 2 && f.count === 2)
    expect(await unread(author)).toBe(2)
    // The fan hears of a reply to the fan's comment.
    await comment(author, m.id, '谢谢', c1.id)
    expect(await unread(fan)).toBe(1)
    expect(await unread(author)).toBe(2)

    const page = await notices(author)
    expect(page.data.total).toBe(2)
    expect(page.data.rows.map((n) => [n.type, n.wtId, n.content])).toEqual([
      [2, fan.wtId, '好看'],
      [1, fan.wtId, ''],
    ])
    expect(page.data.rows[0]).toMatchObject({ friendsCircleId: m.id, momentImage: m.images[0]!.url, momentContent: '看我的新照片', isRead: false })
    await live.next((f) => f.type === 2 && f.count === 0)
    expect((await notices(author)).data.rows.every((n) => n.isRead)).toBe(true)

    // Unliking takes the like's notice away; a stranger's moment id gives nothing.
    await praise(fan, m.id)
    expect((await notices(author)).data.total).toBe(1)
    expect((await call(author, '/friendsCircleNotice/clear')).code).toBe(200)
    expect((await notices(author)).data).toEqual({ rows: [], total: 0 })
    live.close()
  })

  it('pages the feed by 10 and deletes a moment with its likes, comments, notices and unused files', async () => {
    const g = await registerUser(s, '翻页')
    const h = await registerUser(s, '读者')
    await befriend(s, g, h)
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push((await publish(g, { content: `第${i}条` })).data.id)
    const first = await feed(h)
    expect(first.total).toBe(12)
    expect(first.rows.map((m) => m.id)).toEqual(ids.slice().reverse().slice(0, 10))
    expect((await feed(h, { pageNum: 2 })).rows.map((m) => m.id)).toEqual([ids[1], ids[0]])
    expect((await call(h, '/user/friendsCircle/list', { pageNum: 1, pageSize: 11 })).code).toBe(400)

    const img = await upload(g, PNG_1x1, 'del.png', 'image')
    const shared = await upload(g, PNG_1x1, 'shared.png', 'image')
    const m = (await publish(g, { images: [img, shared] })).data
    await publish(g, { images: [shared] })
    await praise(h, m.id)
    await comment(h, m.id, '删除前')
    expect(await unread(g)).toBe(2)

    expect((await call(h, '/user/friendsCircle/remove', { id: m.id })).code).toBe(403)
    expect((await call(c, '/user/friendsCircle/remove', { id: m.id })).code).toBe(404)
    expect(await call(g, '/user/friendsCircle/remove', { id: m.id })).toMatchObject({ code: 200, msg: '删除成功' })
    expect((await detail(g, m.id)).code).toBe(404)
    expect(await unread(g)).toBe(0)
    const uploadDir = s.built.ctx.config.uploadDir
    expect(fs.existsSync(path.join(uploadDir, img.split('/').pop()!))).toBe(false)
    expect(((await (await fetch(`${s.url}${img}?t=${g.token}`)).json()) as { code: number }).code).toBe(7004)
    const kept = await fetch(`${s.url}${shared}?t=${g.token}`)
    expect(kept.status).toBe(200)
    expect(Buffer.from(await kept.arrayBuffer()).equals(PNG_1x1)).toBe(true)
  })
})
