import type { Locator, Page } from '@playwright/test'
import { apiPost } from '../support/accounts'
import { expectToast, fillInput, inputByTestId } from '../support/ui'
import { befriend, conversationRow, createGroup, expect, openConversation, registerUsers, test, visible, type ChatUser } from '../messaging/support'

const PHONE = { width: 390, height: 844 }
const SHOTS = 'test-results/e2e/conversation-groups'

const customTab = (page: Page, name: string) => page.locator('[data-testid="conv-tab-group-custom"]').filter({ visible: true, hasText: name })
const customTabNames = (page: Page) => page.locator('[data-testid="conv-tab-group-custom"] .conv-tabs__label').filter({ visible: true }).allInnerTexts()
const shownRow = (page: Page, name: string) => page.locator(`[data-testid="sg-shown-row"][data-name="${name}"]`).filter({ visible: true })
const hiddenRow = (page: Page, name: string) => page.locator(`[data-testid="sg-hidden-row"][data-name="${name}"]`).filter({ visible: true })
const shownNames = (page: Page) => page.locator('[data-testid="sg-shown-row"]').filter({ visible: true }).evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))
const pickerItem = (page: Page, id: string) => page.locator(`[data-testid="picker-item"][data-id="${id}"]`).filter({ visible: true })

async function openManage(page: Page): Promise<void> {
  await visible(page, 'conv-tabs-manage').click()
  await expect(visible(page, 'tabs-manager')).toBeVisible()
  await visible(page, 'tabs-manager-manage').click()
  await expect(visible(page, 'manage-groups')).toBeVisible()
}

async function createConversationGroup(page: Page, name: string, conversationIDs: string[]): Promise<void> {
  await visible(page, 'sg-create').click()
  await expect(visible(page, 'conversation-group-save')).toHaveClass(/btn--disabled/)
  await fillInput(page, 'conversation-group-name', name)
  for (const id of conversationIDs) await pickerItem(page, id).click()
  await visible(page, 'conversation-group-save').click()
  await expectToast(page, '创建成功')
  await expect(shownRow(page, name)).toBeVisible()
}

/** Drags a row of the shown list by its handle by `rows` rows (negative: up). */
async function dragRow(page: Page, row: Locator, rows: number): Promise<void> {
  const box = (await row.locator('[data-testid="sg-drag-handle"]').boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let i = 1; i <= 5; i++) await page.mouse.move(x, y + (rows * 52 * i) / 5)
  await page.mouse.up()
}

/** Me and three friends; 王五 and 李四 have written to me, 赵六 has no conversation with me. */
async function setUp(request: Parameters<typeof registerUsers>[0], device: (u: ChatUser) => { sendText(id: string, t: string): Promise<number> }) {
  const [me, wang, li, zhao] = await registerUsers(request, ['我', '王五', '李四', '赵六'])
  for (const friend of [wang!, li!, zhao!]) await befriend(request, me!, friend)
  await device(wang!).sendText(`C2C${me!.wtId}`, '周末一起吃饭')
  await device(li!).sendText(`C2C${me!.wtId}`, '合同发你了')
  return { me: me!, wang: wang!, li: li!, zhao: zhao! }
}

test('create, edit, reorder, hide and delete groups; the second device follows at once', async ({ login, device, request }) => {
  // Two browsers and every step of the manage screen: more than the suite's minute.
  test.setTimeout(150_000)
  const { me, wang, li } = await setUp(request, device)
  const a = await login(me)
  const b = await login(me)
  await expect(conversationRow(a.page, `C2C${wang.wtId}`)).toBeVisible()

  await openManage(a.page)
  await createConversationGroup(a.page, '工作', [`C2C${wang.wtId}`])
  await createConversationGroup(a.page, '家人', [`C2C${li.wtId}`])
  await a.page.screenshot({ path: `${SHOTS}/manage-desktop.png` })
  await expect.poll(() => customTabNames(b.page)).toEqual(['工作', '家人'])

  // Dragged then cancelled: the order comes back.
  await dragRow(a.page, shownRow(a.page, '家人'), -1)
  await expect.poll(() => shownNames(a.page)).toEqual(['家人', '工作'])
  await visible(a.page, 'manage-groups-cancel').click()
  await openManage(a.page)
  await expect.poll(() => shownNames(a.page)).toEqual(['工作', '家人'])
  // Dragged and finished: saved, here and on the other device.
  await dragRow(a.page, shownRow(a.page, '家人'), -1)
  await visible(a.page, 'manage-groups-done').click()
  await expect(visible(a.page, 'manage-groups')).toHaveCount(0)
  await expect.poll(() => customTabNames(a.page)).toEqual(['家人', '工作'])
  await expect.poll(() => customTabNames(b.page)).toEqual(['家人', '工作'])

  // Hidden, then shown again.
  await openManage(a.page)
  await shownRow(a.page, '工作').locator('[data-testid="sg-hide"]').click()
  await expect(hiddenRow(a.page, '工作')).toBeVisible()
  await expect.poll(() => customTabNames(b.page)).toEqual(['家人'])
  await hiddenRow(a.page, '工作').locator('[data-testid="sg-show"]').click()
  await expect(shownRow(a.page, '工作')).toBeVisible()

  // Renamed, with 李四 added.
  await shownRow(a.page, '工作').locator('[data-testid="sg-edit"]').click()
  await expect(inputByTestId(a.page, 'conversation-group-name')).toHaveValue('工作')
  await fillInput(a.page, 'conversation-group-name', '同事')
  await pickerItem(a.page, `C2C${li.wtId}`).click()
  await visible(a.page, 'conversation-group-save').click()
  await expectToast(a.page, '修改成功')

  // Deleted after the confirmation.
  await shownRow(a.page, '家人').locator('[data-testid="sg-delete"]').click()
  await expect(visible(a.page, 'sg-delete-confirm')).toContainText('家人')
  await visible(a.page, 'sg-delete-confirm-confirm').click()
  await expectToast(a.page, '删除成功')
  await expect(shownRow(a.page, '家人')).toHaveCount(0)
  await a.page.keyboard.press('Escape')
  await expect(visible(a.page, 'manage-groups')).toHaveCount(0)
  await expect.poll(() => customTabNames(b.page)).toEqual(['同事'])

  // The tab lists its conversations, with the unread badge; the tabs manager shows the same count.
  await customTab(a.page, '同事').click()
  await expect(a.page.locator('[data-testid="conv-row"]').filter({ visible: true })).toHaveCount(2)
  await expect(customTab(a.page, '同事').locator('[data-testid="conv-tab-badge"]')).toHaveText('2')
  await visible(a.page, 'conv-tabs-manage').click()
  await expect(visible(a.page, 'tabs-manager').locator('[data-testid="tabs-manager-item"]').filter({ hasText: '同事' })).toContainText('2')
  await a.page.screenshot({ path: `${SHOTS}/tabs-manager-desktop.png` })
  await a.page.keyboard.press('Escape')
  await expect(visible(a.page, 'tabs-manager')).toHaveCount(0)

  // A deleted conversation leaves the group, on both devices.
  await apiPost(request, '/api/im/conversation/delete', { conversationID: `C2C${li.wtId}`, clearHistory: false }, me.login.token)
  await expect(a.page.locator('[data-testid="conv-row"]').filter({ visible: true })).toHaveCount(1)
  await customTab(b.page, '同事').click()
  await expect(b.page.locator('[data-testid="conv-row"]').filter({ visible: true })).toHaveCount(1)
})

test('search by pinyin, the picker lists a friend without a conversation, the group notice bar', async ({ login, device, request }) => {
  const { me, wang, li, zhao } = await setUp(request, device)
  const a = await login(me)

  for (const typed of ['wangwu', 'ww', '王']) {
    await fillInput(a.page, 'conv-search', typed)
    await expect(a.page.locator(`[data-testid="search-result-user"][data-id="${wang.wtId}"]`).filter({ visible: true })).toBeVisible()
  }
  // 赵六 has no conversation: found as a friend, by initials; opening starts the chat.
  await fillInput(a.page, 'conv-search', 'zl')
  const zhaoResult = a.page.locator(`[data-testid="search-result-user"][data-id="${zhao.wtId}"]`).filter({ visible: true })
  await expect(zhaoResult).toBeVisible()
  await a.page.screenshot({ path: `${SHOTS}/search-desktop.png` })
  await fillInput(a.page, 'conv-search', '')

  await visible(a.page, 'conv-plus').click()
  await visible(a.page, 'menu-create-group').click()
  await expect(pickerItem(a.page, zhao.wtId)).toBeVisible()
  await expect(pickerItem(a.page, li.wtId)).toBeVisible()
  await fillInput(a.page, 'picker-search', '赵')
  await expect(pickerItem(a.page, zhao.wtId)).toBeVisible()
  await expect(pickerItem(a.page, wang.wtId)).toHaveCount(0)
  await a.page.keyboard.press('Escape')
  await expect(visible(a.page, 'group-create-dialog')).toHaveCount(0)

  // The notice bar: shown, closed until the notice changes.
  const group = await createGroup(request, wang, [me], '周末饭局')
  await apiPost(request, '/api/user/groupchat/edit', { groupNumber: group.groupNumber, groupNotice: '周六晚上七点，老地方' }, wang.login.token)
  await openConversation(a.page, group.conversationID)
  await expect(visible(a.page, 'group-notice-bar-text')).toHaveText('周六晚上七点，老地方')
  await a.page.screenshot({ path: `${SHOTS}/notice-bar-desktop.png` })
  await visible(a.page, 'group-notice-bar-close').click()
  await expect(visible(a.page, 'group-notice-bar')).toHaveCount(0)
  await a.page.reload()
  await openConversation(a.page, group.conversationID)
  await expect(visible(a.page, 'chat-panel')).toBeVisible()
  await expect(visible(a.page, 'group-notice-bar')).toHaveCount(0)
  await apiPost(request, '/api/user/groupchat/edit', { groupNumber: group.groupNumber, groupNotice: '改到周日中午' }, wang.login.token)
  await a.page.reload()
  await openConversation(a.page, group.conversationID)
  await expect(visible(a.page, 'group-notice-bar-text')).toHaveText('改到周日中午')
})

test('on a phone: the tabs, the tabs manager and the manage screen, with 44 px targets', async ({ login, device, request }) => {
  const { me, wang } = await setUp(request, device)
  const a = await login(me, { viewport: PHONE })
  await expect(conversationRow(a.page, `C2C${wang.wtId}`)).toBeVisible()
  const manage = (await visible(a.page, 'conv-tabs-manage').boundingBox())!
  expect(Math.min(manage.width, manage.height)).toBeGreaterThanOrEqual(44)
  const tab = (await visible(a.page, 'conv-tab-all').boundingBox())!
  expect(tab.height).toBeGreaterThanOrEqual(44)

  await openManage(a.page)
  await createConversationGroup(a.page, '朋友', [`C2C${wang.wtId}`])
  await createConversationGroup(a.page, '客户', [])
  await a.page.screenshot({ path: `${SHOTS}/manage-phone.png` })
  await dragRow(a.page, shownRow(a.page, '客户'), -1)
  await visible(a.page, 'manage-groups-done').click()
  await expect.poll(() => customTabNames(a.page)).toEqual(['客户', '朋友'])
  await visible(a.page, 'conv-tabs-manage').click()
  await expect(visible(a.page, 'tabs-manager').locator('[data-testid="tabs-manager-item"]').filter({ hasText: '朋友' })).toContainText('1')
  await expect(visible(a.page, 'tabs-manager').locator('[data-testid="tabs-manager-item"]').filter({ hasText: '客户' })).toContainText('暂无未读')
  await a.page.screenshot({ path: `${SHOTS}/tabs-manager-phone.png` })
  await visible(a.page, 'tabs-manager').locator('[data-testid="tabs-manager-item"]').filter({ hasText: '朋友' }).click()
  await expect(conversationRow(a.page, `C2C${wang.wtId}`)).toBeVisible()
  await a.page.screenshot({ path: `${SHOTS}/list-phone.png` })
})

/** QA: the picker of 新建分组 drew a group chat as a plain grey head; it uses the group's mosaic, as the list does. */
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`the group picker draws a group chat with its members' mosaic (${label})`, async ({ login, device, request }) => {
    const { me, wang, li } = await setUp(request, device)
    const group = await createGroup(request, wang, [me, li], '周末饭局')
    await device(wang).sendText(group.conversationID, '大家好')
    const a = await login(me, { viewport })
    await expect(conversationRow(a.page, group.conversationID).locator('.group-mosaic')).toBeVisible()

    await openManage(a.page)
    await visible(a.page, 'sg-create').click()
    await expect(pickerItem(a.page, group.conversationID).locator('.group-mosaic')).toBeVisible()
    await expect(pickerItem(a.page, group.conversationID).locator('.group-mosaic')).toHaveAttribute('data-mosaic', '3')
    await expect(pickerItem(a.page, `C2C${wang.wtId}`).locator('.group-mosaic')).toHaveCount(0)
    await a.page.screenshot({ path: `${SHOTS}/picker-group-avatar-${label}.png` })
  })
}
