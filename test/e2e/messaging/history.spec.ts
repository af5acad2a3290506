import type { Page } from '@playwright/test'
import {
  chatPanel,
  conversationRow,
  editor,
  expect,
  messageRows,
  openChatWith,
  openConversation,
  registerUsers,
  sendText,
  shownSequences,
  shownTexts,
  SocketSwitch,
  test,
  textRow,
  visible,
} from './support'

const numbered = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix} ${from + i}`)

const strictlyIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!)

/** Where a row sits relative to the chat's scrolling area (negative: above its top). */
async function offsetInList(page: Page, text: string): Promise<number> {
  const row = (await textRow(page, text).boundingBox())!
  const list = (await page.locator('#chat-scroll').filter({ visible: true }).boundingBox())!
  return row.y - list.y
}

async function loadAllHistory(page: Page): Promise<void> {
  const more = visible(page, 'chat-view-more')
  while ((await more.count()) > 0) {
    const before = await messageRows(page).count()
    await more.click()
    await expect.poll(() => messageRows(page).count()).toBeGreaterThan(before)
  }
}

test('查看更多 loads older pages in order and keeps the reading position', async ({ device, login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const b = await login(bob)
  const fromAlice = device(alice)
  const texts = numbered('历史', 1, 45)
  await fromAlice.sendTexts(`C2C${bob.wtId}`, texts)

  await expect(conversationRow(b.page, `C2C${alice.wtId}`).locator('[data-testid="conv-row-badge"]')).toHaveText('45')
  await openConversation(b.page, `C2C${alice.wtId}`)
  // The newest page (20), at the bottom.
  await expect(messageRows(b.page)).toHaveCount(20)
  expect(await shownTexts(b.page)).toEqual(texts.slice(25))
  await expect(textRow(b.page, '历史 45')).toBeInViewport()

  const more = visible(b.page, 'chat-view-more')
  await expect(more).toHaveText('查看更多')
  await more.scrollIntoViewIfNeeded()
  const before = await offsetInList(b.page, '历史 26')
  await more.click()
  await expect(messageRows(b.page)).toHaveCount(40)
  expect(await shownTexts(b.page)).toEqual(texts.slice(5))
  // The message that was on top stays where it was instead of jumping away.
  await expect.poll(async () => Math.abs((await offsetInList(b.page, '历史 26')) - before)).toBeLessThan(40)

  await more.click()
  await expect(messageRows(b.page)).toHaveCount(45)
  expect(await shownTexts(b.page)).toEqual(texts)
  await expect(more).toHaveCount(0)
  const seqs = await shownSequences(b.page)
  expect(seqs).toEqual(Array.from({ length: 45 }, (_, i) => i + 1))
})

test('scrolled far up, new messages are counted on the scroll-to-latest button', async ({ device, login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const b = await login(bob)
  const fromAlice = device(alice)
  await fromAlice.sendTexts(`C2C${bob.wtId}`, numbered('旧消息', 1, 60))

  await openConversation(b.page, `C2C${alice.wtId}`)
  await expect(textRow(b.page, '旧消息 60')).toBeInViewport()
  await expect(visible(b.page, 'scroll-latest')).toHaveCount(0)
  await loadAllHistory(b.page)

  // Near the bottom (less than two screens away) there is no button. Loading older pages kept
  // the reading position at the top, so go back down first.
  const list = b.page.locator('#chat-scroll').filter({ visible: true })
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(textRow(b.page, '旧消息 60')).toBeInViewport()
  await list.hover()
  await b.page.mouse.wheel(0, -300)
  await expect(visible(b.page, 'scroll-latest')).toHaveCount(0)

  await list.evaluate((el) => el.scrollTo({ top: 0 }))
  await expect(textRow(b.page, '旧消息 1')).toBeInViewport()
  await expect(visible(b.page, 'scroll-latest')).toBeVisible()

  await fromAlice.sendTexts(`C2C${bob.wtId}`, ['新消息 1', '新消息 2', '新消息 3'])
  await expect(textRow(b.page, '新消息 3')).toHaveCount(1)
  await expect(visible(b.page, 'scroll-latest')).toHaveText('3')
  // Reading old messages is not interrupted by new ones.
  await expect(textRow(b.page, '旧消息 1')).toBeInViewport()

  await visible(b.page, 'scroll-latest').click()
  await expect(textRow(b.page, '新消息 3')).toBeInViewport()
  await expect(visible(b.page, 'scroll-latest')).toHaveCount(0)

  // At the bottom, a new message scrolls into view by itself.
  await fromAlice.sendText(`C2C${bob.wtId}`, '新消息 4')
  await expect(textRow(b.page, '新消息 4')).toBeInViewport()
  await expect(visible(b.page, 'scroll-latest')).toHaveCount(0)
})

test('a reload in the middle of a conversation shows every message once, in order', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await sendText(a.page, '甲 1')
  await openChatWith(b.page, alice)
  await sendText(b.page, '乙 1')
  await sendText(a.page, '甲 2')
  await sendText(b.page, '乙 2')
  await expect(textRow(a.page, '乙 2')).toHaveCount(1)

  // Bob keeps writing while Alice's page reloads.
  const reloading = a.page.reload()
  for (const t of ['乙 3', '乙 4', '乙 5']) await sendText(b.page, t)
  await reloading

  // The open chat comes back by itself (it is in the address), with the whole history once.
  await expect(chatPanel(a.page)).toBeVisible()
  const expected = ['甲 1', '乙 1', '甲 2', '乙 2', '乙 3', '乙 4', '乙 5']
  await expect.poll(() => shownTexts(a.page)).toEqual(expected)
  const seqs = await shownSequences(a.page)
  expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7])

  // And the conversation goes on normally on both sides.
  await sendText(a.page, '甲 3')
  await expect.poll(() => shownTexts(b.page)).toEqual([...expected, '甲 3'])
  expect(strictlyIncreasing(await shownSequences(b.page))).toBe(true)
  await expect.poll(() => shownTexts(a.page)).toEqual([...expected, '甲 3'])
})

test('a message written while offline is delivered once the connection is back, exactly once', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  let network: SocketSwitch | null = null
  const a = await login(alice, { beforeLogin: async (context) => void (network = await SocketSwitch.install(context)) })
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await sendText(a.page, '在线')
  await openChatWith(b.page, alice)

  await a.context.setOffline(true)
  await network!.goOffline()
  await expect(visible(a.page, 'net-banner')).toHaveText('网络连接已断开，正在重连…', { timeout: 30_000 })
  await editor(a.page).fill('离线时写的')
  await editor(a.page).press('Enter')
  const pending = textRow(a.page, '离线时写的')
  await expect(pending).toHaveAttribute('data-status', 'unSend')

  network!.goOnline()
  await a.context.setOffline(false)
  await expect(visible(a.page, 'net-banner')).toHaveCount(0, { timeout: 40_000 })
  await expect(pending).toHaveAttribute('data-status', 'success')
  await expect(textRow(b.page, '离线时写的')).toHaveCount(1)
  expect(await shownTexts(b.page)).toEqual(['在线', '离线时写的'])

  // Still once after both sides load the history again.
  await b.page.reload()
  await expect.poll(() => shownTexts(b.page)).toEqual(['在线', '离线时写的'])
  await a.page.reload()
  await expect.poll(() => shownTexts(a.page)).toEqual(['在线', '离线时写的'])
})
