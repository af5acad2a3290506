import { befriend, expect, menuAction, openChatWith, registerUsers, sendText, test, textRow } from '../messaging/support'
import { quickAction } from './support'

test('translate shows loading, then the local provider’s result, and toggles per message', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice!, bob!)
  const a = await login(alice!)
  const b = await login(bob!)

  await openChatWith(a.page, bob!)
  await sendText(a.page, 'good morning')
  await sendText(a.page, 'see you')
  await openChatWith(b.page, alice!)
  const row = textRow(b.page, 'good morning')
  await expect(row).toBeVisible()

  expect(await menuAction(b.page, row, 'translate')).toBe('翻译')
  // The stand-in provider (test/support/language-provider.mjs) reverses the text and tags the language.
  await expect(row.locator('[data-testid="msg-panel-translate"]')).toHaveText('[zh] gninrom doog')
  await expect(row.locator('[data-testid="msg-panel-translate"]')).toHaveAttribute('data-status', 'done')
  await expect(textRow(b.page, 'see you').locator('[data-testid="msg-panel-translate"]')).toHaveCount(0)

  // The menu entry now reads 'hide' and closes the panel; the hover entry opens it again.
  expect(await menuAction(b.page, row, 'translate')).toBe('隐藏')
  await expect(row.locator('[data-testid="msg-panel-translate"]')).toHaveCount(0)
  await quickAction(row, 'translate')
  await expect(row.locator('[data-testid="msg-panel-translate"]')).toHaveText('[zh] gninrom doog')
})
