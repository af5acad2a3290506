/**
 * The compiled mini-program's membership centre (dist/weapp/pages/member) logged in against the
 * suite's server: a new account's state and perks with the server's numbers, and a redeem code
 * the operator made, entered on the page, turning the account into a member.
 * Build first: `npm run build:weapp`.
 */
import { adminRoutes } from '../../types/routes'
import { call, operator, registerUser } from './accounts'
import { classesOf, findNodes, nodeText, openPage, waitFor } from './harness'

test('a new account is 普通用户 with the server\'s call allowance and upload budgets and no history', async () => {
  const me = await registerUser('新用户')
  const page = openPage('pages/member/index', { session: me })
  await waitFor(() => page.withClass('member-perks').length === 1 && !nodeText(page.withClass('member-perks')[0]!).includes('—'), 'the perks with the server\'s numbers')
  expect(page.requests.some((r) => r.path === '/api/user/member/info')).toBe(true)
  expect(nodeText(page.withClass('member-card')[0]!)).toContain('普通用户（非会员）')
  const perks = nodeText(page.withClass('member-perks')[0]!)
  expect(perks).toMatch(/非会员每天可通话约 \d+ 分钟/)
  expect(perks).toMatch(/每小时可上传 \d+ MB 的图片、视频和文件（非会员 \d+ MB）/)
  expect(nodeText(page.tree())).toContain('暂无开通记录')
})

test('a redeem code entered on the page makes the account a VIP3 member with a history row', async () => {
  const [me, admin] = await Promise.all([registerUser('张三'), operator()])
  const [code] = await call(adminRoutes.createCodes, { vipLevel: 3, days: 30, count: 1 }, admin.token)

  const page = openPage('pages/member/index', { session: me })
  await waitFor(() => page.withClass('member-redeem').length === 1, 'the redeem form')
  const field = findNodes(page.withClass('member-redeem')[0]!, (n) => n.tagName === 'wx-input')[0]
  page.type(field, code!.code)
  page.tap(page.withClass('btn', page.withClass('member-redeem')[0]).find((b) => nodeText(b) === '开通'))
  await waitFor(() => page.withClass('member-history__row').length === 1, 'the membership history')
  const card = page.withClass('member-card')[0]!
  expect(classesOf(card)).toContain('member-card--vip')
  expect(nodeText(card)).toContain('VIP3')
  expect(nodeText(card)).toContain('有效期至')
  expect(nodeText(page.withClass('member-perks')[0]!)).toContain('你是会员，语音和视频通话不限时长。')
  expect(nodeText(page.withClass('member-history__row')[0]!)).toContain('兑换码开通 · VIP3')
})
