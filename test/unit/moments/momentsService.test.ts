import type { Moment, MomentInteractions } from '@shared/moments'
import type { MomentsApi } from '@/services/moments'
import type { App } from '@/root/createApp'
import { NoticeType } from '@shared/ws'
import { FakeChatEngine } from '../helpers/fakeChatEngine'
import { mockMethods, testApp } from '../helpers/testApp'

let app: App
let api: jest.Mocked<MomentsApi>
const s = () => app.store.getState()

const moment = (id: number, wtId = '20000001'): Moment => ({
  id,
  wtId,
  nickName: '甲',
  avatar: '',
  content: `第${id}条`,
  mediaType: 0,
  images: [],
  video: null,
  location: null,
  visibility: 0,
  createTime: 1,
})
const none = (id: number): MomentInteractions => ({ id, commentsList: [], praiseList: [], groupList: [], minePraiseStatus: 0 })

beforeEach(() => {
  app = testApp(new FakeChatEngine())
  api = mockMethods(app.moments.api) as jest.Mocked<MomentsApi>
  app.store.setState({ user: { token: 't', wtId: '10000001', imToken: 'i', avatar: '', nickName: '我', vipLevel: 0, vipType: 0 } })
})

test('the feed pages by 10 with the likes and comments of each page in one batch, and stops at the total', async () => {
  const first = Array.from({ length: 10 }, (_, i) => moment(20 - i))
  api.list.mockResolvedValueOnce({ rows: first, total: 12 }).mockResolvedValueOnce({ rows: [moment(10), moment(9)], total: 12 })
  api.interactionsBatch.mockImplementation(async (ids) => ids.map(none))
  await app.moments.loadPage('', 1)
  expect(api.list).toHaveBeenLastCalledWith({ pageNum: 1 })
  expect(api.interactionsBatch).toHaveBeenCalledWith(first.map((m) => m.id))
  await app.moments.loadMore('')
  expect(api.list).toHaveBeenLastCalledWith({ pageNum: 2 })
  expect(s().momentFeed).toMatchObject({ total: 12, pageNum: 2, loading: false })
  expect(s().momentFeed.ids).toHaveLength(12)
  await app.moments.loadMore('')
  expect(api.list).toHaveBeenCalledTimes(2)
  // Pull-to-refresh: page 1 again replaces the list.
  api.list.mockResolvedValueOnce({ rows: [moment(21)], total: 1 })
  await app.moments.loadPage('', 1)
  expect(s().momentFeed.ids).toEqual([21])
})

test('an album is its own list, asked for by wtId', async () => {
  api.list.mockResolvedValueOnce({ rows: [moment(5, '30000001')], total: 1 })
  api.interactionsBatch.mockResolvedValue([none(5)])
  await app.moments.loadPage('30000001', 1)
  expect(api.list).toHaveBeenCalledWith({ pageNum: 1, wtId: '30000001' })
  expect(s().momentAlbum).toMatchObject({ owner: '30000001', ids: [5] })
  expect(s().momentFeed.ids).toEqual([])
})

test('publish puts the moment on top; like, comment and delete update what is shown', async () => {
  api.publish.mockResolvedValue(moment(7, '10000001'))
  await app.moments.publish({ content: '你好' })
  expect(s().momentFeed.ids).toEqual([7])
  api.praise.mockResolvedValue({ minePraiseStatus: 1, praiseList: [{ wtId: '10000001', nickName: '我', avatar: '' }] })
  await app.moments.togglePraise(7)
  expect(s().momentInteractions[7]!.minePraiseStatus).toBe(1)
  const c = { id: 3, friendsCircleId: 7, wtId: '10000001', nickName: '我', avatar: '', content: '嗯', replyWtId: '', replyNickName: '', createTime: 1 }
  api.comment.mockResolvedValue({ id: 3, commentsList: [c] })
  await app.moments.comment(7, '嗯')
  expect(api.comment).toHaveBeenCalledWith({ friendsCircleId: 7, content: '嗯', replyCommentId: null })
  expect(s().momentInteractions[7]!.commentsList).toEqual([c])
  api.remove.mockResolvedValue(null)
  await app.moments.removeMoment(7)
  expect(s().momentFeed.ids).toEqual([])
  expect(s().momentById[7]).toBeUndefined()
})

test('socket type 2 sets the badge, the notice list clears it, and logout forgets the moments', async () => {
  app.messaging.applyNotice({ type: NoticeType.MomentsCount, count: 4 })
  expect(s().badges.moments).toBe(4)
  api.notices.mockResolvedValue({ rows: [], total: 0 })
  await app.moments.loadNotices(1)
  expect(s().badges.moments).toBe(0)
  api.unread.mockResolvedValue({ count: 2 })
  await app.moments.refreshUnread()
  expect(s().badges.moments).toBe(2)

  api.list.mockResolvedValueOnce({ rows: [moment(1)], total: 1 })
  api.interactionsBatch.mockResolvedValue([none(1)])
  await app.moments.loadPage('', 1)
  s().clearSession()
  expect(s().momentFeed.ids).toEqual([])
  expect(s().momentById).toEqual({})
  expect(s().badges.moments).toBe(0)
})
