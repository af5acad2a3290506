import { expect, test } from '@playwright/test'
import { closeAll, editor, openChatWith, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { apiPost, loginByPhone, submitPhoneLogin } from '../support/accounts'
import { expectPath, expectToast, fillInput, inputByTestId } from '../support/ui'
import { callScreen, placeCall } from '../calls/support'
import { useOwnServer } from '../support/ownServer'
import { OPERATOR_PHONE } from '../support/serverEnv'
import { fileReport, openUserInConsole, operatorAccount } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

test('an operator bans a user who is chatting: their next send shows the 20012 text', async ({ browser, request }) => {
  const op = await operatorAccount(request)
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await signIn(browser, alice)
  const o = await signIn(browser, op)
  sessions = [a, o]
  await openChatWith(a.page, bob)

  await openUserInConsole(o.page, alice.wtId)
  await fillInput(o.page, 'admin-reason', '发布广告')
  await fillInput(o.page, 'admin-ban-days', '3')
  await visible(o.page, 'admin-ban').click()
  await visible(o.page, 'admin-ban-dialog-confirm').click()
  await expectToast(o.page, '已封禁')

  const box = editor(a.page)
  await box.fill('还能发吗')
  await box.press('Enter')
  await expectToast(a.page, '封禁期间无法向其他用户发送消息')
})

test.describe('at the daily call cap', () => {
  // A server of its own with a three-second daily allowance (as calls/limit.spec.ts): the suite's
  // server keeps the configured 30 minutes, so its other calls are not cut.
  const own = useOwnServer('admin-limit', { CALL_DAILY_LIMIT_SECONDS: '3', ADMIN_PHONES: OPERATOR_PHONE })

  test('an operator grants membership to a user at the call limit; the next call goes through', async ({ browser }) => {
    const request = own.request
    const baseURL = own.url
    const op = await operatorAccount(request)
    const [alice, bob] = await registerUsers(request, ['丙', '丁'])
    const started = await apiPost<{ callId: number }>(request, '/api/media/call', { acceptWtId: bob.wtId, callType: 2 }, alice.login.token)
    expect(started.code, started.msg).toBe(200)
    await new Promise((r) => setTimeout(r, 3500))
    await apiPost(request, '/api/media/exitCall', { callId: started.data.callId }, alice.login.token)
    expect((await request.get('/api/media/checkCall', { headers: { Authorization: `Bearer ${alice.login.token}` } }).then((r) => r.json())).data).toBe(1)

    const o = await signIn(browser, op, { baseURL })
    const b = await signIn(browser, bob, { baseURL })
    sessions = [o, b]
    await openUserInConsole(o.page, alice.wtId)
    await fillInput(o.page, 'admin-grant-level', '5')
    await fillInput(o.page, 'admin-grant-days', '30')
    await visible(o.page, 'admin-grant').click()
    await expect(visible(o.page, 'admin-user-membership')).toContainText('VIP5')

    const a = await signIn(browser, alice, { baseURL })
    sessions.push(a)
    await placeCall(a, bob, 'voice')
    await expect(callScreen(a.page)).toBeVisible()
    await expect(visible(a.page, 'call-limit-dialog')).toHaveCount(0)
  })
})

test('an operator handles a report; the reporter hears the result from the helper', async ({ browser, request }) => {
  const op = await operatorAccount(request)
  const [reporter, target] = await registerUsers(request, ['戊', '己'])
  const id = await fileReport(request, reporter, target)

  const o = await signIn(browser, op)
  sessions = [o]
  await o.page.goto('/admin')
  await visible(o.page, 'admin-nav-reports').click()
  const card = visible(o.page, `admin-report-${id}`)
  await expect(card).toContainText('欺诈骗钱')
  await expect(card).toContainText('发来诈骗链接')
  await expect(card.locator('img, [src]').first()).toBeVisible()
  await fillInput(o.page, 'admin-report-message', '请勿发送诈骗链接')
  await card.locator('[data-testid="admin-report-warn"]').click()
  await visible(o.page, 'admin-report-warn-dialog-confirm').click()
  await expect(card).toHaveCount(0)

  const history = await apiPost<{ messages: Array<{ payload: { text?: string } }> }>(request, '/api/im/messages/history', { conversationID: 'C2CwisperHelper', count: 20 }, reporter.login.token)
  const texts = history.data.messages.map((m) => m.payload.text ?? '')
  expect(texts).toContain('感谢你的反馈，我们会尽快核实')
  expect(texts.some((t) => t.includes('已对被举报方发出警告'))).toBe(true)
})

test('a user redeems a code on /member', async ({ browser, request }) => {
  const op = await operatorAccount(request)
  const codes = await apiPost<Array<{ code: string }>>(request, '/api/admin/codes/create', { vipLevel: 3, days: 30, count: 1 }, op.login.token)
  expect(codes.code, codes.msg).toBe(200)
  const [user] = await registerUsers(request, ['庚'])
  const u = await signIn(browser, user)
  sessions = [u]
  await u.page.goto('/member')
  await expect(visible(u.page, 'member-state')).toHaveText('普通用户（非会员）')
  await fillInput(u.page, 'member-code', codes.data[0]!.code)
  await visible(u.page, 'member-redeem').click()
  await expect(visible(u.page, 'member-state')).toContainText('VIP3')
  await expect(visible(u.page, 'member-expiry')).toContainText('有效期至')
  await expect(visible(u.page, 'member-history')).toContainText('兑换码开通')
  // A code works once.
  await fillInput(u.page, 'member-code', codes.data[0]!.code)
  await visible(u.page, 'member-redeem').click()
  await expect(visible(u.page, 'member-redeem-error')).toHaveText('兑换码已被使用')
})

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`an invalid code's message sits below the code box, clear of its border (${label})`, async ({ browser, request }) => {
    const [user] = await registerUsers(request, ['壬'])
    const u = await signIn(browser, user, { viewport })
    sessions = [u]
    await u.page.goto('/member')
    await fillInput(u.page, 'member-code', 'ABC123')
    await visible(u.page, 'member-redeem').click()
    const error = visible(u.page, 'member-redeem-error')
    await expect(error).toHaveText('兑换码无效')
    const box = await u.page.locator('.member-redeem').filter({ visible: true }).boundingBox()
    const text = await error.boundingBox()
    expect(box && text).toBeTruthy()
    expect(text!.y).toBeGreaterThanOrEqual(box!.y + box!.height)
    await u.page.screenshot({ path: `test-results/e2e/admin/member-bad-code-${label}.png` })
  })
}

test('a user deletes their account: logged out, cannot log in again', async ({ page, request }) => {
  const [user] = await registerUsers(request, ['辛'])
  await loginByPhone(page, user.phone, user.pwd)
  await visible(page, 'settings-button').first().click()
  await visible(page, 'settings-security').click()
  await expect(visible(page, 'delete-account')).toContainText('已注销用户')
  await fillInput(page, 'delete-account-pwd', 'not-my-password')
  await visible(page, 'delete-account-submit').click()
  await expect(visible(page, 'delete-account-error')).toHaveText('密码错误')
  await fillInput(page, 'delete-account-pwd', user.pwd)
  await visible(page, 'delete-account-submit').click()
  await expectPath(page, '/login')
  await submitPhoneLogin(page, user.phone, user.pwd)
  await expect(inputByTestId(page, 'login-phone')).toBeVisible()
  await expect(visible(page, 'login-error')).toHaveText('账号或密码错误')
})
