import type { Page } from '@playwright/test'
import { apiPost } from '../support/accounts'
import { befriend, conversationRow, expect, registerUsers, test, visible } from './support'

/**
 * IDs of the conversation rows in list order, without the official helper's: every account has
 * it (dated at sign-up), and these flows are about the conversations the test makes.
 */
async function listOrder(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid="conv-pane"] [data-testid="conv-row"]')
    .filter({ visible: true })
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''))
  return ids.filter((id) => id !== 'C2CwisperHelper')
}

async function menuAction(page: Page, conversationID: string, action: 'pin' | 'mute' | 'fold' | 'delete'): Promise<void> {
  await conversationRow(page, conversationID).click({ button: 'right' })
  await visible(page, `conv-menu-${action}`).click()
  await expect(visible(page, 'conv-menu')).toHaveCount(0)
}

test('pin, mute, archive and move out of the archive', async ({ device, login, request }) => {
  const [alice, bob, carol] = await registerUsers(request, ['甲', '乙', '丙'])
  await befriend(request, alice, bob)
  await befriend(request, carol, bob)
  const b = await login(bob)
  const fromAlice = device(alice)
  const fromCarol = device(carol)
  const withAlice = `C2C${alice.wtId}`
  const withCarol = `C2C${carol.wtId}`

  await fromAlice.sendText(`C2C${bob.wtId}`, '甲的消息')
  await fromCarol.sendText(`C2C${bob.wtId}`, '丙的消息')
  await expect.poll(() => listOrder(b.page)).toEqual([withCarol, withAlice])
  await expect(visible(b.page, 'badge-messages')).toHaveText('2')

  // Pinned: first in the list whatever comes in later, and marked.
  await menuAction(b.page, withAlice, 'pin')
  await expect(conversationRow(b.page, withAlice)).toHaveAttribute('data-pinned', 'true')
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice, withCarol])
  await fromCarol.sendText(`C2C${bob.wtId}`, '丙的第二条')
  await expect(conversationRow(b.page, withCarol).locator('[data-testid="conv-row-badge"]')).toHaveText('2')
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice, withCarol])
  // Pinned rows are tinted (measured with the pointer away, so hover does not count).
  await b.page.mouse.move(1200, 700)
  const background = (id: string) => conversationRow(b.page, id).evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(await background(withAlice)).not.toBe(await background(withCarol))

  // Muted: a dot instead of a number, the mute icon, and no longer counted in the totals.
  await menuAction(b.page, withCarol, 'mute')
  const carolRow = conversationRow(b.page, withCarol)
  await expect(carolRow).toHaveAttribute('data-muted', 'true')
  await expect(carolRow.locator('[data-testid="conv-row-muted"]')).toBeVisible()
  await expect(carolRow.locator('[data-testid="conv-row-badge"]')).toHaveAttribute('data-dot', 'true')
  await expect(carolRow.locator('[data-testid="conv-row-badge"]')).toHaveText('')
  await expect(visible(b.page, 'badge-messages')).toHaveText('1')
  await visible(b.page, 'conv-tab-unread').click()
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice])
  await visible(b.page, 'conv-tab-all').click()
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice, withCarol])

  // Unpin and unmute go back.
  await menuAction(b.page, withAlice, 'pin')
  await expect(conversationRow(b.page, withAlice)).toHaveAttribute('data-pinned', 'false')
  await expect.poll(() => listOrder(b.page)).toEqual([withCarol, withAlice])
  await menuAction(b.page, withCarol, 'mute')
  await expect(carolRow).toHaveAttribute('data-muted', 'false')
  await expect(carolRow.locator('[data-testid="conv-row-badge"]')).toHaveText('2')
  await expect(visible(b.page, 'badge-messages')).toHaveText('3')

  // Archived: gone from the list into the 折叠的会话 entry, and muted with it (spec 4).
  await menuAction(b.page, withCarol, 'fold')
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice])
  const entry = visible(b.page, 'archive-entry')
  await expect(entry).toBeVisible()
  await expect(entry).toHaveAttribute('data-count', '1')
  await expect(visible(b.page, 'badge-messages')).toHaveText('1')

  // A new message to an archived conversation keeps it in the archive.
  await fromCarol.sendText(`C2C${bob.wtId}`, '丙的第三条')
  await expect(entry).toContainText('丙的第三条')
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice])

  await entry.click()
  await expect(visible(b.page, 'archive-back')).toBeVisible()
  await expect.poll(() => listOrder(b.page)).toEqual([withCarol])
  await expect(conversationRow(b.page, withCarol)).toHaveAttribute('data-muted', 'true')
  await visible(b.page, 'archive-back').click()
  await expect.poll(() => listOrder(b.page)).toEqual([withAlice])

  await visible(b.page, 'archive-entry').click()
  await visible(b.page, 'archive-move-all').click()
  // The archive view closes by itself once it is empty.
  await expect(visible(b.page, 'archive-back')).toHaveCount(0)
  await expect(visible(b.page, 'archive-entry')).toHaveCount(0)
  await expect.poll(() => listOrder(b.page)).toEqual([withCarol, withAlice])

  // All of it was stored on the server: a reload shows the same list.
  await b.page.goto('/messages')
  await expect.poll(() => listOrder(b.page)).toEqual([withCarol, withAlice])
  await expect(visible(b.page, 'archive-entry')).toHaveCount(0)
})

/**
 * The 折叠的会话 row is laid out like any other row: the name with a small grey count beside it
 * on the first line, one line of preview under it, both clear of the row's edges.
 */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the archive entry keeps the two-line row layout (${label})`, async ({ device, login, request }) => {
    const [alice, bob] = await registerUsers(request, ['折甲', '折乙'])
    await befriend(request, alice!, bob!)
    const withAlice = `C2C${alice!.wtId}`
    await device(alice!).sendText(`C2C${bob!.wtId}`, '第一条')
    const folded = await apiPost(request, '/api/im/conversation/fold', { conversationID: withAlice, folded: true }, bob!.login.token)
    expect(folded.code, folded.msg).toBe(200)
    await device(alice!).sendText(`C2C${bob!.wtId}`, '折叠后的一条消息')
    const b = await login(bob!, { viewport })
    const entry = visible(b.page, 'archive-entry')
    await expect(entry).toContainText('折叠后的一条消息')

    const row = (await entry.boundingBox())!
    const name = (await entry.locator('.conv-row__name').boundingBox())!
    const count = (await entry.locator('[data-testid="archive-entry-count"]').boundingBox())!
    const summary = (await entry.locator('.conv-row__summary').boundingBox())!
    // The count is a small pill on the name's line, right of the name, not a bar of its own.
    expect(count.width).toBeLessThan(40)
    expect(count.x).toBeGreaterThanOrEqual(name.x + name.width - 0.5)
    expect(Math.abs(count.y + count.height / 2 - (name.y + name.height / 2))).toBeLessThan(3)
    // Two lines, the preview right under the name, with room above and below.
    expect(summary.y).toBeGreaterThanOrEqual(name.y + name.height - 0.5)
    expect(summary.y - (name.y + name.height)).toBeLessThan(10)
    expect(name.y - row.y).toBeGreaterThanOrEqual(8)
    expect(row.y + row.height - (summary.y + summary.height)).toBeGreaterThanOrEqual(8)
    await b.page.screenshot({ path: `test-results/e2e/messaging/archive-entry-${label}.png` })
  })
}
