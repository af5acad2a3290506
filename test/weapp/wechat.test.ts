/**
 * WeChat in the compiled mini-program against the suite's server with WeChat login and
 * subscription messages (WEAPP_WECHAT_SERVER) and its WeChat stand-in: 微信一键登录 the first
 * time (bound by the phone login that follows) and again (at once), 解除微信绑定 in 安全设置,
 * and the opt-in to subscription messages in 设置 → 通知 that tells the closed app of a message.
 * wx.login and wx.requestSubscribeMessage answer as WeChat would for one WeChat user.
 * Build first: `npm run build:weapp`.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { wechatRoutes } from '../../types/routes'
import { befriend, c2cConversation, call, connectDevice, registerUser } from './accounts'
import { eventually, findNodes, nodeText, openPage, waitFor, type MiniPage } from './harness'

const plainServer = process.env.WEAPP_TEST_SERVER
const wechatServer = process.env.WEAPP_WECHAT_SERVER
const standIn = process.env.WEAPP_WECHAT_STANDIN
beforeEach(() => {
  if (!wechatServer || !standIn) throw new Error('WEAPP_WECHAT_SERVER is not set: run the suite with test/weapp/jest.config.js')
  process.env.WEAPP_TEST_SERVER = wechatServer
})
afterEach(() => {
  process.env.WEAPP_TEST_SERVER = plainServer
})

type WxCallbacks = { success?: (r: object) => void; fail?: (r: object) => void; complete?: (r: object) => void }

/**
 * The phone's WeChat is this user's: wx.login gives a fresh code for the openid, the subscription
 * dialog accepts. Installed after the page opened, on the `wx` that boot made.
 */
function wechatUser(openid: string): { asked: string[][] } {
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  const asked: string[][] = []
  const answer = (o: WxCallbacks, res: object) => setTimeout(() => (o.success?.(res), o.complete?.(res)), 0)
  wx.login = (o: WxCallbacks = {}) => answer(o, { errMsg: 'login:ok', code: `code:${openid}:${randomBytes(6).toString('hex')}` })
  wx.requestSubscribeMessage = (o: WxCallbacks & { tmplIds: string[] }) => {
    asked.push(o.tmplIds)
    answer(o, { errMsg: 'requestSubscribeMessage:ok', ...Object.fromEntries(o.tmplIds.map((id) => [id, 'accept'])) })
  }
  return { asked }
}

/** What the WeChat stand-in has sent (jsdom has no fetch: Node's http asks). */
function notices(): Promise<Array<{ touser: string; data: Record<string, { value: string }> }>> {
  return new Promise((resolve, reject) => {
    http
      .get(`${standIn}/__standin/sent`, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
      })
      .on('error', reject)
  })
}

const inputs = (page: MiniPage) => findNodes(page.tree(), (n) => n.tagName === 'wx-input')
const button = (page: MiniPage, label: string) => findNodes(page.tree(), (n) => n.tagName === 'wx-button' && nodeText(n) === label)[0]

async function openLogin(): Promise<MiniPage> {
  const page = openPage('pages/login/index')
  await waitFor(() => button(page, '微信一键登录') !== undefined, 'the 微信一键登录 button')
  return page
}

test('微信一键登录 the first time binds the WeChat through a phone login; the next time it logs in at once', async () => {
  const user = await registerUser('微信用户')
  const openid = `o-weapp-${randomBytes(4).toString('hex')}`

  const first = await openLogin()
  wechatUser(openid)
  first.tap(button(first, '微信一键登录'))
  await waitFor(() => first.byText('首次使用微信登录，请用手机号登录或注册，完成后自动绑定此微信').length === 1, 'the binding hint')
  expect(first.navigations).toEqual([])
  const [phone, pwd] = inputs(first)
  first.type(phone, user.phone)
  first.type(pwd, user.pwd)
  first.tap(button(first, '登录'))
  await waitFor(() => first.navigations.length > 0, 'the page change after the phone login')
  await waitFor(() => first.requests.some((r) => r.path === '/api/wechat/bind'), 'the binding request')
  await eventually(async () => (await call(wechatRoutes.binding, undefined, user.token)).bound, 'the binding on the server')

  const again = await openLogin()
  wechatUser(openid)
  again.tap(button(again, '微信一键登录'))
  await waitFor(() => again.navigations.length > 0, 'the page change after 微信一键登录')
  expect(again.navigations).toEqual([{ api: 'reLaunch', url: '/pages/messages/index' }])
  const stored = JSON.parse(again.storage.get('wt_session') ?? 'null') as { wtId: string } | null
  expect(stored?.wtId).toBe(user.wtId)
  expect(again.requests.filter((r) => r.path.startsWith('/api/user/login/'))).toEqual([])
})

test('without WeChat login on the server the login card has no 微信一键登录', async () => {
  process.env.WEAPP_TEST_SERVER = plainServer
  const page = openPage('pages/login/index')
  await waitFor(() => page.requests.some((r) => r.path === '/api/wechat/config'), 'the WeChat settings request')
  await new Promise((r) => setTimeout(r, 300))
  expect(inputs(page)).toHaveLength(2)
  expect(page.byText('微信一键登录')).toEqual([])
})

test('安全设置 shows the binding and 解除微信绑定 ends it', async () => {
  const user = await registerUser('解绑用户')
  const openid = `o-weapp-${randomBytes(4).toString('hex')}`
  const first = await call(wechatRoutes.login, { code: `code:${openid}:${randomBytes(6).toString('hex')}` })
  await call(wechatRoutes.bind, { ticket: (first as { ticket: string }).ticket }, user.token)

  const page = openPage('pages/messages/index', { session: user })
  await waitFor(() => page.withClass('settings__button').length > 0, 'the settings button')
  page.tap(page.withClass('settings__button')[0])
  await waitFor(() => page.byText('安全设置').length === 1, 'the open settings menu')
  page.tap(page.byText('安全设置')[0])
  await waitFor(() => button(page, '解除微信绑定') !== undefined, 'the bound WeChat in 安全设置')
  expect(page.byText('已绑定')).toHaveLength(1)
  page.tap(button(page, '解除微信绑定'))
  await waitFor(() => page.byText('未绑定').length === 1, 'the binding gone')
  expect((await call(wechatRoutes.binding, undefined, user.token)).bound).toBe(false)
})

test('opting in to subscription messages in 设置 → 通知 brings one WeChat notice of a message while the app is closed', async () => {
  const [user, friend] = [await registerUser('订阅用户'), await registerUser('好友')]
  await befriend(user, friend)
  const openid = `o-weapp-${randomBytes(4).toString('hex')}`

  const page = openPage('pages/messages/index', { session: user })
  const phone = wechatUser(openid)
  await waitFor(() => page.withClass('settings__button').length > 0, 'the settings button')
  page.tap(page.withClass('settings__button')[0])
  await waitFor(() => page.byText('通知').length === 1, 'the 通知 entry of the settings menu')
  page.tap(page.byText('通知')[0])
  await waitFor(() => button(page, '开启消息提醒') !== undefined, 'the opt-in button')
  expect(page.byText('未开启')).toHaveLength(1)
  page.tap(button(page, '开启消息提醒'))
  await waitFor(() => page.byText('已开启（剩余 1 次）').length === 1, 'the subscription on')
  expect(phone.asked).toEqual([['tmpl-message-0001', 'tmpl-call-0001']])

  // WeChat closes the app's socket when the user leaves it (docs/decisions/0074).
  await waitFor(() => page.requests.some((r) => r.method === 'WS'), 'the app\'s connection')
  page.hideApp()
  const device = await connectDevice(friend)
  await new Promise((r) => setTimeout(r, 500))
  await device.sendText(c2cConversation(user.wtId), '在吗')
  device.close()
  const sent = async () => (await notices()).filter((n) => n.touser === openid)
  await eventually(async () => (await sent()).length === 1, 'the WeChat notice')
  expect((await sent())[0]!.data.thing2!.value).toBe('你有新消息')
})
