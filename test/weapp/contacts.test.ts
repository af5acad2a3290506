/**
 * The compiled mini-program's contacts page (dist/weapp/pages/contacts) logged in against the
 * suite's server: the friends by letter, a friend's profile, the groups, and a friend
 * application accepted from 新的朋友. Build first: `npm run build:weapp`.
 */
import { call, befriend, makeGroup, registerUser } from './accounts'
import { contactRoutes } from '../../types/routes'
import { nodeText, openPage, waitFor, type MiniPage } from './harness'

const friendNames = (page: MiniPage) => page.withClass('contact-row__name').map(nodeText)
const entry = (page: MiniPage, name: string) => page.withClass('contact-row').find((row) => nodeText(page.withClass('contact-row__name', row)[0] ?? row) === name)

test('lists the friends under their initial, with the count, and opens a friend\'s profile', async () => {
  const [me, hong, gang] = await Promise.all([registerUser('小明'), registerUser('小红'), registerUser('阿强')])
  await befriend(me, hong)
  await befriend(me, gang)

  const page = openPage('pages/contacts/index', { session: me })
  await waitFor(() => friendNames(page).includes('小红') && friendNames(page).includes('阿强'), 'both friends')
  expect(page.withClass('contact-letter').map(nodeText)).toEqual(['A', 'X'])
  expect(nodeText(page.withClass('contact-status')[0]!)).toBe('2 位联系人')

  page.tap(entry(page, '小红'))
  await waitFor(() => page.withClass('profile__title').length === 1, 'the profile card')
  const profile = page.withClass('profile')[0]!
  expect(nodeText(page.withClass('profile__title', profile)[0]!)).toContain('小红')
  expect(page.withClass('profile__sub', profile).map(nodeText)).toContain(`ID：${hong.wtId}`)
  expect(page.withClass('btn', profile).map(nodeText)).toContain('发消息')
})

test('群聊 lists the groups the user is in with their member counts', async () => {
  const [me, hong, gang] = await Promise.all([registerUser('小明'), registerUser('小红'), registerUser('小刚')])
  await befriend(me, hong)
  await befriend(me, gang)
  await makeGroup(hong, [me, gang], '周末爬山群')

  const page = openPage('pages/contacts/index', { session: me })
  await waitFor(() => entry(page, '群聊') !== undefined, 'the 群聊 entry')
  page.tap(entry(page, '群聊'))
  await waitFor(() => friendNames(page).includes('周末爬山群'), 'the group in the list')
  const row = entry(page, '周末爬山群')!
  expect(nodeText(page.withClass('contact-row__meta', row)[0]!)).toBe('3 人')
})

test('新的朋友 shows an application from the server and accepting it makes a friend', async () => {
  const [me, stranger] = await Promise.all([registerUser('小明'), registerUser('路人甲')])
  await call(contactRoutes.apply, { applyWtId: me.wtId, applySource: 1, applyInfo: '我是路人甲' }, stranger.token)

  const page = openPage('pages/contacts/index', { session: me })
  await waitFor(() => entry(page, '新的朋友') !== undefined, 'the 新的朋友 entry')
  page.tap(entry(page, '新的朋友'))
  await waitFor(() => page.withClass('apply-row').length === 1, 'the application')
  const row = page.withClass('apply-row')[0]!
  expect(nodeText(page.withClass('apply-row__name', row)[0]!)).toBe('路人甲')
  expect(nodeText(page.withClass('apply-row__info', row)[0]!)).toContain('我是路人甲')

  page.tap(page.withClass('btn', row).find((b) => nodeText(b) === '接受'))
  await waitFor(() => page.withClass('apply-row__done').map(nodeText).includes('已添加'), 'the accepted application')
  const friends = await call(contactRoutes.friendList, undefined, stranger.token)
  expect(JSON.stringify(friends)).toContain(me.wtId)
})
