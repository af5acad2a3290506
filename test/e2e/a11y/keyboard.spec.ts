import { fileURLToPath } from 'node:url'
import { type Locator, type Page } from '@playwright/test'
import { befriend, editor, expect, messageRows, openChatWith, registerUsers, sendText, test, textRow, visible } from '../messaging/support'
import { byTestId, expectPath, inputByTestId } from '../support/ui'
import { SIZES } from './support'

/** With A11Y_SCREENSHOTS=1 the keyboard screens are saved under docs/images/a11y/. */
const SHOTS = fileURLToPath(new URL('../../../docs/images/a11y/', import.meta.url))

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.A11Y_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}${name}.png` })
}

/** Fails when the element reaches past the window's edges. */
async function expectOnScreen(page: Page, el: Locator, what: string): Promise<void> {
  const box = await el.boundingBox()
  const view = page.viewportSize()!
  expect(box, what).not.toBeNull()
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(view.width)
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(view.height)
}

/** What has focus: its test id, or its tag and role when it has none. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el = document.activeElement
    // Taro's inputs carry the test id on their wrapper.
    if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA')) el = el.closest('[data-testid]') ?? el
    return el?.getAttribute('data-testid') ?? `${el?.tagName.toLowerCase()}[role=${el?.getAttribute('role')}]`
  })
}

/** Presses `key` until the element with this test id has focus; fails after `max` presses. */
async function pressUntilFocused(page: Page, key: 'Tab' | 'Shift+Tab', testId: string, max: number): Promise<void> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key)
    const now = await focused(page)
    seen.push(now)
    if (now === testId) return
  }
  throw new Error(`${key} never reached ${testId}; it visited ${seen.join(', ')}`)
}

const tabTo = (page: Page, testId: string, max = 40) => pressUntilFocused(page, 'Tab', testId, max)
const tabBackTo = (page: Page, testId: string, max = 40) => pressUntilFocused(page, 'Shift+Tab', testId, max)

async function expectFocus(page: Page, testId: string): Promise<void> {
  await expect.poll(() => focused(page), { message: `focus on ${testId}` }).toBe(testId)
}

/** The text of the message in focus (the message list's roving stop); '' when no message has focus. */
function focusedMessage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (el?.getAttribute('role') !== 'listitem') return ''
    return el.querySelector('[data-testid="msg-text"]')?.textContent ?? ''
  })
}

/** Presses Shift+Tab from the editor until a message has focus: the list is one stop, on the newest. */
async function tabBackToMessages(page: Page): Promise<string> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Shift+Tab')
    const text = await focusedMessage(page)
    if (text) return text
  }
  throw new Error('Shift+Tab never reached the message list')
}

/** Presses ↓ in the open message menu until the entry with this key has focus. */
async function arrowToMenuEntry(page: Page, key: string): Promise<void> {
  await expect(visible(page, 'msg-menu')).toBeVisible()
  for (let i = 0; i < 12 && (await focused(page)) !== `msg-menu-${key}`; i++) await page.keyboard.press('ArrowDown')
  await expectFocus(page, `msg-menu-${key}`)
}

/** The emoji in focus (its name), '' when none. */
function focusedEmoji(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement?.getAttribute('data-testid') === 'emoji-item' ? document.activeElement.getAttribute('data-name') ?? '' : ''))
}

async function logInByKeyboard(page: Page, user: { phone: string; pwd: string }): Promise<void> {
  await page.goto('/login')
  await tabTo(page, 'login-phone')
  await page.keyboard.type(user.phone)
  await tabTo(page, 'login-pwd')
  await page.keyboard.type(user.pwd)
  await page.keyboard.press('Enter')
  await expectPath(page, '/messages')
  await expect(visible(page, 'conv-pane')).toBeVisible()
}

test('log in, search, open a chat, send and switch conversations without a mouse', async ({ page, request }) => {
  const [a, b, c] = await registerUsers(request, ['键盘', '乙', '丙'])
  await befriend(request, a!, b!)
  await befriend(request, a!, c!)

  await page.goto('/login')
  await expect(byTestId(page, 'login-submit')).toBeVisible()
  // Every login tab and the button are tab stops now.
  await tabTo(page, 'login-tab-id')
  await page.keyboard.press('Enter')
  await expect(byTestId(page, 'login-tab-id')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Shift+Tab')
  await expectFocus(page, 'login-tab-phone')
  await page.keyboard.press(' ')
  await tabTo(page, 'login-phone')
  await page.keyboard.type(a!.phone)
  await tabTo(page, 'login-pwd')
  await page.keyboard.type(a!.pwd)
  await tabTo(page, 'login-submit')
  await page.keyboard.press('Enter')
  await expectPath(page, '/messages')
  await expect(visible(page, 'conv-pane')).toBeVisible()

  for (const peer of [b!, c!]) {
    // Ctrl+K goes to the search field; ↓ and Enter pick the user found.
    await page.keyboard.press('Control+k')
    await expectFocus(page, 'conv-search')
    await page.keyboard.type(peer.wtId)
    await expect(page.locator(`[data-testid="search-result-user"][data-id="${peer.wtId}"]`).filter({ visible: true })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(visible(page, 'chat-header-name')).toHaveText(peer.nickName)
    await tabTo(page, 'chat-editor', 80)
    await page.keyboard.type(`你好${peer.nickName}`)
    await page.keyboard.press('Enter')
    await expect(textRow(page, `你好${peer.nickName}`)).toHaveAttribute('data-status', 'success')
  }

  // Alt+↓ and Alt+↑ walk the list: 丙's chat is on top, 乙's below it.
  await editor(page).focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(visible(page, 'chat-header-name')).toHaveText(b!.nickName)
  await page.keyboard.press('Alt+ArrowUp')
  await expect(visible(page, 'chat-header-name')).toHaveText(c!.nickName)

  // The list is one tab stop; arrow keys move along it and Enter opens the row.
  await tabTo(page, 'conv-row', 80)
  await expect(page.locator('[data-testid="conv-row"]:focus')).toHaveAttribute('data-id', `C2C${c!.wtId}`)
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('[data-testid="conv-row"]:focus')).toHaveAttribute('data-id', `C2C${b!.wtId}`)
  await page.keyboard.press('Enter')
  await expect(visible(page, 'chat-header-name')).toHaveText(b!.nickName)

  // 发送 is the page's last control: the next Tab goes on to the rail, not off the page.
  await tabTo(page, 'chat-send', 80)
  await page.keyboard.press('Tab')
  await expectFocus(page, 'shell-profile')

  // A rail entry's page takes focus, so the next Tab is inside it.
  await tabTo(page, 'nav-favorites')
  await page.keyboard.press('Enter')
  await expectPath(page, '/favorites')
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') === 'main' && document.activeElement.contains(document.querySelector('[data-testid="favorites-page"]')))).toBe(true)
  await page.keyboard.press('Tab')
  await expectFocus(page, 'fav-note-new')

  // 新建笔记 opens on its field; the empty note's disabled 保存 is no Tab stop.
  await page.keyboard.press('Enter')
  await expectFocus(page, 'fav-note-input')
  await tabTo(page, 'fav-note-cancel')
  await page.keyboard.press('Tab')
  expect(await focused(page)).not.toBe('fav-note-save')
  await page.keyboard.press('Escape')
  await expect(visible(page, 'fav-note-dialog')).toHaveCount(0)
})

test('menus and dialogs open with the keyboard, trap focus, and Escape returns focus to the opener', async ({ page, request }) => {
  const [a] = await registerUsers(request, ['弹窗'])
  await logInByKeyboard(page, a!)

  // A keyword as long as the server takes stays whole (Taro's field cuts short by default).
  const keyword = 'w'.repeat(100)
  await page.keyboard.press('Control+k')
  await page.keyboard.type(keyword)
  await expect(inputByTestId(page, 'conv-search')).toHaveValue(keyword)
  await page.keyboard.press('Control+a')
  await page.keyboard.press('Backspace')

  // The ＋ menu: focus moves to its first entry, ↓ to the next, Escape closes it.
  await tabTo(page, 'conv-plus')
  await page.keyboard.press('Enter')
  await expectFocus(page, 'menu-create-group')
  await page.keyboard.press('ArrowDown')
  await expectFocus(page, 'menu-add-friend')
  await page.keyboard.press('Escape')
  await expect(visible(page, 'menu-add-friend')).toHaveCount(0)
  await expectFocus(page, 'conv-plus')

  // 发起群聊 opens on its search field; 下一步, disabled until someone is picked, is no Tab stop.
  await page.keyboard.press('Enter')
  await expectFocus(page, 'menu-create-group')
  await page.keyboard.press('Enter')
  await expect(visible(page, 'group-create-dialog')).toBeVisible()
  await expectFocus(page, 'picker-search')
  const stops: string[] = []
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    stops.push(await focused(page))
  }
  expect(stops).not.toContain('picker-done')
  await page.keyboard.press('Escape')
  await expect(visible(page, 'group-create-dialog')).toHaveCount(0)
  await expectFocus(page, 'conv-plus')

  // The settings menu, and the dialog it opens.
  await tabTo(page, 'settings-button')
  await page.keyboard.press('Enter')
  await expectFocus(page, 'settings-security')
  await page.keyboard.press('Escape')
  await expect(visible(page, 'settings-security')).toHaveCount(0)
  await expectFocus(page, 'settings-button')
  await page.keyboard.press(' ')
  await expectFocus(page, 'settings-security')
  await page.keyboard.press('Enter')
  const dialog = visible(page, 'security-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: 'focus moves into the dialog as it opens' }).toBe(true)
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus stays in the dialog').toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expectFocus(page, 'settings-button')
})

test('quote, forward, the chat pop-ups and switching chats without a mouse', async ({ page, request }) => {
  test.setTimeout(120_000)
  const [a, b, c] = await registerUsers(request, ['转发', '收件', '旁人'])
  await befriend(request, a!, b!)
  await befriend(request, a!, c!)
  await logInByKeyboard(page, a!)

  await page.keyboard.press('Control+k')
  await page.keyboard.type(b!.wtId)
  await expect(page.locator(`[data-testid="search-result-user"][data-id="${b!.wtId}"]`).filter({ visible: true })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(visible(page, 'chat-header-name')).toHaveText(b!.nickName)
  await tabTo(page, 'chat-editor', 80)
  await page.keyboard.type('第一条')
  await page.keyboard.press('Enter')
  await expect(textRow(page, '第一条')).toHaveAttribute('data-status', 'success')
  await page.keyboard.type('要引用的话')
  await page.keyboard.press('Enter')
  await expect(textRow(page, '要引用的话')).toHaveAttribute('data-status', 'success')

  // The message list is one stop, on the newest message; ↑ and ↓ move between messages.
  expect(await tabBackToMessages(page)).toBe('要引用的话')
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => focusedMessage(page)).toBe('第一条')
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => focusedMessage(page)).toBe('要引用的话')

  // Shift+F10 opens the menu; Escape closes it and focus goes back to the message.
  await page.keyboard.press('Shift+F10')
  await expect(visible(page, 'msg-menu')).toBeVisible()
  await expect.poll(() => focused(page)).toMatch(/^msg-menu-/)
  await page.keyboard.press('Escape')
  await expect(visible(page, 'msg-menu')).toHaveCount(0)
  await expect.poll(() => focusedMessage(page)).toBe('要引用的话')

  // Enter opens it too; ↓ to 引用, Enter quotes, and the reply is typed at once.
  await page.keyboard.press('Enter')
  await arrowToMenuEntry(page, 'quote')
  await page.keyboard.press('Enter')
  await expect(visible(page, 'quote-bar')).toBeVisible()
  await expectFocus(page, 'chat-editor')
  await page.keyboard.type('这是回复')
  await page.keyboard.press('Enter')
  await expect(textRow(page, '这是回复')).toHaveAttribute('data-status', 'success')
  await expect(textRow(page, '这是回复').locator('[data-testid="msg-quote"]')).toContainText('要引用的话')
  await expect(visible(page, 'quote-bar')).toHaveCount(0)

  // The menu key opens it; 转发 opens the dialog, where a chat is found, ticked and sent to.
  expect(await tabBackToMessages(page)).toBe('这是回复')
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => focusedMessage(page)).toBe('要引用的话')
  await page.keyboard.press('ContextMenu')
  await arrowToMenuEntry(page, 'forward')
  await page.keyboard.press('Enter')
  const dialog = visible(page, 'forward-dialog')
  await expect(dialog).toBeVisible()
  await expectFocus(page, 'picker-search')
  await page.keyboard.type(c!.nickName)
  const target = dialog.locator(`[data-testid="picker-item"][data-id="C2C${c!.wtId}"]`)
  await expect(target).toBeVisible()
  await tabTo(page, 'picker-item')
  await expect(target).toBeFocused()
  await page.keyboard.press(' ')
  await expect(target).toHaveAttribute('data-selected', 'true')
  await tabTo(page, 'forward-send')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect.poll(() => focusedMessage(page)).toBe('要引用的话')

  // Alt+↑: the chat the message went to is now on top; Alt+↓ comes back.
  await expect(page.locator('[data-testid="conv-row"]').filter({ visible: true }).first()).toHaveAttribute('data-id', `C2C${c!.wtId}`)
  await page.keyboard.press('Alt+ArrowUp')
  await expect(visible(page, 'chat-header-name')).toHaveText(c!.nickName)
  await expect(textRow(page, '要引用的话')).toHaveAttribute('data-status', 'success')
  await page.keyboard.press('Alt+ArrowDown')
  await expect(visible(page, 'chat-header-name')).toHaveText(b!.nickName)

  // The emoji grid: focus goes in, the arrows move in two directions, Enter puts the emoji into
  // the text, Escape closes the grid and focus goes back to the 表情 button.
  await tabTo(page, 'chat-editor', 80)
  await tabBackTo(page, 'tool-emoji')
  await page.keyboard.press('Enter')
  await expect(visible(page, 'emoji-picker')).toBeVisible()
  const first = visible(page, 'emoji-item')
  const names = await first.evaluateAll((els) => els.map((el) => el.getAttribute('data-name') ?? ''))
  const columns = await first.evaluateAll((els) => els.filter((el) => Math.abs(el.getBoundingClientRect().top - els[0]!.getBoundingClientRect().top) < 2).length)
  expect(columns).toBeGreaterThan(1)
  await expect.poll(() => focusedEmoji(page)).toBe(names[0])
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => focusedEmoji(page)).toBe(names[1])
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => focusedEmoji(page)).toBe(names[1 + columns])
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => focusedEmoji(page)).toBe(names[columns])
  await page.keyboard.press('ArrowUp')
  await expect.poll(() => focusedEmoji(page)).toBe(names[0])
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(editor(page)).toHaveValue(names[1]!)
  await page.keyboard.press('Escape')
  await expect(visible(page, 'emoji-picker')).toHaveCount(0)
  await expectFocus(page, 'tool-emoji')

  // 收藏 and 常用语 open with Enter and close with Escape, focus back on their button.
  for (const [tool, panel] of [['tool-favorite', 'fav-panel'], ['tool-phrase', 'phrase-panel']] as const) {
    await tabTo(page, tool)
    await page.keyboard.press('Enter')
    await expect(visible(page, panel)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(visible(page, panel)).toHaveCount(0)
    await expectFocus(page, tool)
  }

  // The emoji text goes out with Enter.
  await tabTo(page, 'chat-editor', 80)
  await page.keyboard.press('Enter')
  await expect(messageRows(page).last()).toHaveAttribute('data-status', 'success')

  // On a phone's width the ＋ panel takes the toolbar's place: Enter opens it, Escape closes it.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(visible(page, 'input-more')).toBeVisible()
  await tabTo(page, 'input-more', 80)
  await page.keyboard.press('Enter')
  await expect(visible(page, 'plus-panel')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(visible(page, 'plus-panel')).toHaveCount(0)
  await expectFocus(page, 'input-more')
})

for (const size of SIZES) {
  test(`${size.name}: the message menu and the emoji grid opened with the keyboard fit the screen`, async ({ login, request }) => {
    const [a, b] = await registerUsers(request, ['看菜单', '对方'])
    await befriend(request, a!, b!)
    const { page } = await login(a!, { viewport: size.viewport })
    await openChatWith(page, b!)
    await sendText(page, '按键打开的菜单')
    const key = size.viewport.width > 600 ? 'desktop' : 'phone'

    await editor(page).focus()
    expect(await tabBackToMessages(page)).toBe('按键打开的菜单')
    await page.keyboard.press('Enter')
    const menu = visible(page, 'msg-menu')
    await expect(menu).toBeVisible()
    await expect.poll(() => focused(page)).toMatch(/^msg-menu-/)
    await page.keyboard.press('ArrowDown')
    await expectOnScreen(page, menu, 'the message menu')
    await shot(page, `message-menu-${key}`)
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)

    // The desktop toolbar is above the editor; the phone's 表情 is right of it.
    await editor(page).focus()
    if (key === 'desktop') await tabBackTo(page, 'tool-emoji')
    else await tabTo(page, 'tool-emoji')
    await page.keyboard.press('Enter')
    await expect(visible(page, 'emoji-picker')).toBeVisible()
    await expect.poll(() => focusedEmoji(page)).not.toBe('')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    await expectOnScreen(page, visible(page, 'emoji-picker'), 'the emoji grid')
    await expectOnScreen(page, page.locator('[data-testid="emoji-item"]:focus'), 'the emoji in focus')
    await shot(page, `emoji-grid-${key}`)
    await page.keyboard.press('Escape')
    await expect(visible(page, 'emoji-picker')).toHaveCount(0)
    await expectFocus(page, 'tool-emoji')
  })
}
