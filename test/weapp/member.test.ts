/**
 * The compiled mini-program's membership centre (dist/weapp/pages/member) rendered by
 * miniprogram-simulate with a stored session and a stand-in for wx.request that answers
 * /user/member/info: the level and expiry, the perks with the configured numbers, the history.
 * Build first: `npx taro build --type weapp`.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { answerRequests, findNodes, nodeAttr, nodeText, renderPage, waitFor, type RenderedPage, type SimNode } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')

const session = { token: 'token-weapp', wtId: '10000001', imToken: 'im', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }
const centre = {
  membership: { vipType: 1, vipLevel: 3, expiresAt: '2026-12-25T12:00:00.000Z' },
  active: true,
  history: [{ id: 1, wtId: '10000001', nickName: '张三', at: '2026-11-25T12:00:00.000Z', source: 'code', vipType: 1, vipLevel: 3, expiresAt: '2026-12-25T12:00:00.000Z', operator: '', code: 'ABCD' }],
  dailyCallLimitSeconds: 1800,
  uploadMbPerHour: { regular: 2048, member: 10240 },
}

const asked: string[] = []
let page: RenderedPage

beforeAll(async () => {
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.getStorageSync = (key: string) => (key === 'wt_session' ? JSON.stringify(session) : '')
  answerRequests((options) => {
    asked.push(options.url)
    return options.url.endsWith('/api/user/member/info') ? centre : null
  })
  page = renderPage(distRoot, 'pages/member/index', simulate)
  await waitFor(() => withClass(tree(), 'member-history__row').length === 1, 'the membership history', 10_000)
})

const tree = () => page.toJSON()
const classes = (n: SimNode) => String(nodeAttr(n, 'class') ?? '').split(/\s+/)
const withClass = (root: SimNode, name: string) => findNodes(root, (n) => classes(n).includes(name))

test('asks the server for the membership centre', () => {
  expect(asked.some((u) => u.endsWith('/api/user/member/info'))).toBe(true)
})

test('shows the level, the expiry, the perks with the configured budget and the history', () => {
  const card = withClass(tree(), 'member-card')[0]!
  expect(classes(card)).toContain('member-card--vip')
  expect(nodeText(card)).toContain('VIP3')
  expect(nodeText(card)).toContain('有效期至')
  const perks = nodeText(withClass(tree(), 'member-perks')[0]!)
  expect(perks).toContain('你是会员，语音和视频通话不限时长。')
  expect(perks).toContain('10240 MB')
  expect(nodeText(withClass(tree(), 'member-history__row')[0]!)).toContain('兑换码开通 · VIP3')
  expect(nodeText(tree())).toContain('开通')
})
