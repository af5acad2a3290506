/**
 * The compiled mini-program's /admin page: the console is web-only, so the page says where to
 * use it and asks the server nothing. Build first: `npx taro build --type weapp`.
 */
import path from 'node:path'
import simulate from 'miniprogram-simulate'
import { bootMiniProgram, nodeText, waitFor, type SimNode } from './harness'

const distRoot = path.resolve(__dirname, '../../dist/weapp')
const session = { token: 'token-weapp', wtId: '10000001', imToken: 'im', avatar: '', nickName: '张三', vipLevel: 0, vipType: 0 }

test('shows 请在网页端使用管理后台 and calls no admin route', async () => {
  const asked: string[] = []
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.getStorageSync = (key: string) => (key === 'wt_session' ? JSON.stringify(session) : '')
  wx.request = (options: { url: string; success?: (res: unknown) => void; complete?: (res: unknown) => void }) => {
    asked.push(options.url)
    const res = { statusCode: 200, header: {}, errMsg: 'request:ok', data: { code: 200, msg: '', data: null } }
    setTimeout(() => {
      options.success?.(res)
      options.complete?.(res)
    }, 5)
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
  }
  bootMiniProgram(distRoot)
  const id = simulate.load(path.join(distRoot, 'pages/admin/index'), { compiler: 'official', rootPath: distRoot })
  const page = simulate.render(id) as unknown as { toJSON(): SimNode; attach(parent: Element): void; instance: Record<string, unknown> }
  page.attach(document.createElement('parent-wrapper'))
  ;(page.instance.onLoad as (query: object) => void).call(page.instance, {})
  await waitFor(() => nodeText(page.toJSON()).includes('请在网页端使用管理后台'), 'the web-only notice', 10_000)
  expect(asked.filter((u) => u.includes('/api/admin/'))).toEqual([])
})
