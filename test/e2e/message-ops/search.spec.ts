import { befriend, expect, openChatWith, registerUsers, test, textRow, visible } from '../messaging/support'
import { rowBySeq } from './support'

test('message search filters by type and keyword, and a result far back jumps to the message', async ({ device, login, request }) => {
  test.setTimeout(120_000)
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice!, bob!)
  const sender = device(alice!)
  const texts = Array.from({ length: 45 }, (_, i) => (i === 2 ? '车票订好了 G1234' : `闲聊 ${i}`))
  const seqs = await sender.sendTexts(`C2C${bob!.wtId}`, texts)
  sender.close()
  const target = seqs[2]!

  const b = await login(bob!)
  await openChatWith(b.page, alice!)
  await expect(textRow(b.page, '闲聊 44')).toBeVisible()
  await expect(rowBySeq(b.page, target)).toHaveCount(0)

  await visible(b.page, 'chat-search').click()
  await expect(visible(b.page, 'msg-search-result')).toHaveCount(20)
  await visible(b.page, 'msg-search-filter-file').click()
  await expect(visible(b.page, 'msg-search-empty')).toBeVisible()
  await visible(b.page, 'msg-search-filter-text').click()
  await visible(b.page, 'msg-search-input').locator('input').fill('g12')
  const hit = visible(b.page, 'msg-search-result')
  await expect(hit).toHaveCount(1)
  await expect(hit).toContainText('车票订好了 G1234')

  // The message is two pages back: older pages load until it is there, then it blinks in view.
  await hit.click()
  await expect(visible(b.page, 'msg-search')).toHaveCount(0)
  await expect(b.page.locator('[data-testid="msg-search"]')).toHaveAttribute('data-open', 'false')
  await expect(rowBySeq(b.page, target)).toBeInViewport()
  await expect(rowBySeq(b.page, target)).toHaveClass(/msg-row--blink/)
})
