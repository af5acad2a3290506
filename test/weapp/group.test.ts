/**
 * A group's panel in the compiled mini-program (dist/weapp/pages/messages): the group made on
 * the suite's server opens from the conversation list, and 群聊信息 shows its members with their
 * roles, its name, number and notice; pinning it from the panel pins it on the server.
 * Build first: `npm run build:weapp`.
 */
import { chatRoutes } from '../../types/routes'
import { befriend, call, makeGroup, registerUser } from './accounts'
import { eventually, nodeText, openPage, waitFor, type MiniPage, type SimNode } from './harness'

const rowValue = (page: MiniPage, label: string) => {
  const row = page.withClass('gpanel-row').find((r) => nodeText(page.withClass('gpanel-row__label', r)[0] ?? r) === label)
  return row ? nodeText(page.withClass('gpanel-row__value', row)[0] ?? row) : undefined
}

test('群聊信息 shows the members with the owner first, the name, the number and the notice', async () => {
  const [me, hong, gang] = await Promise.all([registerUser('小明'), registerUser('小红'), registerUser('小刚')])
  await befriend(me, hong)
  await befriend(me, gang)
  const group = await makeGroup(me, [hong, gang], '周末爬山群')

  const page = openPage('pages/messages/index', { session: me })
  const groupRow = () => page.withClass('conv-row').find((r) => nodeText(r).includes('周末爬山群'))
  await waitFor(() => groupRow() !== undefined, 'the group conversation')
  page.tap(groupRow())
  await waitFor(() => page.withClass('chat-header__name').length === 1, 'the group chat')
  expect(nodeText(page.withClass('chat-header__name')[0]!)).toBe('周末爬山群')
  expect(nodeText(page.withClass('chat-header__count')[0]!)).toBe('(3)')

  const actions = page.withClass('chat-header__action')
  page.tap(actions[actions.length - 1])
  await waitFor(() => page.withClass('gmember__name').length >= 3, 'the members in the panel')
  const members = page.withClass('gmember').filter((m: SimNode) => !page.withClass('gmember__slot', m).length)
  const names = members.map((m) => nodeText(page.withClass('gmember__name', m)[0]!))
  expect(names[0]).toBe('小明')
  expect(names.slice(1).sort()).toEqual(['小刚', '小红'].sort())
  expect(nodeText(page.withClass('gmember__role', members[0])[0]!)).toBe('群主')
  expect(rowValue(page, '群聊名称')).toBe('周末爬山群')
  expect(rowValue(page, '群号')).toBe(group.groupNumber)
  expect(rowValue(page, '群公告')).toBe('暂无群公告')

  const pinRow = page.withClass('gpanel-row').find((r) => nodeText(r) === '置顶聊天')!
  page.tap(page.withClass('gswitch', pinRow)[0])
  await waitFor(() => page.withClass('gswitch--on').length > 0, 'the pin switch on')
  await eventually(async () => {
    const conversations = await call(chatRoutes.conversations, undefined, me.token)
    return conversations.find((c) => c.conversationID === group.conversationID)?.isPinned === true
  }, 'the group pinned on the server')
})
