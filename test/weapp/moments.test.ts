/**
 * The compiled mini-program's moments page (dist/weapp/pages/moments) rendered with a feed:
 * the stored session is restored, the page asks the route table's moments calls through
 * wx.request, and the moments with their likes and comments are on screen. Build first:
 * `npx taro build --type weapp`.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { bootMiniProgram, findNodes, nodeAttr, nodeText, waitFor, type SimNode } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')

const USER = { token: 'weapp-token', wtId: '10000001', imToken: 'sig', avatar: '', nickName: '小程序用户', vipLevel: 0, vipType: 0 }
const img = (id: string) => ({ url: `/api/oss/file/${id}`, format: 'png' })
const moment = (id: number, content: string, images: Array<{ url: string; format: string }>) => ({
  id,
  wtId: '20000002',
  nickName: '好友甲',
  avatar: '',
  content,
  mediaType: images.length ? 1 : 0,
  images,
  video: null,
  location: id === 2 ? { title: '西湖', detail: '', lat: null, lng: null } : null,
  visibility: 0,
  createTime: Math.floor(Date.now() / 1000) - 120,
})
const FEED = [moment(2, '湖边散步', [img('aaaaaaaaaaaaaaaa1'), img('aaaaaaaaaaaaaaaa2'), img('aaaaaaaaaaaaaaaa3'), img('aaaaaaaaaaaaaaaa4')]), moment(1, '早上好', [])]
const INTERACTIONS = [
  {
    id: 2,
    praiseList: [{ wtId: '30000003', nickName: '好友乙', avatar: '' }],
    commentsList: [
      { id: 7, friendsCircleId: 2, wtId: '30000003', nickName: '好友乙', avatar: '', content: '真美', replyWtId: '', replyNickName: '', createTime: 1 },
      { id: 8, friendsCircleId: 2, wtId: '20000002', nickName: '好友甲', avatar: '', content: '谢谢', replyWtId: '30000003', replyNickName: '好友乙', createTime: 2 },
    ],
    groupList: [],
    minePraiseStatus: 0,
  },
  { id: 1, praiseList: [], commentsList: [], groupList: [], minePraiseStatus: 0 },
]

const asked: Array<{ path: string; body: unknown }> = []

/** Calls of the rest of the app whose empty answer is an empty list. */
const LISTS = new Set(['/api/dict/data/getListByDictType', '/api/im/conversations', '/api/user/friendBlack/list', '/api/userFriends/list', '/api/userTag/list'])

/** What the server would answer each call the page makes; anything else answers an empty success. */
function answer(path: string): unknown {
  if (path === '/api/user/friendsCircle/list') return { rows: FEED, total: FEED.length }
  if (path === '/api/friendsCircleComments/commentsAndPraiseListByBatch') return INTERACTIONS
  if (path === '/api/friendsCircleNotice/unreadCount') return { count: 3 }
  if (LISTS.has(path)) return []
  if (path === '/api/user/groupNotice/unread') return { joinApplyUnRead: 0, otherUnRead: 0, selfApplyUnRead: 0 }
  if (path === '/api/userFriends/applyUnread') return { count: 0 }
  return null
}

interface RenderedPage {
  toJSON(): SimNode
  attach(parent: Element): void
  instance: Record<string, unknown>
}

let page: RenderedPage

beforeAll(async () => {
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.getStorageSync = (key: string) => (key === 'wt_session' ? JSON.stringify(USER) : '')
  wx.request = (options: { url: string; data?: unknown; success?: (res: object) => void; complete?: (res: object) => void }) => {
    const path = new URL(options.url, 'http://app.invalid').pathname
    asked.push({ path, body: options.data })
    const res = { statusCode: 200, header: {}, errMsg: 'request:ok', data: { code: 200, msg: '', data: answer(path) } }
    setTimeout(() => (options.success?.(res), options.complete?.(res)), 0)
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
  }
  // The notification channel: opens and says hello, as the server does.
  wx.connectSocket = () => {
    const handlers: Record<string, (res: object) => void> = {}
    setTimeout(() => {
      handlers.open?.({})
      handlers.message?.({ data: JSON.stringify({ type: 'hello', protocolVersion: 1, wtId: USER.wtId }) })
    }, 0)
    return {
      onOpen: (f: (res: object) => void) => (handlers.open = f),
      onMessage: (f: (res: object) => void) => (handlers.message = f),
      onError: (f: (res: object) => void) => (handlers.error = f),
      onClose: (f: (res: object) => void) => (handlers.close = f),
      send: () => undefined,
      close: () => undefined,
      readyState: 1,
    }
  }
  bootMiniProgram(distRoot)
  const id = simulate.load(path.join(distRoot, 'pages/moments/index'), { compiler: 'official', rootPath: distRoot })
  page = simulate.render(id) as unknown as RenderedPage
  page.attach(document.createElement('parent-wrapper'))
  ;(page.instance.onLoad as (query: object) => void).call(page.instance, {})
  await waitFor(() => cards().length === 2, 'the two moments of the feed', 15000)
})

const tree = () => page.toJSON()
// The mini-program template keeps class names but not data-testid, so nodes are found by class.
const hasClass = (name: string) => (n: SimNode) => String(nodeAttr(n, 'class') ?? '').split(/\s+/).includes(name)
const within = (root: SimNode, name: string) => findNodes(root, hasClass(name))
const textIn = (root: SimNode, name: string) => within(root, name).map(nodeText)
const cards = () => within(tree(), 'moment')

test('asks the feed page of 10 and the likes and comments of the page in one batch', () => {
  expect(asked.find((a) => a.path === '/api/user/friendsCircle/list')?.body).toEqual({ pageSize: 10, pageNum: 1 })
  expect(asked.find((a) => a.path === '/api/friendsCircleComments/commentsAndPraiseListByBatch')?.body).toEqual({ ids: [2, 1] })
})

test('renders the moments newest first with names, text, the 2x2 grid and the place', () => {
  const [first, second] = cards() as [SimNode, SimNode]
  expect(textIn(first, 'moment__name')).toEqual(['好友甲'])
  expect(textIn(first, 'moment__text')).toEqual(['湖边散步'])
  const grid = within(first, 'moment-grid')[0]!
  expect(String(nodeAttr(grid, 'class'))).toContain('moment-grid--square')
  expect(within(grid, 'moment-grid__img')).toHaveLength(4)
  expect(textIn(first, 'moment__place')[0]).toContain('西湖')
  expect(textIn(first, 'moment__time')).toEqual(['2分钟前'])
  expect(textIn(second, 'moment__text')).toEqual(['早上好'])
  expect(within(second, 'moment-grid')).toHaveLength(0)
})

test('shows the likes and the comments, a reply as "B 回复 A"', async () => {
  await waitFor(() => within(tree(), 'moment-box__comment').length === 2, 'the comments of the first moment')
  const first = cards()[0]!
  expect(textIn(first, 'moment-box__likes')).toEqual(['好友乙'])
  expect(textIn(first, 'moment-box__comment')).toEqual(['好友乙: 真美', '好友甲 回复 好友乙: 谢谢'])
  expect(within(cards()[1]!, 'moment-box')).toHaveLength(0)
})

test('the cover shows the user and the unread count read on connect', async () => {
  expect(textIn(tree(), 'moments__name')).toEqual(['小程序用户'])
  await waitFor(() => within(tree(), 'moments__notice-bar').length === 1, 'the notice bar')
  expect(textIn(tree(), 'moments__notice-bar')).toEqual(['3条新消息'])
})
