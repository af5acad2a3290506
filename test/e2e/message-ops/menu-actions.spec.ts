import { apiPost, loginByPhone } from '../support/accounts'
import { toasts } from '../support/ui'
import {
  befriend,
  chatPanel,
  conversationRow,
  createGroup,
  editor,
  expect,
  menuAction,
  messageRows,
  openChatWith,
  openConversation,
  registerUsers,
  sendText,
  test,
  textRow,
  visible,
} from '../messaging/support'
import { tipRows } from './support'

test('revoke a message, seen live by the peer, and re-edit it', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)
  await openChatWith(a.page, bob)
  await sendText(a.page, '这句话说错了')
  await openChatWith(b.page, alice)
  await expect(textRow(b.page, '这句话说错了')).toBeVisible()

  // The peer's menu for an incoming message has no revoke.
  await textRow(b.page, '这句话说错了').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
  await expect(visible(b.page, 'msg-menu-quote')).toBeVisible()
  await expect(visible(b.page, 'msg-menu-revoke')).toHaveCount(0)
  await b.page.keyboard.press('Escape')
  await expect(visible(b.page, 'msg-menu')).toHaveCount(0)

  await menuAction(a.page, textRow(a.page, '这句话说错了'), 'revoke')
  await expect(tipRows(a.page, '你撤回了一条消息')).toBeVisible()
  await expect(tipRows(b.page, `${alice.nickName} 撤回了一条消息`)).toBeVisible()
  await expect(textRow(b.page, '这句话说错了')).toHaveCount(0)
  // The conversation list's last message follows.
  await expect(conversationRow(b.page, `C2C${alice.wtId}`)).toContainText('撤回了一条消息')

  await tipRows(a.page, '你撤回了一条消息').getByText('重新编辑').click()
  await expect(editor(a.page)).toHaveValue('这句话说错了')
})

test('an admin revokes a member\'s message and then all of theirs, seen live by a third member', async ({ device, login, request }) => {
  const [owner, member, third] = await registerUsers(request, ['群主', '成员', '旁观'])
  const group = await createGroup(request, owner, [member, third], `撤回群${owner.phone.slice(-3)}`)
  const o = await login(owner)
  const t = await login(third)
  const memberDevice = device(member)
  const [first] = await memberDevice.sendTexts(group.conversationID, ['成员的第一句', '成员的第二句', '成员的第三句'])
  await openConversation(o.page, group.conversationID)
  await openConversation(t.page, group.conversationID)
  await expect(textRow(t.page, '成员的第三句')).toBeVisible()

  // A member's menu on another's message has no revoke; the owner's has.
  await textRow(t.page, '成员的第一句').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
  await expect(visible(t.page, 'msg-menu-copy')).toBeVisible()
  await expect(visible(t.page, 'msg-menu-revoke')).toHaveCount(0)
  await t.page.keyboard.press('Escape')

  await menuAction(o.page, textRow(o.page, '成员的第一句'), 'revoke')
  await expect(tipRows(t.page, '该消息已被管理员撤回')).toHaveCount(1)
  await expect(textRow(t.page, '成员的第一句')).toHaveCount(0)
  await expect(textRow(t.page, '成员的第二句')).toBeVisible()

  // Everything of that member up to a sequence, through the admin endpoint: socket type 7.
  const all = await apiPost(request, '/api/user/groupchat/admin/withdrawWebMsgByUser', { groupNumber: group.groupNumber, userWtId: member.wtId, lastMessageSequence: first! + 2 }, owner.login.token)
  expect(all.code, all.msg).toBe(200)
  await expect(tipRows(t.page, '该消息已被管理员撤回')).toHaveCount(3)
  await expect(textRow(t.page, '成员的第三句')).toHaveCount(0)
  memberDevice.close()
})

test('quote a message, and the quote jumps to the original through older pages', async ({ device, login, request }) => {
  test.setTimeout(120_000)
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const bobDevice = device(bob)
  await bobDevice.sendText(`C2C${alice.wtId}`, '最早的一句')
  await openChatWith(a.page, bob)
  await menuAction(a.page, textRow(a.page, '最早的一句'), 'quote')
  await expect(visible(a.page, 'quote-bar')).toContainText('最早的一句')
  // Two pages and more come in between while the quote waits in the bar.
  await bobDevice.sendTexts(`C2C${alice.wtId}`, Array.from({ length: 45 }, (_, i) => `填充${i + 1}`))
  await sendText(a.page, '回复这句')
  await expect(visible(a.page, 'quote-bar')).toHaveCount(0)
  await expect(textRow(a.page, '回复这句').locator('[data-testid="msg-quote"]')).toContainText('最早的一句')

  // A fresh load has only the newest page: the original must be fetched to jump to it.
  await a.page.reload()
  await expect(visible(a.page, 'conv-pane')).toBeVisible()
  await openChatWith(a.page, bob)
  await expect(textRow(a.page, '回复这句')).toBeVisible()
  await expect(textRow(a.page, '最早的一句')).toHaveCount(0)
  await textRow(a.page, '回复这句').locator('[data-testid="msg-quote"]').click()
  const original = textRow(a.page, '最早的一句')
  await expect(original).toBeVisible()
  await expect(original).toHaveAttribute('data-highlight', 'true')
  await expect(original).toBeInViewport()
  await expect(original).not.toHaveAttribute('data-highlight', 'true', { timeout: 5000 })

  // An original deleted for me cannot be found anywhere in the history.
  await menuAction(a.page, original, 'delete')
  await expect(textRow(a.page, '最早的一句')).toHaveCount(0)
  await textRow(a.page, '回复这句').locator('[data-testid="msg-quote"]').click()
  await expect(toasts(a.page).filter({ hasText: '无法定位到原消息' })).toBeVisible()

  // A revoked original reads 'quoted content revoked'.
  bobDevice.close()
  await menuAction(a.page, textRow(a.page, '回复这句'), 'quote')
  await sendText(a.page, '引用自己')
  await menuAction(a.page, textRow(a.page, '回复这句'), 'revoke')
  await expect(textRow(a.page, '引用自己').locator('[data-testid="msg-quote"]')).toHaveText('quoted content revoked')
})

test('forward one message, then several as a merged record, and open the record', async ({ login, request }) => {
  test.setTimeout(120_000)
  const [alice, bob, carol] = await registerUsers(request, ['甲', '乙', '丙'])
  await befriend(request, alice, carol)
  const a = await login(alice)
  const c = await login(carol)
  await openChatWith(a.page, bob)
  await sendText(a.page, '第一条要转发的')
  await sendText(a.page, '第二条要转发的')

  await menuAction(a.page, textRow(a.page, '第一条要转发的'), 'forward')
  const dialog = visible(a.page, 'forward-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('.dialog__title')).toHaveText('转发')
  await dialog.locator(`[data-testid="picker-item"][data-id="C2C${carol.wtId}"]`).click()
  await visible(a.page, 'forward-send').click()
  await expect(dialog).toHaveCount(0)
  await expect(conversationRow(c.page, `C2C${alice.wtId}`)).toBeVisible()
  await openConversation(c.page, `C2C${alice.wtId}`)
  await expect(textRow(c.page, '第一条要转发的')).toBeVisible()

  // Both, merged, through multi-select.
  await menuAction(a.page, textRow(a.page, '第一条要转发的'), 'multiSelect')
  await expect(visible(a.page, 'multi-panel')).toBeVisible()
  await textRow(a.page, '第二条要转发的').click()
  await expect(visible(a.page, 'multi-count')).toContainText('2')
  await visible(a.page, 'multi-forward-merged').click()
  await expect(visible(a.page, 'forward-what')).toContainText('合并转发 2 条消息')
  await visible(a.page, 'forward-dialog').locator(`[data-testid="picker-item"][data-id="C2C${carol.wtId}"]`).click()
  await visible(a.page, 'forward-send').click()
  await expect(visible(a.page, 'multi-panel')).toHaveCount(0)

  const record = chatPanel(c.page).locator('[data-testid="msg-merger"]')
  await expect(record).toBeVisible()
  await expect(record).toContainText(`${alice.nickName}: 第一条要转发的`)
  await record.click()
  const viewer = visible(c.page, 'merged-viewer')
  await expect(viewer).toBeVisible()
  await expect(visible(c.page, 'merged-title')).toHaveText(`${alice.nickName}和${bob.nickName}的聊天记录`)
  await expect(viewer.locator('[data-testid="merged-item"]')).toHaveCount(2)
  await expect(viewer).toContainText('第二条要转发的')

  // Carol forwards the record on, merged again: a nested record opens inside, and back returns.
  await visible(c.page, 'merged-close').click()
  await expect(viewer).toHaveCount(0)
  await menuAction(c.page, messageRows(c.page).filter({ has: c.page.locator('[data-testid="msg-merger"]') }), 'multiSelect')
  await visible(c.page, 'multi-forward-merged').click()
  await visible(c.page, 'forward-dialog').locator(`[data-testid="picker-item"][data-id="C2C${alice.wtId}"]`).click()
  await visible(c.page, 'forward-send').click()
  await expect(chatPanel(c.page).locator('[data-testid="msg-merger"]')).toHaveCount(2)
  await chatPanel(c.page).locator('[data-testid="msg-merger"]').last().click()
  await visible(c.page, 'merged-nested').click()
  await expect(visible(c.page, 'merged-title')).toHaveText(`${alice.nickName}和${bob.nickName}的聊天记录`)
  await visible(c.page, 'merged-back').click()
  await expect(visible(c.page, 'merged-nested')).toBeVisible()
  await c.page.keyboard.press('Escape')
  await expect(visible(c.page, 'merged-viewer')).toHaveCount(0)
})

test('multi-select with nothing selected says so; favorites and delete act on the selection', async ({ device, login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const bobDevice = device(bob)
  await bobDevice.sendTexts(`C2C${alice.wtId}`, ['收藏这句', '删掉这句'])
  bobDevice.close()
  await openChatWith(a.page, bob)
  await menuAction(a.page, textRow(a.page, '收藏这句'), 'multiSelect')
  // Untick the one ticked by the menu: nothing is selected.
  await textRow(a.page, '收藏这句').click()
  await expect(visible(a.page, 'multi-count')).toContainText('0')
  await visible(a.page, 'multi-forward-each').click()
  await expect(toasts(a.page).filter({ hasText: '未选择消息' })).toBeVisible()
  await expect(visible(a.page, 'forward-dialog')).toHaveCount(0)

  await textRow(a.page, '收藏这句').click()
  await visible(a.page, 'multi-favorite').click()
  await expect(toasts(a.page).filter({ hasText: '收藏成功' })).toBeVisible()
  await expect(visible(a.page, 'multi-panel')).toHaveCount(0)

  await menuAction(a.page, textRow(a.page, '删掉这句'), 'delete')
  await expect(textRow(a.page, '删掉这句')).toHaveCount(0)
  await a.page.reload()
  await expect(visible(a.page, 'conv-pane')).toBeVisible()
  await openChatWith(a.page, bob)
  await expect(textRow(a.page, '收藏这句')).toBeVisible()
  await expect(textRow(a.page, '删掉这句')).toHaveCount(0)
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('a long press opens the menu as an action sheet', async ({ context, device, page, request }) => {
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    const bobDevice = device(bob)
    await bobDevice.sendText(`C2C${alice.wtId}`, '长按我')
    bobDevice.close()
    await loginByPhone(page, alice.phone, alice.pwd)
    await openConversation(page, `C2C${bob.wtId}`)
    const bubble = textRow(page, '长按我').locator('[data-testid="msg-bubble"]')
    const box = (await bubble.boundingBox())!
    const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
    const cdp = await context.newCDPSession(page)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] })
    await page.waitForTimeout(700)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    const sheet = visible(page, 'msg-menu')
    await expect(sheet).toBeVisible()
    await expect(sheet).toHaveClass(/msg-sheet/)
    await expect(sheet).toContainText('取消')
    await visible(page, 'msg-menu-quote').click()
    await expect(visible(page, 'quote-bar')).toContainText('长按我')
  })
})
