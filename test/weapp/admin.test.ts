/**
 * The compiled mini-program's /admin page: the console is web-only, so the page says where to
 * use it and asks the server nothing. Build first: `npx taro build --type weapp`.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { answerRequests, nodeText, renderPage, waitFor } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')
const session = { token: 'token-weapp', wtId: '10000001', imToken: 'im', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }

test('shows 请在网页端使用管理后台 and calls no admin route', async () => {
  const asked: string[] = []
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.getStorageSync = (key: string) => (key === 'wt_session' ? JSON.stringify(session) : '')
  answerRequests((options) => {
    asked.push(options.url)
    return null
  })
  const page = renderPage(distRoot, 'pages/admin/index', simulate)
  await waitFor(() => nodeText(page.toJSON()).includes('请在网页端使用管理后台'), 'the web-only notice', 10_000)
  expect(asked.filter((u) => u.includes('/api/admin/'))).toEqual([])
})
