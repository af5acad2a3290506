/**
 * The compiled mini-program's favorites page (dist/weapp/pages/favorites) logged in against the
 * suite's server: favorites of every kind made through the route table (an image and a file
 * uploaded first), one card per kind, the pinned one first, and the paging footer.
 * Build first: `npm run build:weapp`.
 */
import { favoriteRoutes } from '../../types/routes'
import { call, PNG_1x1, registerUser, upload, type TestUser } from './accounts'
import { classesOf, findNodes, nodeAttr, nodeText, openPage, waitFor, type MiniPage, type SimNode } from './harness'

const cards = (page: MiniPage) => page.withClass('fav-card')
const kindOf = (page: MiniPage, card: SimNode) => {
  const content = page.withClass('fav-content', card)[0]
  return content ? classesOf(content).find((c) => c.startsWith('fav-content--') && c !== 'fav-content--clamp') : undefined
}

/** One favorite of each kind, oldest first, and the note pinned. */
async function favoritesOfEveryKind(user: TestUser): Promise<void> {
  const image = await upload(user, 'photo.png', PNG_1x1, 'image')
  const file = await upload(user, '季度报告.pdf', Buffer.alloc(2048, 1))
  const add = (body: Parameters<typeof call<typeof favoriteRoutes.collectionAdd>>[1]) => call(favoriteRoutes.collectionAdd, body, user.token)
  await add({ contentType: 5, addressTitle: '东方明珠', collectTitle: '东方明珠', lat: 31.2397, lng: 121.4998 })
  await add({ contentType: 4, fileUuid: file.id, fileName: '季度报告.pdf', fileSize: 2048, collectTitle: '季度报告.pdf' })
  await add({ contentType: 2, imageUuid: image.id, collectTitle: '' })
  await add({ contentType: 7, collectTitle: '文档 https://example.com/doc' })
  await add({ contentType: 1, collectTitle: '周五下午三点开会' })
  const note = await add({ contentType: 99, collectTitle: '下周要准备的材料' })
  await call(favoriteRoutes.collectionTopSet, { id: note.id }, user.token)
}

test('asks the first page of 10 and shows one card per kind, the pinned note first', async () => {
  const me = await registerUser('收藏者')
  await favoritesOfEveryKind(me)

  const page = openPage('pages/favorites/index', { session: me })
  await waitFor(() => cards(page).length === 6, 'the six favorite cards')
  expect(page.requests.find((r) => r.path === '/api/user/collection/list')?.body).toEqual({ pageNum: 1, pageSize: 10, collectTitle: '' })
  expect(cards(page).map((c) => kindOf(page, c))).toEqual(['fav-content--note', 'fav-content--text', 'fav-content--text', 'fav-content--image', 'fav-content--file', 'fav-content--location'])
  const [note, text, link, image, file, place] = cards(page) as [SimNode, SimNode, SimNode, SimNode, SimNode, SimNode]
  expect(classesOf(note)).toContain('fav-card--pinned')
  expect(cards(page).filter((c) => classesOf(c).includes('fav-card--pinned'))).toHaveLength(1)
  expect(nodeText(note)).toContain('下周要准备的材料')
  expect(nodeText(note)).toContain('置顶')
  expect(nodeText(text)).toContain('周五下午三点开会')
  expect(nodeText(link)).toContain('https://example.com/doc')
  const srcs = findNodes(image, (n) => n.tagName === 'wx-image').map((n) => String(nodeAttr(n, 'src')))
  expect(srcs.some((s) => /\/api\/oss\/file\/\S+/.test(s))).toBe(true)
  expect(nodeText(file)).toContain('季度报告.pdf')
  expect(nodeText(file)).toContain('2.00 Kb')
  expect(nodeText(place)).toContain('东方明珠')
  expect(nodeText(place)).toContain('31.239700°N')
  expect(nodeText(page.tree())).not.toContain('暂无收藏')
})

test('says more can be loaded while fewer than the total are shown', async () => {
  const me = await registerUser('收藏者')
  for (let i = 1; i <= 12; i++) await call(favoriteRoutes.collectionAdd, { contentType: 1, collectTitle: `第${i}条` }, me.token)

  const page = openPage('pages/favorites/index', { session: me })
  await waitFor(() => cards(page).length === 10, 'the first page of ten')
  expect(nodeText(page.withClass('favorites__foot')[0]!)).toBe('上滑加载更多')
})

test('a new account sees 暂无收藏', async () => {
  const me = await registerUser('收藏者')
  const page = openPage('pages/favorites/index', { session: me })
  await waitFor(() => nodeText(page.tree()).includes('暂无收藏'), 'the empty state')
  expect(cards(page)).toHaveLength(0)
})
