import type { Page } from '@playwright/test'
import { apiPost } from '../support/accounts'
import { inputByTestId, textareaByTestId } from '../support/ui'
import { befriend, conversationRow, editor, expect, openChatWith, registerUsers, test, textRow, visible } from '../messaging/support'

/** A new user's faults from a fourth trial at 1280x800 and 390x844, each checked by what they see. */
const SHOTS = 'test-results/e2e/regressions'
const VIEWPORTS = [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const

for (const [name, viewport] of VIEWPORTS) {
  test(`移至分组 lists each group on a row of its own, ticked by keyboard too (${name})`, async ({ device, login, request }) => {
    const [me, friend] = await registerUsers(request, ['移组者', '移组友'])
    await befriend(request, me!, friend!)
    for (const groupName of ['工作', '家人和朋友们的长长长']) {
      const added = await apiPost<{ id: number }>(request, '/api/sessionGroup/add', { groupName, relationList: [] }, me!.login.token)
      expect(added.code, added.msg).toBe(200)
    }
    await device(friend!).sendText(`C2C${me!.wtId}`, '分到组里')
    const { page } = await login(me!, { viewport })
    await conversationRow(page, `C2C${friend!.wtId}`).click({ button: 'right' })
    await visible(page, 'conv-menu-group').click()
    const dialog = visible(page, 'conv-move-dialog')
    const options = dialog.locator('[data-testid="conv-move-group"]')
    await expect(options).toHaveCount(2)
    const [first, second] = [(await options.nth(0).boundingBox())!, (await options.nth(1).boundingBox())!]
    // One under the other, each a whole row's target, the long name cut inside the dialog.
    expect(second.y, 'the second group starts under the first').toBeGreaterThanOrEqual(first.y + first.height - 0.5)
    expect(first.height).toBeGreaterThanOrEqual(44)
    const box = (await dialog.boundingBox())!
    expect(second.x + second.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
    await page.screenshot({ path: `${SHOTS}/fourth-trial-move-dialog-${name}.png` })

    await options.nth(1).focus()
    await page.keyboard.press(' ')
    await expect(options.nth(1)).toHaveAttribute('aria-checked', 'true')
    await visible(page, 'conv-move-confirm').click()
    await expect(dialog).toHaveCount(0)
  })
}

test('typing in the chat input raises no script error', async ({ login, request }) => {
  const [me, friend] = await registerUsers(request, ['打字者', '打字友'])
  await befriend(request, me!, friend!)
  const { page } = await login(me!)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await openChatWith(page, friend!)
  await editor(page).click()
  await page.keyboard.type('你好 hello')
  await page.keyboard.press('Enter')
  await expect(textRow(page, '你好 hello').last()).toHaveAttribute('data-status', 'success')
  expect(errors).toEqual([])
})

test('a friend\'s moment is liked by keyboard: Tab to its ··, Enter opens 赞 / 评论, Escape closes it back onto ··', async ({ login, request }) => {
  const [me, author] = await registerUsers(request, ['键盘点赞', '发动态'])
  await befriend(request, me!, author!)
  const posted = await apiPost(request, '/api/user/friendsCircle/add', { content: '键盘也能点赞' }, author!.login.token)
  expect(posted.code, posted.msg).toBe(200)
  const { page } = await login(me!)
  await visible(page, 'nav-moments').click()
  const more = visible(page, 'moment-more').first()
  await expect(more).toHaveAttribute('aria-label', '赞和评论')
  for (let i = 0; i < 40 && !(await more.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(more).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  await expect(visible(page, 'moment-like')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(visible(page, 'moment-menu')).toHaveCount(0)
  await expect(more).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(visible(page, 'moment-like')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(visible(page, 'moment-likes')).toContainText(me!.nickName)
})

/** What has focus: its test id, or its tag when it has none (Taro's inputs carry the id on their wrapper). */
function focusedTestId(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el = document.activeElement
    if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA')) el = el.closest('[data-testid]') ?? el
    return el?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? ''
  })
}

test('a dialog\'s footer buttons show the keyboard\'s focus ring', async ({ login, request }) => {
  const [me] = await registerUsers(request, ['焦点环'])
  const { page } = await login(me!)
  await visible(page, 'nav-contacts').click()
  await visible(page, 'contacts-entry-tags').click()
  await visible(page, 'tag-create').focus()
  await page.keyboard.press('Enter')
  await expect(visible(page, 'tag-name-dialog')).toBeVisible()
  await inputByTestId(page, 'tag-name-input').fill('同事')
  for (const name of ['取消', '保存']) {
    await page.keyboard.press('Tab')
    await expect(visible(page, 'tag-name-dialog').getByRole('button', { name })).toBeFocused()
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
    expect(ring, `${name} draws a ring`).not.toBe('none')
  }
  await page.keyboard.press('Escape')
  await expect(visible(page, 'tag-create')).toBeFocused()
})

test('a dialog opened from a menu hands focus back to the menu\'s button, and the report form keeps each count beside its label', async ({ login, request }) => {
  const [me, friend] = await registerUsers(request, ['菜单焦点', '被投诉'])
  await befriend(request, me!, friend!)
  await apiPost(request, '/api/sessionGroup/add', { groupName: '工作', relationList: [] }, me!.login.token)
  const { page } = await login(me!)

  await visible(page, 'conv-tabs-manage').focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => focusedTestId(page), { message: 'focus moves into the tabs manager' }).toBe('tabs-manager-item')
  await visible(page, 'tabs-manager-manage').focus()
  await page.keyboard.press('Enter')
  await expect(visible(page, 'manage-groups')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(visible(page, 'manage-groups')).toHaveCount(0)
  await expect(visible(page, 'conv-tabs-manage')).toBeFocused()

  await visible(page, 'nav-contacts').click()
  await page.locator(`[data-testid="contact-row"][data-id="${friend!.wtId}"]`).filter({ visible: true }).click()
  await visible(page, 'profile-menu').focus()
  await page.keyboard.press('Enter')
  await expect(visible(page, 'profile-action-remark')).toBeFocused()
  await visible(page, 'profile-action-report').focus()
  await page.keyboard.press('Enter')
  const dialog = visible(page, 'report-dialog')
  await expect(dialog).toBeVisible()
  // 投诉描述 0/500 and 图片证据 0/5: label and count on one line.
  for (const label of ['投诉描述', '图片证据']) {
    const row = dialog.locator('.field__label', { hasText: label })
    const [labelBox, countBox] = await Promise.all([row.boundingBox(), row.locator('.report__count').boundingBox()])
    expect(Math.abs(countBox!.y + countBox!.height / 2 - (labelBox!.y + labelBox!.height / 2)), `${label}'s count on its line`).toBeLessThan(4)
    expect(countBox!.x, `${label}'s count at the end`).toBeGreaterThan(labelBox!.x + labelBox!.width / 2)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(visible(page, 'profile-menu')).toBeFocused()
})

test('while picking messages, nothing inside a row is a second Tab stop and the quick actions are gone', async ({ login, request }) => {
  const [me, friend] = await registerUsers(request, ['多选者', '多选友'])
  await befriend(request, me!, friend!)
  const { page } = await login(me!)
  await openChatWith(page, friend!)
  for (const text of ['周六去爬山吗？', '好的，几点集合']) {
    await editor(page).fill(text)
    await editor(page).press('Enter')
    await expect(textRow(page, text)).toHaveAttribute('data-status', 'success')
  }
  await textRow(page, '好的，几点集合').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
  await visible(page, 'msg-menu-multiSelect').click()
  await expect(visible(page, 'multi-panel')).toBeVisible()
  const stops = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="chat-panel"] [role="listitem"] [tabindex]')]
      .filter((el) => el.checkVisibility() && el.getAttribute('tabindex') !== '-1')
      .map((el) => el.getAttribute('data-testid') ?? el.tagName),
  )
  expect(stops).toEqual([])
  await textRow(page, '周六去爬山吗？').hover()
  await expect(visible(page, 'msg-quick')).toHaveCount(0)
  // The ticks share one column at the left, own messages too.
  const ticks = visible(page, 'msg-select')
  const rowBox = (await textRow(page, '周六去爬山吗？').boundingBox())!
  for (const box of await Promise.all([ticks.nth(0).boundingBox(), ticks.nth(1).boundingBox()])) expect(box!.x).toBeLessThan(rowBox.x + 40)
  // A row ticked by a click keeps the list's Tab stop: Shift+Tab from the panel lands on it, and
  // Space unticks it.
  await textRow(page, '周六去爬山吗？').click()
  await expect(visible(page, 'multi-count')).toContainText('2')
  await visible(page, 'multi-forward-each').focus()
  await page.keyboard.press('Shift+Tab')
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listitem')
  await page.keyboard.press(' ')
  await expect(visible(page, 'multi-count')).toContainText('1')
})

test('朋友圈: the tab bar names its red dot, 评论 puts the cursor in the comment field, and the publish box holds its text area', async ({ login, request }) => {
  const [me, author] = await registerUsers(request, ['看红点', '发红点'])
  await befriend(request, me!, author!)
  const { page } = await login(me!, { viewport: { width: 390, height: 844 } })
  const posted = await apiPost(request, '/api/user/friendsCircle/add', { content: '山顶的风景' }, author!.login.token)
  expect(posted.code, posted.msg).toBe(200)
  await expect(visible(page, 'badge-moments-dot')).toBeVisible()
  await expect(visible(page, 'nav-moments')).toHaveAttribute('aria-label', '朋友圈，有新动态')

  await visible(page, 'nav-moments').click()
  await visible(page, 'moment-more').first().click()
  await visible(page, 'moment-comment-open').click()
  await expect(inputByTestId(page, 'moment-comment-input')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(visible(page, 'moment-composer')).toHaveCount(0)
  await expect(visible(page, 'moment-more').first()).toBeFocused()

  await visible(page, 'moments-publish-open').click()
  const box = (await visible(page, 'moment-publish-text').boundingBox())!
  const area = (await textareaByTestId(page, 'moment-publish-text').boundingBox())!
  expect(area.y + area.height, 'the text area ends inside its box').toBeLessThanOrEqual(box.y + box.height + 0.5)
})
