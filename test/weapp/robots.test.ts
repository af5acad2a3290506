/**
 * Robot messages in the compiled mini-program (dist/weapp/pages/messages): a group's robot posts
 * text, markdown and news through its webhook, and a member's chat shows them drawn from Taro
 * components, the robot's label beside its name and raw HTML as plain text.
 * Build first: `npm run build:weapp`.
 */
import { createHash } from 'node:crypto'
import { botRoutes } from '../../types/routes'
import { call, makeGroup, PNG_1x1, registerUser } from './accounts'
import { nodeText, openPage, waitFor, type MiniPage } from './harness'
import { postToWebhook as post } from './webhook'

const texts = (page: MiniPage, cls: string) => page.withClass(cls).map(nodeText)

test("a member's chat shows a robot's text, markdown, news and image with its label", async () => {
  const [owner, member] = await Promise.all([registerUser('群主'), registerUser('成员')])
  const group = await makeGroup(owner, [member], '值班群')
  const { webhookUrl } = await call(botRoutes.add, { groupNumber: group.groupNumber, name: '告警助手', description: '' }, owner.token)
  expect((await post(webhookUrl, { msgtype: 'text', text: { content: '磁盘使用率 91%' } })).errcode).toBe(0)
  const md = '## 告警恢复\n服务 <font color="warning">api</font> 已恢复，**耗时 3 分钟**\n> 值班：李四\n\n<script>alert(1)</script>'
  expect((await post(webhookUrl, { msgtype: 'markdown', markdown: { content: md } })).errcode).toBe(0)
  expect((await post(webhookUrl, { msgtype: 'news', news: { articles: [{ title: '本周周报', description: '上线 12 次', url: 'https://example.com/r' }] } })).errcode).toBe(0)
  const md5 = createHash('md5').update(PNG_1x1).digest('hex')
  expect((await post(webhookUrl, { msgtype: 'image', image: { base64: PNG_1x1.toString('base64'), md5 } })).errcode).toBe(0)

  const page = openPage('pages/messages/index', { session: member })
  await waitFor(() => page.withClass('conv-row').some((row) => page.withClass('conv-row__name', row).some((n) => nodeText(n) === '值班群')), 'the group in the list')
  page.tap(page.withClass('conv-row').find((row) => page.withClass('conv-row__name', row).some((n) => nodeText(n) === '值班群')))
  await waitFor(() => texts(page, 'rnews__title').includes('本周周报'), 'the news article')

  expect(page.withClass('msg-row__line').map(nodeText)).toContain('磁盘使用率 91%')
  expect(texts(page, 'msg-robot-label').length).toBeGreaterThanOrEqual(4)
  expect(texts(page, 'rmd-heading')).toEqual(['告警恢复'])
  expect(texts(page, 'rmd-span--warning')).toEqual(['api'])
  expect(texts(page, 'rmd-quote')).toEqual(['值班：李四'])
  expect(texts(page, 'rmd-p').some((t) => t.includes('<script>alert(1)</script>'))).toBe(true)
  expect(texts(page, 'rnews__desc')).toEqual(['上线 12 次'])
  expect(page.withClass('msg-row').length).toBeGreaterThanOrEqual(4)
})

test('群机器人 in the group panel: the robot after the members with its label, and the owner\'s actions', async () => {
  const [owner, member] = await Promise.all([registerUser('群主'), registerUser('成员')])
  const group = await makeGroup(owner, [member], '发布群')
  await call(botRoutes.add, { groupNumber: group.groupNumber, name: '构建机器人', description: '每次发布后通知' }, owner.token)

  const page = openPage('pages/messages/index', { session: owner })
  const groupRow = () => page.withClass('conv-row').find((r) => nodeText(r).includes('发布群'))
  await waitFor(() => groupRow() !== undefined, 'the group conversation')
  page.tap(groupRow())
  await waitFor(() => page.withClass('chat-header__name').length === 1, 'the group chat')
  expect(nodeText(page.withClass('chat-header__count')[0]!)).toBe('(2)')
  const actions = page.withClass('chat-header__action')
  page.tap(actions[actions.length - 1])
  await waitFor(() => texts(page, 'gmember__role--robot').length === 1, 'the robot in the member grid')
  expect(texts(page, 'gmember__role--robot')).toEqual(['机器人'])

  const robotsRow = page.withClass('gpanel-row').find((r) => nodeText(r).startsWith('群机器人'))
  expect(nodeText(robotsRow!)).toContain('1个')
  page.tap(robotsRow)
  await waitFor(() => page.withClass('grobot').length === 1, 'the robots sub-panel')
  expect(texts(page, 'grobot__desc')).toEqual(['每次发布后通知'])
  expect(texts(page, 'grobot__actions')[0]).toContain('重置地址')
  expect(texts(page, 'grobot__actions')[0]).toContain('移除')
})
