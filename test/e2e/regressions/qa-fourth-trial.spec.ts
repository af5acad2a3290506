import type { Page } from '@playwright/test'
import { apiPost, loginByPhone } from '../support/accounts'
import { inputByTestId, textareaByTestId } from '../support/ui'
import { openContacts, openFriend, profileCard } from '../contacts/support'
import { befriend, conversationRow, createGroup, editor, expect, openChatWith, pngImage, registerUsers, tapTool, test, textRow, visible } from '../messaging/support'

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
    // Both rows measured in one frame: on a phone the sheet is still sliding up, and two separate
    // measurements would see it at two heights.
    const [first, second] = await options.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }))
    if (!first || !second) throw new Error('two groups expected')
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

for (const [name, viewport] of VIEWPORTS) {
  test(`a new quick phrase is scrolled into view and its delete prompt names it (${name})`, async ({ login, request }) => {
    const [me, friend] = await registerUsers(request, ['常用语者', '常用语友'])
    await befriend(request, me!, friend!)
    for (let i = 1; i <= 12; i++) expect((await apiPost(request, '/api/userDailyWord/add', { word: `已有的常用语${i}` }, me!.login.token)).code).toBe(200)
    const { page } = await login(me!, { viewport })
    await openChatWith(page, friend!)
    await tapTool(page, 'tool-phrase')
    const panel = visible(page, 'phrase-panel')
    await visible(page, 'phrase-mode').click()
    await visible(page, 'phrase-add').click()
    await panel.locator('[data-testid="phrase-input"] input, input[data-testid="phrase-input"]').first().fill('刚加的这一条')
    await visible(page, 'phrase-confirm').click()
    const added = panel.locator('[data-testid="phrase-row"]').filter({ hasText: '刚加的这一条' })
    await expect(added).toBeInViewport({ ratio: 1 })
    await page.screenshot({ path: `${SHOTS}/fourth-trial-phrase-added-${name}.png` })
    await added.locator('[data-testid="phrase-delete"]').click()
    const dialog = visible(page, 'phrase-delete-dialog')
    await expect(dialog).toContainText('删除常用语「刚加的这一条」')
    await expect(dialog).toContainText('确认删除？')
    await page.screenshot({ path: `${SHOTS}/fourth-trial-phrase-delete-${name}.png` })
  })

  test(`the 发表动态 text box has no resize grip and stays inside its frame (${name})`, async ({ login, request }) => {
    const [me] = await registerUsers(request, ['发动态框'])
    const { page } = await login(me!, { viewport })
    await visible(page, 'nav-moments').click()
    await visible(page, 'moments-publish-open').click()
    const host = visible(page, 'moment-publish-text')
    const area = host.locator('textarea')
    await expect(area).toHaveCSS('resize', 'none')
    const [outer, inner] = [(await host.boundingBox())!, (await area.boundingBox())!]
    expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5)
    expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5)
    await page.screenshot({ path: `${SHOTS}/fourth-trial-publish-text-${name}.png` })
  })

  test(`a focused text field shows one ring, its frame's (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/login')
    const input = page.locator('input').filter({ visible: true }).first()
    await input.focus()
    await expect(input).toHaveCSS('outline-style', 'none')
    const frame = input.locator('xpath=..')
    await expect(frame).toHaveCSS('outline-style', 'solid')
    await expect(frame).toHaveCSS('outline-width', '2px')
    await expect(frame).toHaveCSS('box-shadow', 'none')
    await page.screenshot({ path: `${SHOTS}/fourth-trial-focus-ring-${name}.png` })
  })
}

test('a group row\'s tooltip sits over its own name, not over the row below; a person\'s row has none', async ({ device, login, request }) => {
  const [me, a, b] = await registerUsers(request, ['提示者', '提示甲', '提示乙'])
  await befriend(request, me!, a!)
  await befriend(request, me!, b!)
  const group = await createGroup(request, me!, [a!, b!], '提示测试群')
  await device(a!).sendText(`C2C${me!.wtId}`, '你好')
  const { page } = await login(me!)
  const row = conversationRow(page, group.conversationID)
  await expect(row).toBeVisible()
  await row.locator('.conv-row__name').hover()
  const tip = row.locator('[data-testid="tooltip"]')
  await expect(tip).toBeVisible()
  await expect(tip).toContainText('群号')
  const [rowBox, tipBox] = [(await row.boundingBox())!, (await tip.boundingBox())!]
  expect(tipBox.y + tipBox.height, 'the tip ends inside its own row').toBeLessThanOrEqual(rowBox.y + rowBox.height)
  await page.screenshot({ path: `${SHOTS}/fourth-trial-row-tooltip-desktop.png` })
  await expect(conversationRow(page, `C2C${a!.wtId}`).locator('[data-testid="tooltip"]')).toHaveCount(0)
})

for (const [name, viewport] of VIEWPORTS) {
  test(`the report form says 举报 throughout, as its toasts do (${name})`, async ({ login, request }) => {
    const [me, other] = await registerUsers(request, ['举报者', '被举报者'])
    await befriend(request, me!, other!)
    const { page } = await login(me!, { viewport })
    await openContacts(page)
    await openFriend(page, other!.wtId)
    await profileCard(page).locator('[data-testid="profile-menu"]').click()
    await expect(visible(page, 'profile-action-report')).toHaveText('举报')
    await visible(page, 'profile-action-report').click()
    const dialog = visible(page, 'report-dialog')
    await expect(dialog).toContainText(`举报「${other!.nickName}」`)
    await expect(dialog).toContainText('举报类型')
    await expect(dialog).toContainText('举报描述')
    await expect(dialog.locator('[data-testid="report-detail"] textarea')).toHaveAttribute('placeholder', '请描述举报的具体情况')
    await expect(dialog).not.toContainText('投诉')
    await page.screenshot({ path: `${SHOTS}/fourth-trial-report-form-${name}.png` })
  })

  test(`a single picture's preview outside a chat has no previous or next arrow; two pictures only the one towards the other (${name})`, async ({ login, request }) => {
    const [me] = await registerUsers(request, ['单图预览'])
    const { page } = await login(me!, { viewport })
    await visible(page, 'nav-moments').click()
    for (const [text, count] of [['一张图', 1], ['两张图', 2]] as const) {
      await visible(page, 'moments-publish-open').click()
      await page.locator('[data-testid="moment-publish-text"] textarea').filter({ visible: true }).fill(text)
      const chooser = page.waitForEvent('filechooser')
      await visible(page, 'moment-add-images').click()
      const files = [pngImage(40, 40, [220, 40, 40], [220, 40, 40]), pngImage(40, 40, [40, 40, 220], [40, 40, 220])].slice(0, count)
      await (await chooser).setFiles(files.map((buffer, i) => ({ name: `${i}.png`, mimeType: 'image/png', buffer })))
      await expect(page.locator('[data-testid="moment-publish-image"][data-uploaded="true"]').filter({ visible: true })).toHaveCount(count)
      await visible(page, 'moment-publish-submit').click()
      await expect(visible(page, 'moment-publish-submit')).toHaveCount(0)
    }
    const card = (text: string) => page.locator('[data-testid="moment-card"]').filter({ visible: true }).filter({ hasText: text })
    await card('一张图').locator('[data-testid="moment-image"]').first().click()
    await expect(visible(page, 'preview-counter')).toHaveText('1 / 1')
    await expect(visible(page, 'preview-prev')).toHaveCount(0)
    await expect(visible(page, 'preview-next')).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/fourth-trial-preview-single-${name}.png` })
    await visible(page, 'preview-close').click()
    await card('两张图').locator('[data-testid="moment-image"]').first().click()
    await expect(visible(page, 'preview-counter')).toHaveText('1 / 2')
    await expect(visible(page, 'preview-prev')).toHaveCount(0)
    await expect(visible(page, 'preview-next')).toHaveCount(1)
    await page.screenshot({ path: `${SHOTS}/fourth-trial-preview-two-${name}.png` })
  })
}

test('a call the callee hangs up ends for the caller, and its record is the caller\'s on both sides', async ({ login, request }) => {
  const [caller, callee] = await registerUsers(request, ['打电话', '接电话'])
  await befriend(request, caller!, callee!)
  const a = await login(caller!)
  const b = await login(callee!)
  await openChatWith(a.page, callee!)
  await tapTool(a.page, 'tool-voiceCall')
  await visible(b.page, 'call-btn-accept').click()
  await expect(visible(a.page, 'call-timer')).toHaveText(/^00:00:0[1-9]$/, { timeout: 15_000 })
  await visible(b.page, 'call-btn-hangup').click()
  await expect(visible(a.page, 'call-screen')).toHaveCount(0)
  const cardOf = (page: typeof a.page) => visible(page, 'chat-panel').locator('[data-testid="msg-call"]')
  await expect(cardOf(a.page)).toHaveText(/^通话时长：00:00:\d\d$/)
  await expect(cardOf(a.page)).toHaveClass(/bubble--own/)
  await openChatWith(b.page, caller!)
  await expect(cardOf(b.page)).toHaveText(/^通话时长：00:00:\d\d$/)
  await expect(cardOf(b.page)).not.toHaveClass(/bubble--own/)
  await a.page.screenshot({ path: `${SHOTS}/fourth-trial-call-record-caller-desktop.png` })
  await b.page.screenshot({ path: `${SHOTS}/fourth-trial-call-record-callee-desktop.png` })
})

for (const [name, viewport] of VIEWPORTS) {
  test(`登录设备 lists a browser once after it logs in again (${name})`, async ({ browser, request }) => {
    const [me] = await registerUsers(request, ['再登录'])
    const context = await browser.newContext({ viewport })
    try {
      const page = await context.newPage()
      await loginByPhone(page, me!.phone, me!.pwd)
      await expect(visible(page, 'conv-pane')).toBeVisible()
      // The browser loses its stored login (as after a cleared tab) but keeps its device ID, and logs in again.
      // The app is left first (for a server page that is not the app), so that nothing it still has
      // under way, such as the profile it fetches after a login, can store the login again.
      await page.goto('/api/health')
      await page.evaluate(() => localStorage.removeItem('wt_session'))
      await page.goto('/login')
      await loginByPhone(page, me!.phone, me!.pwd)
      await expect(visible(page, 'conv-pane')).toBeVisible()
      await visible(page, 'settings-button').first().click()
      await visible(page, 'settings-security').first().click()
      const list = visible(page, 'device-list')
      await list.scrollIntoViewIfNeeded()
      // The registration's session (made through the API, no device ID) and this browser, once.
      await expect(list.getByTestId('device-row')).toHaveCount(2)
      await expect(list.locator('[data-testid="device-row"][data-current="true"]')).toHaveCount(1)
      await page.screenshot({ path: `${SHOTS}/fourth-trial-devices-${name}.png` })
    } finally {
      await context.close()
    }
  })
}

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
  const [me, friend] = await registerUsers(request, ['菜单焦点', '被举报'])
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
  // 举报描述 0/500 and 图片证据 0/5: label and count on one line.
  for (const label of ['举报描述', '图片证据']) {
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
