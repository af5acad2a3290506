/**
 * The mini-program's main flows in WeChat DevTools, the same as the miniprogram-simulate suite's
 * (test/weapp) but on the real WeChat runtime: login, the conversation list, a message each way
 * with a friend's second device, contacts, a group's panel, favorites, moments and the membership
 * centre. Each scenario registers its own users on the suite's server and opens its page afresh.
 *
 *   npm run test:weapp-automator        (needs WeChat DevTools; see README.md, 小程序)
 */
import { favoriteRoutes, momentRoutes } from '../../types/routes'
import { befriend, c2cConversation, call, connectDevice, makeGroup, registerUser } from '../weapp/accounts'
import { findAll, launchDevTools, openAs, tapText, typeInto, until, withText, type MiniProgram } from './devtools'

let app: MiniProgram

beforeAll(async () => {
  app = await launchDevTools()
})

afterAll(async () => {
  await app?.close()
})

test('login: a registered phone logs in and lands on the messages page', async () => {
  const user = await registerUser('登录用户')
  const page = await openAs(app, '/pages/login/index', null)
  await until(async () => (await findAll(page, 'input')).length >= 2, 'the login form')
  const [phone, pwd] = await findAll(page, 'input')
  await typeInto(phone, user.phone)
  await typeInto(pwd, user.pwd)
  await tapText(page, '.btn', '登录')
  await until(async () => (await app.currentPage())?.path === 'pages/messages/index', 'the messages page')
  const stored = JSON.parse(String(await app.callWxMethod('getStorageSync', 'wt_session'))) as { wtId: string }
  expect(stored.wtId).toBe(user.wtId)
})

test('messages: the list shows a friend\'s message, and a message goes each way in the chat', async () => {
  const [me, friend] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, friend)
  const device = await connectDevice(friend)
  await device.sendText(c2cConversation(me.wtId), '你好，小明')

  const page = await openAs(app, '/pages/messages/index', me)
  await until(async () => (await withText(page, '.conv-row__summary', '你好，小明')).length === 1, 'the conversation with 小红')
  await tapText(page, '.conv-row__name', '小红')
  await until(async () => (await findAll(page, '.chat-input__editor')).length === 1, 'the chat editor')
  await typeInto((await findAll(page, '.chat-input__editor'))[0], '在的，刚到家')
  await tapText(page, '.chat-input__send', '发送')
  const received = await device.next((f) => f.type === 'msg' && (f.message as { payload?: { text?: string } }).payload?.text === '在的，刚到家')
  expect((received.message as { from: string }).from).toBe(me.wtId)

  await device.sendText(c2cConversation(me.wtId), '好的，晚点聊')
  await until(async () => (await withText(page, '.msg-row__line', '好的，晚点聊', true)).length === 1, 'the reply in the chat')
  device.close()
})

test('contacts: the friends by initial and the groups', async () => {
  const [me, hong, gang] = await Promise.all([registerUser('小明'), registerUser('小红'), registerUser('阿强')])
  await befriend(me, hong)
  await befriend(me, gang)
  await makeGroup(hong, [me, gang], '周末爬山群')

  const page = await openAs(app, '/pages/contacts/index', me)
  await until(async () => (await withText(page, '.contact-status', '2 位联系人')).length === 1, 'both friends')
  expect(await Promise.all((await findAll(page, '.contact-letter')).map((l) => l.text()))).toEqual(['A', 'X'])
  await tapText(page, '.contact-row__name', '群聊')
  await until(async () => (await withText(page, '.contact-row__name', '周末爬山群')).length === 1, 'the group')
})

test('group: 群聊信息 shows the members, the name and the number', async () => {
  const [me, hong, gang] = await Promise.all([registerUser('小明'), registerUser('小红'), registerUser('小刚')])
  await befriend(me, hong)
  await befriend(me, gang)
  const group = await makeGroup(me, [hong, gang], '周末爬山群')

  const page = await openAs(app, '/pages/messages/index', me)
  await tapText(page, '.conv-row__name', '周末爬山群')
  await until(async () => (await findAll(page, '.chat-header__action')).length > 0, 'the group chat')
  const actions = await findAll(page, '.chat-header__action')
  await actions[actions.length - 1]!.tap()
  await until(async () => (await findAll(page, '.gmember__name')).length >= 5, 'the members and the invite and remove slots')
  expect((await withText(page, '.gmember__role', '群主')).length).toBe(1)
  expect((await withText(page, '.gpanel-row__value', group.groupNumber)).length).toBe(1)
})

test('favorites and moments: a favorite and a friend\'s moment with a comment', async () => {
  const [me, friend] = await Promise.all([registerUser('我'), registerUser('好友甲')])
  await befriend(me, friend)
  await call(favoriteRoutes.collectionAdd, { contentType: 1, collectTitle: '周五下午三点开会' }, me.token)
  const moment = await call(momentRoutes.add, { content: '湖边散步' }, friend.token)
  await call(momentRoutes.comment, { friendsCircleId: moment.id, content: '真美' }, me.token)

  const favorites = await openAs(app, '/pages/favorites/index', me)
  await until(async () => (await withText(favorites, '.fav-card', '周五下午三点开会', true)).length === 1, 'the favorite')

  const moments = await openAs(app, '/pages/moments/index', me)
  await until(async () => (await withText(moments, '.moment__text', '湖边散步')).length === 1, 'the friend\'s moment')
  expect((await withText(moments, '.moment-box__comment', '我: 真美')).length).toBe(1)

  const detail = await openAs(app, `/pages/moment-detail/index?id=${moment.id}`, me)
  await until(async () => (await withText(detail, '.moment__text', '湖边散步')).length === 1, 'the moment\'s detail')
})

test('member centre: a new account is 普通用户 with the server\'s allowance', async () => {
  const me = await registerUser('新用户')
  const page = await openAs(app, '/pages/member/index', me)
  await until(async () => (await withText(page, '.member-card__state', '普通用户（非会员）')).length === 1, 'the membership state')
  await until(async () => (await withText(page, '.member-perks', '非会员每天可通话约', true)).length === 1, 'the perks')
})
