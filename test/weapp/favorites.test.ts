/**
 * The compiled mini-program's favorites page (dist/weapp/pages/favorites) rendered by
 * miniprogram-simulate with a stored session and a stand-in for wx.request that answers the
 * favorites list: one card per content type, pinned first, and the paging footer.
 * Build first: `npx taro build --type weapp`.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { favorite } from '../unit/helpers/favoriteFixtures'
import { answerRequests, findNodes, nodeAttr, nodeText, renderPage, waitFor, type RenderedPage, type SimNode } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')

const session = { token: 'token-weapp', wtId: '10000001', imToken: 'im', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }

const rows = [
  favorite(9, { contentType: 99, collectTitle: '', noteContent: '下周要准备的材料', topStatus: 1 }),
  favorite(8, { contentType: 1, collectTitle: '周五下午三点开会' }),
  favorite(7, { contentType: 7, collectTitle: '文档 https://example.com/doc' }),
  favorite(6, { contentType: 2, imageUuid: 'imgimgimgimgimgimg', imageUrl: '/api/oss/file/imgimgimgimgimgimg', collectTitle: '' }),
  favorite(5, { contentType: 3, videoUrl: '/api/oss/file/vidvidvidvidvidvid', videoImage: '/api/oss/file/posterposterposter', collectTitle: '' }),
  favorite(4, { contentType: 4, fileUrl: '/api/oss/file/filefilefilefilefi', fileName: '季度报告.pdf', fileSize: 2048, collectTitle: '季度报告.pdf' }),
  favorite(3, { contentType: 5, addressTitle: '东方明珠', collectTitle: '东方明珠', lat: 31.2397, lng: 121.4998 }),
]

const listCalls: Array<Record<string, unknown>> = []
let page: RenderedPage

beforeAll(async () => {
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.getStorageSync = (key: string) => (key === 'wt_session' ? JSON.stringify(session) : '')
  answerRequests((options) => {
    if (!options.url.endsWith('/api/user/collection/list')) return null
    listCalls.push(typeof options.data === 'string' ? (JSON.parse(options.data) as Record<string, unknown>) : (options.data as Record<string, unknown>))
    return { rows, total: 12 }
  })
  page = renderPage(distRoot, 'pages/favorites/index', simulate)
  await waitFor(() => cards().length === rows.length, 'the favorite cards', 10_000)
})

const tree = () => page.toJSON()
// The compiled pages keep class names but not data-* attributes: nodes are found by class.
const classes = (n: SimNode) => String(nodeAttr(n, 'class') ?? '').split(/\s+/)
const withClass = (root: SimNode, name: string) => findNodes(root, (n) => classes(n).includes(name))
const cards = () => withClass(tree(), 'fav-card')
const kindOf = (card: SimNode) => {
  const content = withClass(card, 'fav-content')[0]
  return content ? classes(content).find((c) => c.startsWith('fav-content--') && c !== 'fav-content--clamp') : undefined
}

test('asks for the first page of 10 with no search', () => {
  expect(listCalls[0]).toEqual({ pageNum: 1, pageSize: 10, collectTitle: '' })
})

test('renders one card per favorite in the server order, pinned first, with its content type', () => {
  expect(cards().map(kindOf)).toEqual(['fav-content--note', 'fav-content--text', 'fav-content--text', 'fav-content--image', 'fav-content--video', 'fav-content--file', 'fav-content--location'])
  expect(classes(cards()[0]!)).toContain('fav-card--pinned')
  expect(cards().filter((c) => classes(c).includes('fav-card--pinned'))).toHaveLength(1)
  expect(nodeText(cards()[0]!)).toContain('下周要准备的材料')
  expect(nodeText(cards()[0]!)).toContain('置顶')
  expect(nodeText(cards()[1]!)).toContain('周五下午三点开会')
  expect(nodeText(cards()[2]!)).toContain('https://example.com/doc')
})

test('shows the image thumbnail, the video poster, the file name and size, and the place', () => {
  const [image, video, file, place] = cards().slice(3)
  const srcOf = (card: SimNode) => findNodes(card, (n) => n.tagName === 'wx-image').map((n) => String(nodeAttr(n, 'src')))
  expect(srcOf(image!).some((s) => s.includes('/api/oss/file/imgimgimgimgimgimg'))).toBe(true)
  expect(srcOf(video!).some((s) => s.includes('/api/oss/file/posterposterposter'))).toBe(true)
  expect(nodeText(file!)).toContain('季度报告.pdf')
  expect(nodeText(file!)).toContain('2.00 Kb')
  expect(nodeText(place!)).toContain('东方明珠')
  expect(nodeText(place!)).toContain('31.239700°N')
})

test('says more can be loaded while fewer than the total are shown', () => {
  expect(nodeText(withClass(tree(), 'favorites__foot')[0]!)).toBe('上滑加载更多')
  expect(nodeText(tree())).not.toContain('暂无收藏')
})
