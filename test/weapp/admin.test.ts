/**
 * The compiled mini-program's /admin page: the console is web-only, so even an operator is told
 * where to use it and the page asks the server nothing of the console. Logged in against the
 * suite's server. Build first: `npm run build:weapp`.
 */
import { operator } from './accounts'
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
