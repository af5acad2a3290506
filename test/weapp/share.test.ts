/**
 * Sharing to a WeChat chat from the compiled mini-program (onShareAppMessage): a group's card
 * from 群聊信息 and a person's from their profile carry the avatar and name and open the
 * group's join card or the profile; opened as another user, the join keeps the group's rules
 * on the suite's server, as with the group QR code. Build first: `npm run build:weapp`.
 */
import fs from 'node:fs'
import { accountRoutes, contactRoutes, groupRoutes } from '../../types/routes'
import { befriend, call, PNG_1x1, registerUser, upload, type TestUser } from './accounts'
import { eventually, nodeText, openPage, waitFor, type MiniPage } from './harness'

/** A free-to-join group (临时会议群) of `owner` with `members`, its avatar uploaded by the owner. */
async function groupWithAvatar(owner: TestUser, members: TestUser[], groupName: string) {
  const avatar = await upload(owner, 'group.png', PNG_1x1, 'image')
  const { groupNumber } = await call(groupRoutes.create, { groupName, groupNotice: '', groupAvatar: avatar.url, groupType: 'Meeting', wtIds: members.map((m) => m.wtId) }, owner.token)
  return { groupNumber, avatar }
}

/** The card 转发 sends once its picture is in (fetched when the group or profile opened). */
async function sharedCard(page: MiniPage) {
  await waitFor(() => page.share()?.imageUrl !== undefined, 'the share card with its picture')
  return page.share()!
}

const isMember = async (user: TestUser, groupNumber: string) => (await call(groupRoutes.getCardInfoById, { groupNumber }, user.token)).isMember

test('群聊信息 shares the group: its name, its avatar (a local copy) and its join card as the path', async () => {
  const [owner, member] = await Promise.all([registerUser('群主'), registerUser('成员')])
  const group = await groupWithAvatar(owner, [member], '周末爬山群')

  const page = openPage('pages/messages/index', { session: owner })
  const groupRow = () => page.withClass('conv-row').find((r) => nodeText(r).includes('周末爬山群'))
  await waitFor(() => groupRow() !== undefined, 'the group conversation')
  page.tap(groupRow())
  await waitFor(() => page.withClass('chat-header__action').length > 0, 'the group chat')
  const actions = page.withClass('chat-header__action')
  page.tap(actions[actions.length - 1])
  await waitFor(() => page.withClass('gpanel-share').length === 1, 'the share button of the group panel')
  expect(nodeText(page.withClass('gpanel-share')[0]!)).toBe('分享给微信好友')

  const card = await sharedCard(page)
  expect(card.title).toBe('邀请你加入群聊「周末爬山群」')
  expect(card.path).toBe(`/pages/messages/index?joinGroup=${group.groupNumber}`)
  // WeChat gets the picture as a file: the address with the session token stays in the app.
  expect(card.imageUrl).not.toContain(owner.token)
  expect(fs.readFileSync(card.imageUrl!)).toEqual(PNG_1x1)
  expect(page.requests.some((r) => r.method === 'GET' && r.path.startsWith(`/api/oss/file/${group.avatar.id}`))).toBe(true)
})

test("a contact's profile shares their card: name, avatar and the profile as the path", async () => {
  const [me, hong] = await Promise.all([registerUser('小明'), registerUser('小红')])
  await befriend(me, hong)
  const avatar = await upload(hong, 'me.png', PNG_1x1, 'image')
  await call(accountRoutes.updateProfile, { avatar: avatar.url }, hong.token)

  const page = openPage('pages/contacts/index', { session: me, query: { view: 'friend', wtId: hong.wtId } })
  await waitFor(() => page.withClass('profile__share').length === 1, 'the share button of the profile')
  expect(nodeText(page.withClass('profile__share')[0]!)).toBe('分享名片')

  const card = await sharedCard(page)
  expect(card.title).toBe('推荐联系人：小红')
  expect(card.path).toBe(`/pages/contacts/index?view=friend&wtId=${hong.wtId}&from=card`)
  expect(fs.readFileSync(card.imageUrl!)).toEqual(PNG_1x1)
})

test("a shared group's path opened by someone else shows the join card, and joining makes them a member", async () => {
  const [owner, member, stranger] = await Promise.all([registerUser('群主'), registerUser('成员'), registerUser('路人')])
  const group = await groupWithAvatar(owner, [member], '读书会')

  const page = openPage('pages/messages/index', { session: stranger, query: { joinGroup: group.groupNumber } })
  await waitFor(() => page.withClass('gcard__name').length === 1, 'the join card')
  expect(nodeText(page.withClass('gcard__name')[0]!)).toBe('读书会')
  const join = () => page.withClass('btn').find((b) => nodeText(b) === '加入群聊')
  expect(join()).toBeDefined()
  page.tap(join())
  await eventually(() => isMember(stranger, group.groupNumber), 'the stranger in the group')
})

test("a shared group's join keeps the group's rules: below its join level the server refuses", async () => {
  const [owner, member, stranger] = await Promise.all([registerUser('群主'), registerUser('成员'), registerUser('路人')])
  const group = await groupWithAvatar(owner, [member], '高级会员群')
  await call(groupRoutes.joinLimit, { groupNumber: group.groupNumber, limitLevel: 3 }, owner.token)

  const page = openPage('pages/messages/index', { session: stranger, query: { joinGroup: group.groupNumber } })
  await waitFor(() => page.withClass('gcard__name').length === 1, 'the join card')
  expect(nodeText(page.withClass('gcard')[0]!)).toContain('需3级以上')
  page.tap(page.withClass('btn').find((b) => nodeText(b) === '加入群聊'))
  // The server refuses (403, 等级不足); the error catalogue shows its text for the code.
  await waitFor(() => page.withClass('wt-toast__message').some((t) => nodeText(t) === '当前操作没有权限'), 'the refusal')
  expect(page.requests.filter((r) => r.path === '/api/user/groupchat/member/activeJoin')).toEqual([
    { method: 'POST', path: '/api/user/groupchat/member/activeJoin', body: { groupNumber: group.groupNumber, joinType: 1, applyMessage: '' } },
  ])
  expect(await isMember(stranger, group.groupNumber)).toBe(false)
  expect(page.withClass('btn').some((b) => nodeText(b) === '加入群聊')).toBe(true)
})

test("a shared contact's path opened by someone else shows the profile with 添加到通讯录, found by the card", async () => {
  const [hong, stranger] = await Promise.all([registerUser('小红'), registerUser('路人')])

  const page = openPage('pages/contacts/index', { session: stranger, query: { view: 'friend', wtId: hong.wtId, from: 'card' } })
  await waitFor(() => page.withClass('profile__title').length === 1, 'the profile card')
  expect(nodeText(page.withClass('profile__title')[0]!)).toBe('小红')
  const add = () => page.withClass('btn').find((b) => nodeText(b) === '添加到通讯录')
  expect(add()).toBeDefined()
  page.tap(add())
  await waitFor(() => page.withClass('btn').some((b) => nodeText(b) === '发送'), 'the application dialog')
  page.tap(page.withClass('btn').find((b) => nodeText(b) === '发送'))
  await eventually(async () => (await call(contactRoutes.applicationList, undefined, hong.token)).some((a) => a.applyWtId === stranger.wtId), 'the application on the server')
  const application = (await call(contactRoutes.applicationList, undefined, hong.token)).find((a) => a.applyWtId === stranger.wtId)!
  expect(application.applySource).toBe(4)
})
