import { befriend, chatPanel, expect, openChatWith, registerUsers, test, visible } from '../messaging/support'

/**
 * QA: on a phone, opening a chat replaced the history entry, so the browser's back button left
 * the app instead of closing the chat. On narrow screens a chat is an entry of its own; on a
 * desktop nothing changes.
 */
const SHOTS = 'test-results/e2e/regressions'
const historyLength = (page: import('@playwright/test').Page) => page.evaluate(() => window.history.length)

test('on a phone the browser back button closes the chat back to the list', async ({ request, login, device }) => {
  const [me, peer] = await registerUsers(request, ['返回', '对方'])
  await befriend(request, me!, peer!)
  await device(peer!).sendText(`C2C${me!.wtId}`, '在吗')
  const { page } = await login(me!, { viewport: { width: 390, height: 844 } })
  const before = await historyLength(page)

  await openChatWith(page, peer!)
  await expect(chatPanel(page)).toBeVisible()
  await expect.poll(() => new URL(page.url()).searchParams.get('conversationID')).toBe(`C2C${peer!.wtId}`)
  expect(await historyLength(page)).toBe(before + 1)
  await page.screenshot({ path: `${SHOTS}/phone-chat-open.png` })

  await page.evaluate(() => window.history.back())
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(visible(page, 'conv-pane')).toBeVisible()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/messages')
  await expect.poll(() => new URL(page.url()).searchParams.get('conversationID')).toBeNull()
  await page.screenshot({ path: `${SHOTS}/phone-after-back.png` })

  // Closed with the chat's own back arrow, its entry goes too: forward does not reopen a ghost.
  await openChatWith(page, peer!)
  await visible(page, 'chat-back').click()
  await expect(chatPanel(page)).toHaveCount(0)
  await page.evaluate(() => window.history.forward())
  await expect(visible(page, 'conv-pane')).toBeVisible()
  await expect(chatPanel(page)).toHaveCount(0)
})

test('on a desktop opening a chat adds no history entry', async ({ request, login, device }) => {
  const [me, peer] = await registerUsers(request, ['桌面', '对方'])
  await befriend(request, me!, peer!)
  await device(peer!).sendText(`C2C${me!.wtId}`, '在吗')
  const { page } = await login(me!)
  const before = await historyLength(page)
  await openChatWith(page, peer!)
  await expect(chatPanel(page)).toBeVisible()
  expect(await historyLength(page)).toBe(before)
})
