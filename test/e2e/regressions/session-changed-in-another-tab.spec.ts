import { loginByPhone, logoutViaMenu } from '../support/accounts'
import { expectPath, recordToasts } from '../support/ui'
import { befriend, editor, expect, openConversation, registerUsers, SocketSwitch, test, visible } from '../messaging/support'

/**
 * QA: a tab left open while another tab of the same browser logged out and in again sat on
 * 网络连接已断开，正在重连… for ever, and a message typed there spun for ever. The tab notices the
 * stored session change: it ends its own session saying why (unsent messages are dropped, and
 * said so) and follows the new login.
 */
const SHOTS = 'test-results/e2e/regressions'

test('a tab follows a logout and login made in another tab', async ({ browser, request, device }) => {
  const [me, peer] = await registerUsers(request, ['两个标签', '对方'])
  await befriend(request, me!, peer!)
  await device(peer!).sendText(`C2C${me!.wtId}`, '在吗')
  const context = await browser.newContext()
  const sockets = await SocketSwitch.install(context)
  const left = await context.newPage()
  const toastsOfLeft = await recordToasts(left)
  await loginByPhone(left, me!.phone, me!.pwd)
  await openConversation(left, `C2C${peer!.wtId}`)

  // The network drops; a message typed now waits for the socket.
  await sockets.goOffline()
  await expect(visible(left, 'net-banner')).toBeVisible()
  await editor(left).fill('还在吗')
  await editor(left).press('Enter')

  const other = await context.newPage()
  await other.goto('/messages')
  await expect(visible(other, 'conv-pane')).toBeVisible()
  await logoutViaMenu(other)

  // The left tab ends its session at once, saying so and that the unsent message was dropped.
  await expectPath(left, '/login')
  await expect.poll(async () => (await toastsOfLeft()).some((t) => t.includes('登录状态已在其他窗口改变，未发送的消息已取消'))).toBe(true)
  await left.screenshot({ path: `${SHOTS}/session-changed-left-login.png` })

  sockets.goOnline()
  await loginByPhone(other, me!.phone, me!.pwd)

  // …and follows the new login: the list, connected, no banner.
  await expectPath(left, '/messages')
  await expect(visible(left, 'conv-pane')).toBeVisible()
  await expect(visible(left, 'net-banner')).toHaveCount(0)
  await openConversation(left, `C2C${peer!.wtId}`)
  await left.screenshot({ path: `${SHOTS}/session-changed-left-followed.png` })
  await context.close()
})
