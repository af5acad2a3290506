import {
  chatPanel,
  conversationRow,
  editor,
  expect,
  messageRows,
  openChatWith,
  registerUsers,
  sendText,
  test,
  textRow,
  visible,
} from './support'

test('two users exchange text, an inline emoji and a sticker', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await sendText(a.page, '你好，我是甲')

  // Bob's list shows the new conversation with its summary, then the chat shows the text.
  const bRow = conversationRow(b.page, `C2C${alice.wtId}`)
  await expect(bRow.locator('[data-testid="conv-row-summary"]')).toHaveText('你好，我是甲')
  await openChatWith(b.page, alice)
  await expect(textRow(b.page, '你好，我是甲')).toHaveCount(1)

  // Bob answers with an emoji picked from the panel and some text after it.
  await visible(b.page, 'tool-emoji').click()
  await expect(visible(b.page, 'emoji-item')).toHaveCount(103)
  await visible(b.page, 'emoji-item').and(b.page.locator('[data-name="[呲牙]"]')).click()
  await expect(editor(b.page)).toHaveValue('[呲牙]')
  await editor(b.page).press('End')
  await editor(b.page).pressSequentially('收到')
  await expect(editor(b.page)).toHaveValue('[呲牙]收到')
  await editor(b.page).press('Enter')
  await expect(editor(b.page)).toHaveValue('')
  // Picked with the mouse, then typed after and sent: the caret stays in the editor, typing goes on there.
  await visible(b.page, 'tool-emoji').click()
  await visible(b.page, 'emoji-item').and(b.page.locator('[data-name="[微笑]"]')).click()
  await editor(b.page).click()
  await b.page.keyboard.type('好')
  await b.page.keyboard.press('Enter')
  await expect(editor(b.page)).toHaveValue('')
  await b.page.keyboard.type('好')
  await expect(editor(b.page)).toHaveValue('好')
  await editor(b.page).press('Backspace')

  // Alice sees the emoji as a picture inside the text, not as its name.
  const answer = messageRows(a.page).filter({ hasText: '收到' })
  await expect(answer).toHaveCount(1)
  const inline = answer.locator('[data-emoji="[呲牙]"]')
  await expect(inline).toHaveCount(1)
  await expect(answer.locator('[data-testid="msg-text"]')).toHaveText('收到')
  await expect.poll(() => inline.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // Alice sends a sticker from the second group.
  await visible(a.page, 'tool-emoji').click()
  await visible(a.page, 'sticker-tab').and(a.page.locator('[data-group="2"]')).click()
  const sticker = visible(a.page, 'sticker-item').first()
  await expect(sticker).toHaveAttribute('data-group', '2')
  const stickerName = await sticker.getAttribute('data-name')
  await sticker.click()
  // Choosing a sticker sends it at once and closes the panel.
  await expect(visible(a.page, 'emoji-picker')).toHaveCount(0)
  const sent = messageRows(a.page).filter({ has: a.page.locator('[data-testid="msg-face"]') })
  await expect(sent).toHaveAttribute('data-status', 'success')

  const received = messageRows(b.page).filter({ has: b.page.locator('[data-testid="msg-face"]') })
  await expect(received).toHaveCount(1)
  await expect(received).toHaveAttribute('data-type', 'TIMFaceElem')
  const picture = received.locator('img').first()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: `sticker ${stickerName} drawn` }).toBe(true)
  await expect(bRow.locator('[data-testid="conv-row-summary"]')).toHaveText('[动画表情]')
})

test('the peer sees "typing" while the other edits, and it goes away', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await sendText(a.page, '在吗')
  await openChatWith(b.page, alice)

  await expect(visible(a.page, 'chat-typing')).toHaveCount(0)
  await editor(b.page).click()
  await editor(b.page).pressSequentially('我在写')
  await expect(visible(a.page, 'chat-typing')).toHaveText('对方正在输入...')

  // Emptying the editor ends typing; the status leaves without waiting for a send.
  await editor(b.page).fill('')
  await expect(visible(a.page, 'chat-typing')).toHaveCount(0, { timeout: 15_000 })

  // Sending ends it too.
  await editor(b.page).pressSequentially('好了')
  await expect(visible(a.page, 'chat-typing')).toBeVisible()
  await editor(b.page).press('Enter')
  await expect(textRow(a.page, '好了')).toHaveCount(1)
  await expect(visible(a.page, 'chat-typing')).toHaveCount(0, { timeout: 15_000 })
})

test('a one-to-one message reads 未读 until the peer opens the chat, then 已读', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await sendText(a.page, '看到请回复')
  const status = textRow(a.page, '看到请回复').locator('[data-testid="msg-read-status"]')
  await expect(status).toHaveText('未读')

  // Arrived but not opened: still unread.
  await expect(conversationRow(b.page, `C2C${alice.wtId}`)).toBeVisible()
  await expect(status).toHaveText('未读')

  await openChatWith(b.page, alice)
  await expect(textRow(b.page, '看到请回复')).toBeVisible()
  await expect(status).toHaveText('已读')

  // With the chat open on both sides, a new message is read as soon as it shows.
  await sendText(a.page, '第二条')
  await expect(textRow(a.page, '第二条').locator('[data-testid="msg-read-status"]')).toHaveText('已读')
})

test('unread badges count incoming messages and clear when the chat is opened', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  for (const text of ['一', '二', '三']) await sendText(a.page, text)

  const row = conversationRow(b.page, `C2C${alice.wtId}`)
  await expect(row.locator('[data-testid="conv-row-badge"]')).toHaveText('3')
  await expect(visible(b.page, 'badge-messages')).toHaveText('3')
  await expect(visible(b.page, 'conv-tab-all').locator('[data-testid="conv-tab-badge"]')).toHaveText('3')
  await expect(visible(b.page, 'conv-tab-c2c').locator('[data-testid="conv-tab-badge"]')).toHaveText('3')

  await sendText(a.page, '四')
  await expect(row.locator('[data-testid="conv-row-badge"]')).toHaveText('4')
  await expect(visible(b.page, 'badge-messages')).toHaveText('4')

  await row.click()
  await expect(chatPanel(b.page)).toBeVisible()
  await expect(textRow(b.page, '四')).toBeVisible()
  await expect(row.locator('[data-testid="conv-row-badge"]')).toHaveCount(0)
  await expect(visible(b.page, 'badge-messages')).toHaveCount(0)

  // Read on the server too: a fresh load of the list (no chat open) starts without the badge.
  await b.page.goto('/messages')
  await expect(conversationRow(b.page, `C2C${alice.wtId}`)).toBeVisible()
  await expect(conversationRow(b.page, `C2C${alice.wtId}`).locator('[data-testid="conv-row-badge"]')).toHaveCount(0)
  await expect(visible(b.page, 'badge-messages')).toHaveCount(0)
})

test.describe('on a phone-sized screen', () => {
  const phone = { width: 390, height: 844 }

  test('the list is the whole screen; a chat covers it with a back button', async ({ login, request }) => {
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    const a = await login(alice)
    const b = await login(bob, { viewport: phone })

    await openChatWith(a.page, bob)
    await sendText(a.page, '手机上能看到吗')

    const row = conversationRow(b.page, `C2C${alice.wtId}`)
    await expect(row.locator('[data-testid="conv-row-badge"]')).toHaveText('1')
    await expect(visible(b.page, 'tabbar')).toBeVisible()
    await row.click()
    await expect(visible(b.page, 'chat-back')).toBeVisible()
    await expect(visible(b.page, 'chat-header-name')).toHaveText(alice.nickName)
    // The chat takes the full width of the screen.
    const box = (await chatPanel(b.page).boundingBox())!
    expect(box.width).toBeGreaterThan(phone.width - 2)
    await expect(textRow(b.page, '手机上能看到吗')).toBeInViewport()
    await sendText(b.page, '能')
    await expect(textRow(a.page, '能')).toHaveCount(1)

    await visible(b.page, 'chat-back').click()
    await expect(chatPanel(b.page)).toHaveCount(0)
    await expect(row).toBeVisible()
    await expect(row.locator('[data-testid="conv-row-summary"]')).toHaveText('能')
  })
})
