/**
 * The compiled mini-program's /admin page: the console is web-only, so even an operator is told
 * where to use it and the page asks the server nothing of the console; nor does the settings
 * menu offer 运营后台 (adminConsoleSupported is false there). Logged in against the
 * suite's server. Build first: `npm run build:weapp`.
 */
import { accountRoutes } from '../../types/routes'
import { call, operator } from './accounts'
import { nodeText, openPage, waitFor } from './harness'

test('an operator sees 请在网页端使用管理后台 and no admin route is called', async () => {
  const admin = await operator()
  const page = openPage('pages/admin/index', { session: admin })
  await waitFor(() => nodeText(page.tree()).includes('请在网页端使用管理后台'), 'the web-only notice')
  // The app connects and restores the session on start-up; the page itself adds nothing.
  await waitFor(() => page.requests.some((r) => r.method === 'WS'), 'the app\'s connection to the server')
  await new Promise((r) => setTimeout(r, 300))
  expect(page.requests.filter((r) => r.path.startsWith('/api/admin/'))).toEqual([])
})

test('an operator\'s settings menu has no 运营后台: the mini-program has no console to open', async () => {
  const admin = await operator()
  expect((await call(accountRoutes.info, undefined, admin.token)).operator).toBe(true)
  const page = openPage('pages/messages/index', { session: admin })
  await waitFor(() => page.requests.some((r) => r.path === '/api/user/info'), 'the profile refresh that carries the role')
  await new Promise((r) => setTimeout(r, 300))
  page.tap(page.withClass('settings__button')[0])
  await waitFor(() => page.byText('安全设置').length === 1, 'the open settings menu')
  expect(page.byText('退出登录')).toHaveLength(1)
  expect(page.byText('运营后台')).toEqual([])
})
