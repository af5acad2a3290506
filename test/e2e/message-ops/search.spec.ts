import type { Locator } from '@playwright/test'
import { befriend, expect, openChatWith, registerUsers, test, textRow, visible } from '../messaging/support'
import { rowBySeq } from './support'

/** The strength of a row's background colour: 0 transparent, 1 opaque. */
const tint = (row: Locator) => row.evaluate((el) => Number(/^rgba\(.*,\s*([\d.]+)\)$/.exec(getComputedStyle(el).backgroundColor)?.[1] ?? 1))

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`message search filters by type and keyword, and a result far back jumps to the message (${name})`, async ({ device, login, request }) => {
    test.setTimeout(120_000)
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    await befriend(request, alice!, bob!)
    const sender = device(alice!)
    const texts = Array.from({ length: 45 }, (_, i) => (i === 2 ? '车票订好了 G1234' : `闲聊 ${i}`))
    const seqs = await sender.sendTexts(`C2C${bob!.wtId}`, texts)
    sender.close()
    const target = seqs[2]!

    const b = await login(bob!, { viewport })
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
    const row = rowBySeq(b.page, target)
    await expect(row).toBeInViewport({ ratio: 1 })
    await expect(row).toHaveClass(/msg-row--blink/)
    await expect(row).toHaveAttribute('data-highlight', 'true')
    // Plainly lit, not a faint tint, and the message has the focus, so a screen reader reads it out.
    await expect.poll(() => tint(row)).toBeGreaterThanOrEqual(0.3)
    await expect(row.locator('xpath=ancestor::*[@role="listitem"][1]')).toBeFocused()
    await b.page.screenshot({ path: `test-results/e2e/message-ops/search-jump-${name}.png` })
    await expect(row).not.toHaveAttribute('data-highlight', 'true', { timeout: 5_000 })
  })
}
