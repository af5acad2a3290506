/**
 * Pictures of the compiled mini-program's main screens, for a person to look at: each page is
 * rendered by miniprogram-simulate against the suite's servers, its tree is written out with the
 * page's compiled WXSS (rpx at a 390 px wide phone, WeChat's component defaults approximated in
 * pageHtml.ts), and Chromium photographs it at 390x844. WeChat's own renderer is not here: the
 * pictures show text, overflow, overlap and layout as a browser draws the same tree and styles,
 * not native components (live-pusher, the navigation bar, the keyboard) or a phone's fonts.
 *
 * `npm run shots:weapp` after `npm run build:weapp`; the trees and PNGs go to WEAPP_SHOTS_DIR
 * (dist/weapp-shots by default). `node --import tsx test/weapp/screenshot.ts dist/weapp-shots/*.json`
 * draws the written trees again, after a change of styles and a new build.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { botRoutes, momentRoutes } from '../../types/routes'
import { befriend, c2cConversation, call, callInvite, connectDevice, makeGroup, PNG_1x1, registerUser, upload, type Device, type TestUser } from './accounts'
import { findNodes, nodeAttr, nodeText, openPage, waitFor, type MiniPage } from './harness'
import type { Scene } from './screenshot'
import { postToWebhook } from './webhook'

const SHOTS_DIR = path.resolve(process.env.WEAPP_SHOTS_DIR || path.join(__dirname, '../../dist/weapp-shots'))
const plainServer = process.env.WEAPP_TEST_SERVER!
const written: string[] = []

beforeAll(() => mkdirSync(SHOTS_DIR, { recursive: true }))

/** Writes the page's tree as it is now; the pictures are taken together once every page is written. */
function shot(name: string, pagePath: string, page: MiniPage) {
  const file = path.join(SHOTS_DIR, `${name}.json`)
  const scene: Scene = { pagePath, serverOrigin: process.env.WEAPP_TEST_SERVER!, tree: page.tree() }
  writeFileSync(file, JSON.stringify(scene))
  written.push(file)
}

// Taken while the servers still run, so the pictures they serve appear.
afterAll(() => {
  process.env.WEAPP_TEST_SERVER = plainServer
  if (written.length === 0) return
  execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'screenshot.ts'), ...written], { stdio: 'inherit' })
})

const devices: Device[] = []
afterEach(() => {
  for (const d of devices.splice(0)) d.close()
  process.env.WEAPP_TEST_SERVER = plainServer
})

const rowNamed = (page: MiniPage, name: string) =>
  page.withClass('conv-row').find((row) => page.withClass('conv-row__name', row).some((n) => nodeText(n) === name))

/** A user with a friend who wrote, and a group whose robot posted text, markdown, news and a picture. */
async function aBusyUser(): Promise<{ me: TestUser; friend: TestUser }> {
  const [me, friend, owner] = await Promise.all([registerUser('小明'), registerUser('小红'), registerUser('运维组长')])
  await Promise.all([befriend(me, friend), befriend(me, owner)])
  const group = await makeGroup(owner, [me, friend], '值班群')
  const { webhookUrl } = await call(botRoutes.add, { groupNumber: group.groupNumber, name: '告警助手', description: '' }, owner.token)
  await postToWebhook(webhookUrl, { msgtype: 'text', text: { content: '磁盘使用率 91%，请值班同学尽快处理，处理完成后在群里回复一下' } })
  const md = '## 告警恢复\n服务 <font color="warning">api</font> 已恢复，**耗时 3 分钟**\n> 值班：李四\n\n- 影响范围：登录接口\n- 原因：数据库连接池耗尽'
  await postToWebhook(webhookUrl, { msgtype: 'markdown', markdown: { content: md } })
  await postToWebhook(webhookUrl, {
    msgtype: 'news',
    news: { articles: [{ title: '本周运维周报：上线 12 次，故障 0 次', description: '本周共上线 12 次，平均耗时 8 分钟，详情请点击查看', url: 'https://example.com/r' }] },
  })
  const device = await connectDevice(friend)
  devices.push(device)
  await device.sendText(c2cConversation(me.wtId), '你好，今晚一起吃饭吗？')
  await device.sendText(c2cConversation(me.wtId), '我在公司楼下等你，大概六点半，记得带上上次说的那本书，谢谢！')
  await device.sendText(group.conversationID, '收到，我来看看')
  return { me, friend }
}

test('login', async () => {
  const page = openPage('pages/login/index')
  await waitFor(() => page.byText('登录').length > 0, 'the login card')
  shot('01-login', 'pages/login/index', page)
})

test('login with 微信一键登录', async () => {
  process.env.WEAPP_TEST_SERVER = process.env.WEAPP_WECHAT_SERVER
  const page = openPage('pages/login/index')
  await waitFor(() => findNodes(page.tree(), (n) => nodeText(n) === '微信一键登录').length > 0, 'the WeChat button')
  shot('02-login-wechat', 'pages/login/index', page)
})

test('the conversation list, a chat and a group chat with a robot', async () => {
  const { me } = await aBusyUser()
  const page = openPage('pages/messages/index', { session: me })
  await waitFor(() => !!rowNamed(page, '值班群') && !!rowNamed(page, '小红'), 'both conversations in the list')
  shot('03-conversations', 'pages/messages/index', page)

  page.tap(rowNamed(page, '小红'))
  await waitFor(() => page.withClass('msg-row__line').some((n) => nodeText(n).includes('六点半')), "the friend's messages")
  shot('04-chat', 'pages/messages/index', page)

  const again = openPage('pages/messages/index', { session: me })
  await waitFor(() => !!rowNamed(again, '值班群'), 'the group in the list')
  again.tap(rowNamed(again, '值班群'))
  await waitFor(() => again.withClass('rnews__title').length > 0, 'the robot news card')
  shot('05-group-robot', 'pages/messages/index', again)
})

test('settings menu and 安全设置', async () => {
  const me = await registerUser('设置用户')
  const page = openPage('pages/messages/index', { session: me })
  await waitFor(() => page.withClass('settings__button').length > 0, 'the settings button')
  page.tap(page.withClass('settings__button')[0])
  await waitFor(() => page.byText('安全设置').length === 1, 'the open settings menu')
  shot('06-settings-menu', 'pages/messages/index', page)
  page.tap(page.byText('安全设置')[0])
  await waitFor(() => page.withClass('settings__menu').length === 0 && findNodes(page.tree(), (n) => nodeText(n).includes('修改密码')).length > 0, '安全设置')
  shot('07-security', 'pages/messages/index', page)
})

test('contacts', async () => {
  const me = await registerUser('通讯录用户')
  const friends = await Promise.all(['张三', '李四', 'Alice', '王五'].map((n) => registerUser(n)))
  await Promise.all(friends.map((f) => befriend(me, f)))
  const page = openPage('pages/contacts/index', { session: me })
  await waitFor(() => page.byText('王五').length > 0, 'the friends')
  shot('08-contacts', 'pages/contacts/index', page)
})

test('moments', async () => {
  const [me, jia, yi] = await Promise.all([registerUser('我'), registerUser('好友甲'), registerUser('好友乙')])
  await Promise.all([befriend(me, jia), befriend(me, yi), befriend(jia, yi)])
  const images = await Promise.all([1, 2, 3, 4].map(async (i) => (await upload(jia, `lake${i}.png`, PNG_1x1, 'image')).url))
  const walk = await call(momentRoutes.add, { content: '湖边散步，天气很好，晚霞特别漂亮', images, location: { title: '西湖', detail: '' } }, jia.token)
  await call(momentRoutes.praise, { friendsCircleId: walk.id }, yi.token)
  await call(momentRoutes.comment, { friendsCircleId: walk.id, content: '真美' }, yi.token)
  const page = openPage('pages/moments/index', { session: me })
  await waitFor(() => page.withClass('moment-box__comment').length === 1, 'the moment with its comment')
  shot('09-moments', 'pages/moments/index', page)
})

test('membership centre', async () => {
  const me = await registerUser('会员用户')
  const page = openPage('pages/member/index', { session: me })
  await waitFor(() => page.withClass('member-perks').length === 1 && !nodeText(page.withClass('member-perks')[0]!).includes('—'), 'the perks')
  shot('10-member', 'pages/member/index', page)
})

/** The friend's device rings the user, whose messages page is open. */
async function ring(withTrtc: boolean): Promise<MiniPage> {
  if (withTrtc) process.env.WEAPP_TEST_SERVER = process.env.WEAPP_TRTC_SERVER
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const caller = await connectDevice(friend)
  devices.push(caller)
  const page = openPage('pages/messages/index', { session: me })
  const wx = (globalThis as unknown as { wx: Record<string, unknown> }).wx
  wx.authorize = (o: { success?: (r: object) => void }) => setTimeout(() => o.success?.({ errMsg: 'authorize:ok' }), 1)
  wx.setKeepScreenOn = (o: { success?: (r: object) => void }) => o.success?.({ errMsg: 'setKeepScreenOn:ok' })
  wx.createLivePusherContext = () => ({ start() {}, stop() {}, switchCamera() {} })
  wx.createLivePlayerContext = () => ({ play() {}, stop() {}, mute() {} })
  await waitFor(() => page.requests.some((r) => r.method === 'WS'), 'the message socket')
  await waitFor(() => page.withClass('conv-list').length > 0 || page.byText('暂无会话').length > 0, 'the conversation list')
  const invite = callInvite(`call-shot-${Date.now().toString(36)}`, friend, me, 2)
  await caller.send(c2cConversation(me.wtId), 'TIMCustomElem', { data: JSON.stringify(invite), description: '', extension: '' })
  await waitFor(() => findNodes(page.tree(), (n) => nodeText(n) === '拒绝' && !!nodeAttr(n, 'id')).length > 0, 'the ring screen')
  return page
}

test('the ring screen without TRTC', async () => {
  shot('11-ring-no-trtc', 'pages/messages/index', await ring(false))
})

test('the ring screen with TRTC', async () => {
  shot('12-ring-trtc', 'pages/messages/index', await ring(true))
})
