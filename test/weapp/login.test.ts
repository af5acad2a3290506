/**
 * The compiled mini-program's login page (dist/weapp/pages/login) against the suite's server:
 * the form, its checks, a phone login and a registration that the server answers.
 * Build first: `npm run build:weapp`.
 */
import { registerUser } from './accounts'
import { findNodes, nodeAttr, nodeText, openPage, waitFor, type MiniPage } from './harness'

const findInputs = (page: MiniPage) => findNodes(page.tree(), (n) => n.tagName === 'wx-input')
const placeholders = (page: MiniPage) => findInputs(page).map((n) => nodeAttr(n, 'placeholder'))
const button = (page: MiniPage, label: string) => page.withClass('btn').find((n) => n.tagName === 'wx-button' && nodeText(n) === label)

async function openLogin(): Promise<MiniPage> {
  const page = openPage('pages/login/index')
  await waitFor(() => findInputs(page).length > 0, 'the login form')
  return page
}

test('renders the login card with its four tabs and the phone form', async () => {
  const page = await openLogin()
  expect(page.byText('登录微谈')).toHaveLength(1)
  for (const label of ['手机号登录', 'ID 登录', '扫码登录', '注册']) {
    expect({ label, found: page.byText(label).length }).toEqual({ label, found: 1 })
  }
  const fields = findInputs(page)
  expect(placeholders(page)).toEqual(['请输入手机号', '请输入密码'])
  expect(nodeAttr(fields[0]!, 'password')).toBeFalsy()
  expect(nodeAttr(fields[1]!, 'password')).toBe(true)
  expect(nodeAttr(fields[0]!, 'maxlength')).toBe(11)
  expect(button(page, '登录')).toBeDefined()
})

test('tapping 登录 with an empty form shows the validation message and asks the server nothing', async () => {
  const page = await openLogin()
  page.tap(button(page, '登录'))
  await waitFor(() => page.byText('请输入11位手机号').length === 1, 'the phone validation message')
  expect(page.requests.filter((r) => r.path.startsWith('/api/user/login/'))).toEqual([])
})

test('the ID and register tabs switch the form', async () => {
  const page = await openLogin()
  page.tap(page.byText('ID 登录')[0])
  await waitFor(() => placeholders(page)[0] === '请输入 ID', 'the ID form')
  expect(placeholders(page)).toEqual(['请输入 ID', '请输入密码'])
  expect(page.byText('微谈 ID')).toHaveLength(1)
  page.tap(page.byText('注册')[0])
  await waitFor(() => page.byText('注册微谈账号').length === 1, 'the registration form')
  expect(findInputs(page)).toHaveLength(3)
})

test('a phone login the server accepts stores the session and opens the messages page', async () => {
  const user = await registerUser('登录用户')
  const page = await openLogin()
  const [phone, pwd] = findInputs(page)
  page.type(phone, user.phone)
  page.type(pwd, user.pwd)
  page.tap(button(page, '登录'))
  await waitFor(() => page.navigations.length > 0, 'the page change after the login')
  expect(page.navigations).toEqual([{ api: 'reLaunch', url: '/pages/messages/index' }])
  const stored = JSON.parse(page.storage.get('wt_session') ?? 'null') as { wtId: string; token: string } | null
  expect(stored?.wtId).toBe(user.wtId)
  expect(stored?.token).toBeTruthy()
})

test('a wrong password shows the server\'s refusal on the form', async () => {
  const user = await registerUser('登录用户')
  const page = await openLogin()
  const [phone, pwd] = findInputs(page)
  page.type(phone, user.phone)
  page.type(pwd, 'wrong-password')
  page.tap(button(page, '登录'))
  await waitFor(() => page.requests.some((r) => r.path === '/api/user/login/pwd'), 'the login request')
  await waitFor(() => page.withClass('form-error').length > 0, 'the refusal on the form')
  expect(page.navigations).toEqual([])
  expect(page.storage.has('wt_session')).toBe(false)
})
