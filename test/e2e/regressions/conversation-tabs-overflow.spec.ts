import type { Page } from '@playwright/test'
import { apiPost } from '../support/accounts'
import { expectToast, fillInput } from '../support/ui'
import { expect, registerUsers, test, visible, type ChatUser } from '../messaging/support'

/**
 * QA: with 分组 tabs the strip was wider than the pane and its last tab was cut mid-character
 * next to the ••• button, with no way to reach it on a desktop. The groups have a row of their
 * own under the fixed tabs; that row scrolls (wheel, drag), fades at a cut end, keeps the active
 * tab in view and ends before the pane's edge.
 */
const SHOTS = 'test-results/e2e/regressions'
const GROUPS = ['重要客户一组', '家人和亲戚们', '同事与合作伙伴', '最后一个分组']

async function addGroups(page: Page, user: ChatUser): Promise<void> {
  for (const groupName of GROUPS) {
    const answer = await apiPost(page.request, '/api/sessionGroup/add', { groupName, relationList: [] }, user.login.token)
    expect(answer.code, answer.msg).toBe(200)
  }
}

const strip = (page: Page) => visible(page, 'conv-tabs-groups')
const scrollLeft = (page: Page) => strip(page).evaluate((el) => el.scrollLeft)
const lastTab = (page: Page) => page.locator('[data-testid="conv-tab-group-custom"]').filter({ visible: true, hasText: GROUPS[GROUPS.length - 1]! })

test('the conversation tabs scroll sideways with a fade, clear of the ••• button', async ({ request, login }) => {
  const [user] = await registerUsers(request, ['分组多'])
  const { page } = await login(user!)
  await addGroups(page, user!)
  await page.reload()
  await expect(lastTab(page)).toHaveCount(1)

  const box = (await strip(page).boundingBox())!
  const pane = (await visible(page, 'conv-pane').boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width + 0.5)
  await expect(strip(page)).toHaveClass(/conv-tabs--fade-end/)
  await expect(strip(page)).not.toHaveClass(/conv-tabs--fade-start/)
  await page.screenshot({ path: `${SHOTS}/tabs-overflow-desktop.png` })

  // A vertical wheel scrolls the strip sideways.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.wheel(0, 400)
  await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0)
  await expect(strip(page)).toHaveClass(/conv-tabs--fade-start/)
  await page.mouse.wheel(0, -2000)
  await expect.poll(() => scrollLeft(page)).toBe(0)

  // Dragging scrolls it too, and the release does not switch tabs.
  await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 8 })
  await page.mouse.up()
  await expect.poll(() => scrollLeft(page)).toBeGreaterThan(100)
  await expect(visible(page, 'conv-tab-all')).toHaveAttribute('aria-selected', 'true')

  // A tab chosen elsewhere (the tabs manager) is scrolled into view, left of the button.
  await page.mouse.wheel(0, -2000)
  await expect.poll(() => scrollLeft(page)).toBe(0)
  await visible(page, 'conv-tabs-manage').click()
  await page.locator('[data-testid="tabs-manager-item"]').filter({ visible: true, hasText: GROUPS[GROUPS.length - 1]! }).click()
  await expect(lastTab(page)).toHaveAttribute('aria-selected', 'true')
  if (await visible(page, 'tabs-manager').count()) await visible(page, 'tabs-manager-mask').click()
  await expect.poll(async () => {
    const tab = (await lastTab(page).boundingBox())!
    const now = (await strip(page).boundingBox())!
    return tab.x >= now.x && tab.x + tab.width <= now.x + now.width
  }).toBe(true)
  await page.screenshot({ path: `${SHOTS}/tabs-overflow-desktop-end.png` })
})

test('on a phone the tabs strip scrolls and fades the same way', async ({ request, login }) => {
  const [user] = await registerUsers(request, ['分组手机'])
  const { page } = await login(user!, { viewport: { width: 390, height: 844 } })
  await addGroups(page, user!)
  await page.reload()
  await expect(lastTab(page)).toHaveCount(1)
  await expect(strip(page)).toHaveClass(/conv-tabs--fade-end/)
  const box = (await strip(page).boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390.5)
  await page.screenshot({ path: `${SHOTS}/tabs-overflow-phone.png` })
})

/**
 * QA: a group made in 管理分组 was added past the cut end of the strip, out of sight, with only the
 * fade to hint there was more. The new tab is scrolled into view, and while tabs are cut off an
 * arrow after the strip says so and pages it along.
 */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a group just created is scrolled into view; an arrow marks more tabs (${label})`, async ({ request, login }) => {
    const [user] = await registerUsers(request, [`新分组${label === 'phone' ? '机' : '桌'}`])
    const { page } = await login(user!, { viewport })
    for (const groupName of GROUPS) {
      const answer = await apiPost(page.request, '/api/sessionGroup/add', { groupName, relationList: [] }, user!.login.token)
      expect(answer.code, answer.msg).toBe(200)
    }
    await page.reload()
    await expect(page.locator('[data-testid="conv-tab-group-custom"]').filter({ visible: true })).toHaveCount(GROUPS.length)

    await expect(visible(page, 'conv-tabs-more')).toBeVisible()
    const arrow = (await visible(page, 'conv-tabs-more').boundingBox())!
    const pane = (await visible(page, 'conv-pane').boundingBox())!
    expect(arrow.x + arrow.width).toBeLessThanOrEqual(pane.x + pane.width + 0.5)
    await page.screenshot({ path: `${SHOTS}/tabs-more-arrow-${label}.png` })
    await visible(page, 'conv-tabs-more').click()
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(0)
    await page.mouse.move(5, 5)
    await strip(page).evaluate((el) => (el.scrollLeft = 0))

    await visible(page, 'conv-tabs-manage').click()
    await visible(page, 'tabs-manager-manage').click()
    await visible(page, 'sg-create').click()
    await fillInput(page, 'conversation-group-name', '工作')
    await visible(page, 'conversation-group-save').click()
    await expectToast(page, '创建成功')
    await visible(page, 'manage-groups-done').click()
    await expect(visible(page, 'manage-groups')).toHaveCount(0)

    const created = page.locator('[data-testid="conv-tab-group-custom"]').filter({ visible: true, hasText: '工作' })
    await expect(created).toHaveCount(1)
    await expect.poll(async () => {
      const tab = (await created.boundingBox())!
      const now = (await strip(page).boundingBox())!
      return tab.x >= now.x && tab.x + tab.width <= now.x + now.width
    }).toBe(true)
    await expect(visible(page, 'conv-tab-all')).toHaveAttribute('aria-selected', 'true')
    await page.screenshot({ path: `${SHOTS}/tabs-new-group-${label}.png` })
  })
}
