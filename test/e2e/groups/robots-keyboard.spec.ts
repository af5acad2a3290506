/**
 * 群机器人 with the keyboard: the sub-panel takes focus and the view beneath leaves the tab order,
 * the add form starts in its named name field, Escape closes the sub-panel back onto the row that
 * opened it, and then the panel back onto the chat header's button.
 */
import { createGroup, expect, openConversation, registerUsers, test, visible } from '../messaging/support'

test('群机器人 by keyboard: focus goes in, skips the covered view, and comes back to its opener', async ({ login, request }) => {
  const [owner, member] = await registerUsers(request, ['键盘群主', '成员'])
  const group = await createGroup(request, owner, [member], `键盘群${owner.phone.slice(-3)}`)
  const { page } = await login(owner)
  await openConversation(page, group.conversationID)

  const opener = visible(page, 'group-info-open')
  await opener.focus()
  await page.keyboard.press('Enter')
  const row = visible(page, 'group-robots-row')
  await row.focus()
  await page.keyboard.press('Enter')
  const sub = visible(page, 'group-robots')
  await expect(sub).toBeVisible()
  await expect(sub.locator(':focus')).toHaveCount(1)
  // The view beneath is covered: Tab never lands there (the panel is no modal: Tab may go on to the page).
  const beneath = visible(page, 'group-panel').locator('.gpanel-under')
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab')
    await expect(beneath.locator(':focus'), `Tab ${i + 1}`).toHaveCount(0)
  }

  await visible(page, 'robot-add').click()
  await expect(sub.getByRole('textbox', { name: '机器人名称' })).toBeFocused()
  await expect(sub.getByRole('button', { name: '选择头像' })).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(sub).toHaveCount(0)
  await expect(row).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(visible(page, 'group-panel')).toHaveCount(0)
  await expect(opener).toBeFocused()
})
