/**
 * A report's card on a phone: its two fields line up (the long label of the first pushed its input
 * below the second's) and are named by their labels, its image opens by keyboard and Escape gives
 * focus back, a report against the operator himself offers him no decision, and the way back to
 * the app stays on a phone.
 */
import { expect, registerUsers, test, visible } from '../messaging/support'
import { fileReport, operatorAccount } from './support'

test('report cards on a phone: fields aligned and named, image by keyboard, no decision on a report against oneself', async ({ login, request }) => {
  const op = await operatorAccount(request)
  const [reporter, target] = await registerUsers(request, ['举报者', '被举报者'])
  const other = await fileReport(request, reporter, target)
  const self = await fileReport(request, reporter, op)
  const { page } = await login(op, { viewport: { width: 390, height: 844 } })
  await page.goto('/admin')
  await visible(page, 'admin-nav-reports').click()

  const card = visible(page, `admin-report-${other}`)
  const boxes = await Promise.all(['admin-report-message', `admin-report-days-${other}`].map((id) => card.locator(`[data-testid="${id}"]`).boundingBox()))
  const [message, days] = boxes.map((b) => b!)
  // Side by side they share a top; stacked they share a left edge and a width.
  const aligned = Math.abs(message!.y - days!.y) < 1 || (Math.abs(message!.x - days!.x) < 1 && Math.abs(message!.width - days!.width) < 1)
  expect(aligned, JSON.stringify(boxes)).toBe(true)

  await expect(card.getByRole('textbox', { name: '警告内容或封禁原因（选填）' })).toHaveCount(1)
  await expect(card.getByRole('textbox', { name: '封禁天数' })).toHaveCount(1)
  const image = card.getByRole('button', { name: '查看举报图片1' })
  await image.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: '图片预览' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: '图片预览' })).toHaveCount(0)
  await expect(image).toBeFocused()
  await expect(visible(page, 'admin-back')).toHaveText('返回应用')

  const mine = visible(page, `admin-report-${self}`)
  await expect(mine.locator('[data-testid="admin-report-self"]')).toHaveText('该举报针对你本人，请由其他管理员处理')
  await expect(mine.locator('[data-testid="admin-report-dismiss"]')).toHaveCount(0)
  await expect(card.locator('[data-testid="admin-report-dismiss"]')).toHaveCount(1)
})
