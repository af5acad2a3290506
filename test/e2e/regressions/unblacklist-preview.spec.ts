import { openContacts, openFriend, profileAction, profileCard } from '../contacts/support'
import { befriend, conversationRow, expect, registerUsers, test, visible } from '../messaging/support'
import { expectToast } from '../support/ui'

/**
 * A new-user trial on a desktop: after 移出黑名单 张三's list still said 已加入黑名单 for 王五,
 * because the blacklist notice stays the last message (taking someone off writes none). The
 * line now follows the blacklist: 已移出黑名单 once he is off it.
 */
test('the list line of the blacklist notice follows the blacklist: 已加入黑名单, then 已移出黑名单', async ({ request, login, device }) => {
  const [zhang, wang] = await registerUsers(request, ['张三', '王五'])
  await befriend(request, zhang!, wang!)
  await device(wang!).sendText(`C2C${zhang!.wtId}`, '在吗')
  const { page } = await login(zhang!)
  const summary = conversationRow(page, `C2C${wang!.wtId}`).getByTestId('conv-row-summary')
  await expect(summary).toHaveText('在吗')

  await openContacts(page)
  await openFriend(page, wang!.wtId)
  await profileAction(page, 'black')
  await visible(page, 'black-confirm-confirm').click()
  await expectToast(page, '已拉黑对方')
  await expect(profileCard(page).locator('[data-testid="profile-blacklisted"]')).toBeVisible()
  await visible(page, 'nav-messages').click()
  await expect(summary).toHaveText('已加入黑名单')

  await openContacts(page)
  await visible(page, 'contacts-entry-blacklist').click()
  await page.locator(`[data-testid="blacklist-row"][data-id="${wang!.wtId}"] [data-testid="blacklist-remove"]`).filter({ visible: true }).click()
  await expectToast(page, '取消拉黑成功')
  await visible(page, 'nav-messages').click()
  await expect(summary).toHaveText('已移出黑名单')
  await page.screenshot({ path: 'test-results/e2e/regressions/unblacklist-preview-desktop.png' })

  // A reload asks the blacklist again before it says anything else.
  await page.reload()
  await expect(summary).toHaveText('已移出黑名单')
})
