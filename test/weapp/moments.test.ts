/**
 * The compiled mini-program's moments pages (dist/weapp/pages/moments and moment-detail) logged
 * in against the suite's server: friends' moments published, liked and commented through the
 * route table, the feed with its grid, place, likes and comments, the cover with the unread
 * notices read on connect, and one moment's detail. Build first: `npm run build:weapp`.
 */
import { momentRoutes } from '../../types/routes'
import { befriend, call, PNG_1x1, registerUser, upload, type TestUser } from './accounts'
import { nodeAttr, nodeText, openPage, waitFor, type MiniPage, type SimNode } from './harness'

const cards = (page: MiniPage) => page.withClass('moment')
const textIn = (page: MiniPage, root: SimNode, name: string) => page.withClass(name, root).map(nodeText)

/** Three friends: 好友甲 publishes, 好友乙 likes and comments, 甲 answers; the viewer sees it all. */
async function friendsWithAMoment() {
  const [me, jia, yi] = await Promise.all([registerUser('我'), registerUser('好友甲'), registerUser('好友乙')])
  await Promise.all([befriend(me, jia), befriend(me, yi), befriend(jia, yi)])
  await call(momentRoutes.add, { content: '早上好' }, jia.token)
  const images = await Promise.all([1, 2, 3, 4].map(async (i) => (await upload(jia, `lake${i}.png`, PNG_1x1, 'image')).url))
  const walk = await call(momentRoutes.add, { content: '湖边散步', images, location: { title: '西湖', detail: '' } }, jia.token)
  await call(momentRoutes.praise, { friendsCircleId: walk.id }, yi.token)
  const comment = await call(momentRoutes.comment, { friendsCircleId: walk.id, content: '真美' }, yi.token)
  await call(momentRoutes.comment, { friendsCircleId: walk.id, content: '谢谢', replyCommentId: comment.id }, jia.token)
  return { me, jia, yi, walkId: walk.id }
}

function expectTheWalk(page: MiniPage, card: SimNode) {
  expect(textIn(page, card, 'moment__name')).toEqual(['好友甲'])
  expect(textIn(page, card, 'moment__text')).toEqual(['湖边散步'])
  const grid = page.withClass('moment-grid', card)[0]!
  expect(String(nodeAttr(grid, 'class'))).toContain('moment-grid--square')
  expect(page.withClass('moment-grid__img', grid)).toHaveLength(4)
  expect(textIn(page, card, 'moment__place')[0]).toContain('西湖')
  expect(textIn(page, card, 'moment-box__likes')).toEqual(['好友乙'])
  expect(textIn(page, card, 'moment-box__comment')).toEqual(['好友乙: 真美', '好友甲 回复 好友乙: 谢谢'])
}

test('the feed asks a page of 10, shows friends\' moments newest first with grid, place, likes and comments', async () => {
  const { me } = await friendsWithAMoment()
  const page = openPage('pages/moments/index', { session: me })
  await waitFor(() => cards(page).length === 2, 'the two moments of the feed')
  await waitFor(() => page.withClass('moment-box__comment').length === 2, 'the comments of the first moment')
  expect(page.requests.find((r) => r.path === '/api/user/friendsCircle/list')?.body).toEqual({ pageSize: 10, pageNum: 1 })
  const [walk, morning] = cards(page) as [SimNode, SimNode]
  expectTheWalk(page, walk)
  expect(textIn(page, morning, 'moment__text')).toEqual(['早上好'])
  expect(page.withClass('moment-grid', morning)).toHaveLength(0)
  expect(page.withClass('moment-box', morning)).toHaveLength(0)
})

test('the cover shows the user and the notices of comments made while away', async () => {
  const [me, friend] = await Promise.all([registerUser('小程序用户'), registerUser('好友甲')])
  await befriend(me, friend)
  const mine = await call(momentRoutes.add, { content: '新年快乐' }, me.token)
  await call(momentRoutes.comment, { friendsCircleId: mine.id, content: '同乐' }, friend.token)
  await call(momentRoutes.praise, { friendsCircleId: mine.id }, friend.token)

  const page = openPage('pages/moments/index', { session: me })
  await waitFor(() => page.withClass('moments__name').length === 1, 'the cover')
  expect(page.withClass('moments__name').map(nodeText)).toEqual(['小程序用户'])
  await waitFor(() => page.withClass('moments__notice-bar').length === 1, 'the notice bar')
  expect(page.withClass('moments__notice-bar').map(nodeText)).toEqual(['2条新消息'])
})

test('the detail page shows one moment with all its likes and comments', async () => {
  const { me, walkId } = await friendsWithAMoment()
  const page = openPage('pages/moment-detail/index', { session: me, query: { id: String(walkId) } })
  await waitFor(() => page.withClass('moment-detail').length === 1 && page.withClass('moment-box__comment').length === 2, 'the moment with its comments')
  expect(page.requests.some((r) => r.path === '/api/user/friendsCircle/getInfoById')).toBe(true)
  expectTheWalk(page, cards(page)[0]!)
})

test('the detail page of a moment that does not exist says so', async () => {
  const me: TestUser = await registerUser('我')
  const page = openPage('pages/moment-detail/index', { session: me, query: { id: '999999' } })
  await waitFor(() => nodeText(page.tree()).includes('该动态不存在或已被删除'), 'the missing-moment notice')
  expect(cards(page)).toHaveLength(0)
})
