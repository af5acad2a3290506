import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, loginByPhone, registerUser } from '../support/accounts'
import { byTestId } from '../support/ui'

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const NAV_ITEMS = ['nav-messages', 'nav-contacts', 'nav-favorites', 'nav-moments', 'nav-member']

test('the desktop shell shows the sidebar, nickname, avatar and VIP badge of a member', async ({ page }) => {
  const login = await loginByPhone(page, '13800000002', DEMO_PASSWORD)
  expect(login.vipType).not.toBe(0)
  expect(login.vipLevel).toBe(3)

  const sidebar = byTestId(page, 'sidebar')
  await expect(sidebar).toBeVisible()
  for (const item of NAV_ITEMS) await expect(sidebar.locator(`[data-testid="${item}"]`)).toBeVisible()
  await expect(byTestId(page, 'tabbar')).toBeHidden()

  await expect(byTestId(page, 'shell-nickname')).toHaveText('李四')

  const avatar = page.locator('[data-testid="shell-avatar"] img, img[data-testid="shell-avatar"]').filter({ visible: true }).first()
  await expect(avatar).toBeVisible()
  await expect(avatar).toHaveAttribute('src', new RegExp(`${escapeRegExp(login.avatar)}$`))
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'avatar image loaded' }).toBe(true)

  const badge = byTestId(page, 'shell-vip-badge')
  await expect(badge).toBeVisible()
  await expect(badge).toHaveAttribute('data-level', '3')

  await sidebar.locator('[data-testid="nav-contacts"]').click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts')
})

test('a user without membership has no VIP badge', async ({ page }) => {
  await registerUser(page)
  await expect(byTestId(page, 'shell-nickname')).toBeVisible()
  await expect(byTestId(page, 'shell-vip-badge')).toHaveCount(0)
})

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the bottom tab bar replaces the sidebar', async ({ page }) => {
    await loginByPhone(page, '13800000002', DEMO_PASSWORD)

    const tabbar = byTestId(page, 'tabbar')
    await expect(tabbar).toBeVisible()
    await expect(byTestId(page, 'sidebar')).toBeHidden()
    for (const item of NAV_ITEMS) await expect(tabbar.locator(`[data-testid="${item}"]`)).toBeVisible()

    const box = await tabbar.boundingBox()
    expect(box, 'tab bar has a layout box').not.toBeNull()
    expect(box!.y + box!.height).toBeGreaterThan(844 - 5)
  })
})
