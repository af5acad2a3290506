import { apiPost } from '../support/accounts'
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
