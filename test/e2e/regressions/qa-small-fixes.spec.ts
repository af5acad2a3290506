import type { Locator, Page } from '@playwright/test'
import { openContacts } from '../contacts/support'
import { befriend, conversationRow, expect, openConversation, registerUsers, test, visible } from '../messaging/support'

/** QA's small layout faults: each checked by the geometry or style that was wrong, with screenshots. */
const SHOTS = 'test-results/e2e/regressions'
const PHONE = { width: 390, height: 844 }

const box = async (l: Locator) => (await l.boundingBox())!

async function longNameRow(request: Parameters<typeof registerUsers>[0], login: (u: Awaited<ReturnType<typeof registerUsers>>[number], o?: { viewport?: { width: number; height: number } }) => Promise<{ page: Page }>, device: (u: Awaited<ReturnType<typeof registerUsers>>[number]) => { sendText(id: string, t: string): Promise<number> }, viewport?: { width: number; height: number }) {
  const [me, peer] = await registerUsers(request, ['我', '名字非常非常非常长的新用户'])
  await befriend(request, me!, peer!)
  await device(peer!).sendText(`C2C${me!.wtId}`, '你好')
  const { page } = await login(me!, viewport ? { viewport } : {})
  return { page, row: conversationRow(page, `C2C${peer!.wtId}`), peer: peer! }
}

for (const [label, viewport] of [['desktop', undefined], ['phone', PHONE]] as const) {
  test(`a long nickname ends in an ellipsis before the time (${label})`, async ({ request, login, device }) => {
    const { page, row } = await longNameRow(request, login, device, viewport)
    const name = row.locator('.conv-row__name')
    const time = row.locator('.conv-row__time')
    await expect(time).toBeVisible()
    expect((await box(name)).x + (await box(name)).width).toBeLessThanOrEqual((await box(time)).x)
    // 16 characters fit a phone's row; on a desktop they are cut.
    expect(await name.evaluate((el) => [getComputedStyle(el).textOverflow, el.scrollWidth > el.clientWidth])).toEqual(['ellipsis', label === 'desktop'])
    await page.screenshot({ path: `${SHOTS}/long-name-${label}.png` })
  })
}

test('Escape closes the 常用语 popover', async ({ request, login, device }) => {
  const { page, peer } = await longNameRow(request, login, device)
  await openConversation(page, `C2C${peer.wtId}`)
  await visible(page, 'tool-phrase').click()
  await expect(visible(page, 'phrase-panel')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/phrase-open.png` })
  await page.keyboard.press('Escape')
  await expect(visible(page, 'phrase-panel')).toHaveCount(0)
})

test('the 群通知 row looks like its neighbours, not selected', async ({ request, login }) => {
  const [me] = await registerUsers(request, ['通讯录'])
  const { page } = await login(me!)
  await openContacts(page)
  await page.mouse.move(1000, 600)
  const bg = (testId: string) => visible(page, testId).evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(await bg('group-notices-entry')).toBe(await bg('contacts-entry-blacklist'))
  expect((await box(visible(page, 'group-notices-entry'))).height).toBe((await box(visible(page, 'contacts-entry-blacklist'))).height)
  await page.screenshot({ path: `${SHOTS}/contacts-group-notices.png` })
})

test('管理分组 leaves room between 新建分组 and 在首页显示', async ({ request, login }) => {
  const [me] = await registerUsers(request, ['分组'])
  const { page } = await login(me!)
  await visible(page, 'conv-tabs-manage').click()
  await visible(page, 'tabs-manager-manage').click()
  await expect(visible(page, 'manage-groups')).toBeVisible()
  const create = await box(visible(page, 'sg-create'))
  const title = await box(page.locator('.sg-manage__title').filter({ visible: true, hasText: '在首页显示' }))
  expect(title.y - (create.y + create.height)).toBeGreaterThanOrEqual(16)
  await page.screenshot({ path: `${SHOTS}/manage-groups.png` })
})

for (const [label, viewport] of [['desktop', undefined], ['phone', PHONE]] as const) {
  test(`the moment composer centres 不显示位置 in its field (${label})`, async ({ request, login }) => {
    const [me] = await registerUsers(request, ['朋友圈'])
    const { page } = await login(me!, viewport ? { viewport } : {})
    await visible(page, 'nav-moments').click()
    await visible(page, 'moments-publish-open').click()
    const field = visible(page, 'moment-publish-place')
    await expect(page.locator('[data-testid="moment-publish-place"] input, input[data-testid="moment-publish-place"]').filter({ visible: true }).first()).toHaveAttribute('placeholder', '不显示位置')
    // Both boxes read in one frame: on a phone the sheet is still sliding up.
    const offset = () =>
      field.evaluate((el) => {
        const outer = el.getBoundingClientRect()
        const inner = (el.matches('input') ? el : el.querySelector('input'))!.getBoundingClientRect()
        return { centre: Math.abs(outer.top + outer.height / 2 - (inner.top + inner.height / 2)) <= 1, fills: inner.height >= outer.height - 2 }
      })
    await expect.poll(offset).toEqual({ centre: true, fills: true })
    await page.screenshot({ path: `${SHOTS}/moment-place-${label}.png` })
  })
}
