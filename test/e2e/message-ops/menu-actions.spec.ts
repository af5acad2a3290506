import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test'
import { apiPost, loginByPhone } from '../support/accounts'
import { toasts } from '../support/ui'
import {
  befriend,
  type ChatUser,
  chatPanel,
  chatScreenshot as shot,
  conversationRow,
  createGroup,
  editor,
  expect,
  menuAction,
  messageRows,
  openChatWith,
  openConversation,
  type ProtocolSender,
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
  await expect(tipRows(b.page, `${alice.nickName}撤回了一条消息`)).toBeVisible()
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

  // A revoked original reads 'quoted content revoked', in Chinese.
  bobDevice.close()
  await menuAction(a.page, textRow(a.page, '回复这句'), 'quote')
  await sendText(a.page, '引用自己')
  await menuAction(a.page, textRow(a.page, '回复这句'), 'revoke')
  await expect(textRow(a.page, '引用自己').locator('[data-testid="msg-quote"]')).toHaveText('引用内容已撤回')
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

/** The second of `names` sends `text` to the first, who logs in on `page` and opens the chat: its bubble. */
async function receivedBubble(
  { device, page, request }: { device: (user: ChatUser) => ProtocolSender; page: Page; request: APIRequestContext },
  names: [string, string],
  text: string,
): Promise<Locator> {
  const [alice, bob] = await registerUsers(request, names)
  const bobDevice = device(bob)
  await bobDevice.sendText(`C2C${alice.wtId}`, text)
  bobDevice.close()
  await loginByPhone(page, alice.phone, alice.pwd)
  await openConversation(page, `C2C${bob.wtId}`)
  return textRow(page, text).locator('[data-testid="msg-bubble"]')
}

/** Presses a bubble for 700 ms with a finger (the spec's long press is 500 ms). */
async function longPress(context: BrowserContext, page: Page, bubble: Locator): Promise<void> {
  const box = (await bubble.boundingBox())!
  const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
  const cdp = await context.newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] })
  await page.waitForTimeout(700)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('a long press opens a small bubble menu next to the message, not a full-width sheet', async ({ context, device, page, request }) => {
    const bubble = await receivedBubble({ device, page, request }, ['甲', '乙'], '长按我')
    await longPress(context, page, bubble)
    const menu = visible(page, 'msg-menu')
    await expect(menu).toBeVisible()
    const b = (await bubble.boundingBox())!
    const m = (await menu.boundingBox())!
    // Small: well under the screen's width and a few rows high.
    expect(m.width).toBeLessThan(390 * 0.8)
    expect(m.height).toBeLessThan(160)
    // Beside the bubble: just above or below it, overlapping it horizontally.
    const gap = m.y + m.height <= b.y ? b.y - (m.y + m.height) : m.y - (b.y + b.height)
    expect(gap).toBeGreaterThanOrEqual(0)
    expect(gap).toBeLessThan(24)
    expect(m.x).toBeLessThan(b.x + b.width)
    expect(m.x + m.width).toBeGreaterThan(b.x)
    await expect(menu.locator('[role="menuitem"]').first()).toHaveAttribute('tabindex', '0')
    await shot(page, 'phone-menu-390')
    await visible(page, 'msg-menu-quote').click()
    await expect(visible(page, 'quote-bar')).toContainText('长按我')
  })
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true })

  test('the multi-select bar fits: every action label on one line', async ({ context, device, page, request }) => {
    await longPress(context, page, await receivedBubble({ device, page, request }, ['窄', '屏'], '多选我'))
    await visible(page, 'msg-menu-multiSelect').click()
    const bar = visible(page, 'multi-panel')
    await expect(bar).toBeVisible()
    await expect(visible(page, 'multi-count')).toHaveText('已选择 1 条消息')
    for (const [id, label] of [
      ['multi-forward-each', '逐条转发'],
      ['multi-forward-merged', '合并转发'],
      ['multi-favorite', '收藏'],
      ['multi-delete', '删除'],
      ['multi-cancel', '取消'],
    ]) {
      const action = visible(page, id)
      await expect(action).toHaveText(label)
      await expect(action).toBeInViewport({ ratio: 1 })
      // The label's text boxes: one line box, one line high.
      const lines = await action.evaluate((el) => {
        const range = el.ownerDocument.createRange()
        range.selectNodeContents(el)
        const rects = [...range.getClientRects()].filter((r) => r.width > 0)
        return { count: new Set(rects.map((r) => Math.round(r.top))).size, height: range.getBoundingClientRect().height }
      })
      expect(lines.count, label).toBe(1)
      expect(lines.height, label).toBeLessThan(26)
    }
    await shot(page, 'phone-multiselect-360')
  })
})
