/**
 * 群机器人 with the keyboard: the sub-panel takes focus and the view beneath leaves the tab order,
 * the add form starts in its named name field, Escape closes the sub-panel back onto the row that
 * opened it, and then the panel back onto the chat header's button.
 */
import { createGroup, expect, openConversation, registerUsers, test, visible } from '../messaging/support'
import { inputByTestId } from '../support/ui'
import { openPanel } from './support'

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

test('群机器人: what is typed in each field of the add form stays in that field', async ({ login, request }) => {
  const [owner, member] = await registerUsers(request, ['表单群主', '成员'])
  const group = await createGroup(request, owner, [member], `表单群${owner.phone.slice(-3)}`)
  const { page } = await login(owner, { viewport: { width: 390, height: 844 } })
  await openConversation(page, group.conversationID)
  await openPanel(page)
  await visible(page, 'group-robots-row').click()
  await visible(page, 'robot-add').click()
  // The name field has focus as the form opens; the others keep it while typed in, key by key.
  await expect(inputByTestId(page, 'robot-name-input')).toBeFocused()
  await page.keyboard.type('告警助手')
  await inputByTestId(page, 'robot-desc-input').click()
  await page.keyboard.type('线上服务')
  // A callback address may run past the 140 characters a field takes by default.
  const callback = `https://x.example/hooks/${'a'.repeat(140)}`
  await inputByTestId(page, 'robot-callback-input').click()
  await page.keyboard.type(callback)
  await expect(inputByTestId(page, 'robot-name-input')).toHaveValue('告警助手')
  await expect(inputByTestId(page, 'robot-desc-input')).toHaveValue('线上服务')
  await expect(inputByTestId(page, 'robot-callback-input')).toHaveValue(callback)
})
