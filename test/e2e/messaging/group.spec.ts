import type { Page } from '@playwright/test'
import { inputByTestId } from '../support/ui'
import { closePanel, openPanel } from '../groups/support'
import {
  expect,
  messageRows,
  openChatWith,
  pngImage,
  registerUsers,
  sendText,
  shownTexts,
  test,
  textRow,
  visible,
} from './support'

function groupRow(page: Page, name: string) {
  return visible(page, 'conv-row').filter({ hasText: name })
}

function pickerItem(page: Page, wtId: string) {
  return page.locator(`[data-testid="picker-item"][data-id="${wtId}"]`).filter({ visible: true })
}

test('a group created from the list chats among three people', async ({ login, request }) => {
  test.setTimeout(120_000)
  const [alice, bob, carol] = await registerUsers(request, ['甲', '乙', '丙'])
  const a = await login(alice)
  const b = await login(bob)
  const c = await login(carol)
  const groupName = `周末爬山${alice.phone.slice(-3)}`

  // Bob is a candidate because Alice has a chat with him; Carol is found by ID inside the picker.
  await openChatWith(a.page, bob)
  await sendText(a.page, '拉个群')

  await visible(a.page, 'conv-plus').click()
  await visible(a.page, 'menu-create-group').click()
  await expect(visible(a.page, 'group-create-dialog')).toBeVisible()
  await expect(visible(a.page, 'picker-done')).toHaveClass(/btn--disabled/)
  await pickerItem(a.page, bob.wtId).click()
  await inputByTestId(a.page, 'picker-search').fill(carol.wtId)
  await pickerItem(a.page, carol.wtId).click()
  await expect(visible(a.page, 'picker-selected')).toHaveCount(2)
  await expect(visible(a.page, 'picker-done')).not.toHaveClass(/btn--disabled/)
  await visible(a.page, 'picker-done').click()

  await inputByTestId(a.page, 'group-create-name').fill(groupName)
  await a.page.locator('[data-testid="group-create-notice"] textarea, textarea[data-testid="group-create-notice"]').filter({ visible: true }).fill('周六早上八点集合')
  // Each group type shows its label and description; a meeting group is chosen.
  await expect(visible(a.page, 'group-type')).toHaveCount(5)
  await expect(visible(a.page, 'group-type').and(a.page.locator('[data-type="Work"]'))).toHaveAttribute('aria-checked', 'true')
  await visible(a.page, 'group-type').and(a.page.locator('[data-type="Meeting"]')).click()
  await expect(visible(a.page, 'group-type').and(a.page.locator('[data-type="Meeting"]'))).toHaveAttribute('aria-checked', 'true')
  const chooser = a.page.waitForEvent('filechooser')
  await visible(a.page, 'group-create-avatar').click()
  await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: pngImage(96, 96, [7, 193, 96], [255, 255, 255]) })
  await expect(visible(a.page, 'group-create-avatar')).toHaveAttribute('data-uploaded', 'true')
  await visible(a.page, 'group-create-submit').click()

  // The new group opens for its creator with the member count and the creation tip.
  await expect(visible(a.page, 'group-create-dialog')).toHaveCount(0)
  await expect(visible(a.page, 'chat-header-name')).toHaveText(groupName)
  await expect(visible(a.page, 'chat-member-count')).toHaveText('(3)')
  await expect(messageRows(a.page).and(a.page.locator('[data-type="TIMGroupTipElem"]'))).toHaveCount(1)
  await expect(visible(a.page, 'toast').filter({ hasText: '创建成功' })).toBeVisible()
  const conversationID = await groupRow(a.page, groupName).getAttribute('data-id')
  expect(conversationID).toMatch(/^GROUP/)
  await openPanel(a.page)
  await expect(visible(a.page, 'group-type-value')).toHaveText('临时会议群')
  await closePanel(a.page)

  // The members get it in their lists at once.
  for (const s of [b, c]) {
    await expect(groupRow(s.page, groupName)).toHaveAttribute('data-id', conversationID!)
    await expect(groupRow(s.page, groupName).locator('[data-testid="conv-row-summary"]')).toContainText(alice.nickName)
  }

  const bBadge = groupRow(b.page, groupName).locator('[data-testid="conv-row-badge"]')
  const unreadBefore = (await bBadge.count()) ? Number(await bBadge.innerText()) : 0
  await sendText(a.page, '大家好')
  await expect(groupRow(b.page, groupName).locator('[data-testid="conv-row-summary"]')).toHaveText(`${alice.nickName}: 大家好`)
  await expect(bBadge).toHaveText(String(unreadBefore + 1))

  await groupRow(b.page, groupName).click()
  await expect(visible(b.page, 'chat-member-count')).toHaveText('(3)')
  await expect(textRow(b.page, '大家好')).toContainText(alice.nickName)
  await groupRow(c.page, groupName).click()
  await sendText(c.page, '我来了')
  await sendText(b.page, '我也在')

  const all = ['大家好', '我来了', '我也在']
  for (const s of [a, b, c]) await expect.poll(() => shownTexts(s.page), { message: `${s.user.nickName} sees the group chat` }).toEqual(all)
  // Others' messages carry the sender's name in a group.
  await expect(textRow(a.page, '我来了')).toContainText(carol.nickName)
  await expect(textRow(a.page, '我也在')).toContainText(bob.nickName)

  // The group tab lists only the group.
  await visible(a.page, 'conv-tab-group').click()
  await expect(visible(a.page, 'conv-row')).toHaveCount(1)
  await expect(visible(a.page, 'conv-row')).toHaveAttribute('data-id', conversationID!)
})
