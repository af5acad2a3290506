import { befriend, conversationRow, editor, expect, openChatWith, registerUsers, SocketSwitch, test, textRow, visible } from '../messaging/support'

/**
 * A new-user trial: messages sent while offline did not reach the conversation list until the
 * connection returned: the row kept the old preview and its place. As in WeChat the row now shows
 * the pending text at once, with the sending mark, and moves to the top.
 */
test('a message sent while offline shows in its conversation row at once and moves the row to the top', async ({ login, request, device }) => {
  const [me, quiet, busy] = await registerUsers(request, ['离线', '老朋友', '新朋友'])
  await befriend(request, me!, quiet!)
  await befriend(request, me!, busy!)
  await device(quiet!).sendText(`C2C${me!.wtId}`, '很久以前的消息')
  await device(busy!).sendText(`C2C${me!.wtId}`, '刚刚的消息')
  let network: SocketSwitch | null = null
  const { page, context } = await login(me!, { beforeLogin: async (c) => void (network = await SocketSwitch.install(c)) })
  const rows = page.locator('[data-testid="conv-row"]').filter({ visible: true })
  await expect(rows.first()).toHaveAttribute('data-id', `C2C${busy!.wtId}`)

  await openChatWith(page, quiet!)
  await context.setOffline(true)
  await network!.goOffline()
  await expect(visible(page, 'net-banner')).toBeVisible({ timeout: 30_000 })
  await editor(page).fill('离线时发的')
  await editor(page).press('Enter')
  await expect(textRow(page, '离线时发的')).toHaveAttribute('data-status', 'unSend')

  const row = conversationRow(page, `C2C${quiet!.wtId}`)
  await expect(row.locator('[data-testid="conv-row-summary"]')).toHaveText('离线时发的')
  await expect(row.locator('[data-testid="conv-row-sending"]')).toBeVisible()
  await expect(rows.first()).toHaveAttribute('data-id', `C2C${quiet!.wtId}`)
  await page.screenshot({ path: 'test-results/e2e/regressions/offline-send-in-list.png' })

  network!.goOnline()
  await context.setOffline(false)
  await expect(textRow(page, '离线时发的')).toHaveAttribute('data-status', 'success', { timeout: 40_000 })
  await expect(row.locator('[data-testid="conv-row-sending"]')).toHaveCount(0)
  await expect(row.locator('[data-testid="conv-row-summary"]')).toHaveText('离线时发的')
  await expect(rows.first()).toHaveAttribute('data-id', `C2C${quiet!.wtId}`)
})
