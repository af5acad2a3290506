import {
  befriend,
  createGroup,
  editor,
  expect,
  messageRows,
  menuAction,
  openChatWith,
  openConversation,
  pickFiles,
  pngImage,
  registerUsers,
  sendText,
  test,
  textRow,
  visible,
} from '../messaging/support'

/**
 * After a pick from a list or a panel the user types on without clicking back into the editor,
 * and Enter keeps sending: the keystrokes here go to the page's keyboard, never to a located field.
 */
test('typing goes on in the editor after a mention, an emoji, a quote and the voice bar', async ({ login, request }) => {
  test.setTimeout(120_000)
  const [alice, bob] = await registerUsers(request, ['Ann', 'Bea'])
  await befriend(request, alice!, bob!)
  const { conversationID } = await createGroup(request, alice!, [bob!], `输入${alice!.phone.slice(-3)}`)
  const a = await login(alice!)
  const keys = a.page.keyboard

  // A mention picked with the keyboard: the caret ends after it, so the text follows it.
  await openConversation(a.page, conversationID)
  await editor(a.page).click()
  await keys.type('@Be')
  await expect(visible(a.page, 'mention-list').locator('[data-testid="mention-item"]')).toHaveCount(1)
  await keys.press('Enter')
  await expect(editor(a.page)).toHaveValue(`@${bob!.nickName} `)
  await keys.type('周六你来吗？')
  await keys.press('Enter')
  await expect(textRow(a.page, `@${bob!.nickName} 周六你来吗？`)).toHaveAttribute('data-status', 'success')

  // A mention picked with the mouse keeps the editor focused.
  await keys.type('@')
  await visible(a.page, 'mention-list').locator(`[data-user="${bob!.wtId}"]`).click()
  await keys.type('鼠标选的')
  await keys.press('Enter')
  await expect(textRow(a.page, `@${bob!.nickName} 鼠标选的`)).toHaveAttribute('data-status', 'success')

  // An emoji from the panel, then Enter sends it with the text.
  await openChatWith(a.page, bob!)
  await editor(a.page).click()
  await keys.type('笑一个')
  await visible(a.page, 'tool-emoji').click()
  await visible(a.page, 'emoji-item').first().click()
  await keys.press('Enter')
  await expect(messageRows(a.page).last()).toHaveAttribute('data-status', 'success')
  await expect(messageRows(a.page).last()).toContainText('笑一个')
  await expect(editor(a.page)).toHaveValue('')

  // A quote: the reply is typed straight away.
  await sendText(a.page, '被引用的话')
  await menuAction(a.page, textRow(a.page, '被引用的话'), 'quote')
  await expect(visible(a.page, 'quote-bar')).toBeVisible()
  await keys.type('回复引用')
  await keys.press('Enter')
  await expect(textRow(a.page, '回复引用')).toHaveAttribute('data-status', 'success')

  // The voice bar takes the editor's place and gives it back; Enter still sends.
  await visible(a.page, 'tool-voice').click()
  await expect(visible(a.page, 'voice-bar')).toBeVisible()
  await visible(a.page, 'tool-voice').click()
  await editor(a.page).click()
  await keys.type('语音之后')
  await keys.press('Enter')
  await expect(textRow(a.page, '语音之后')).toHaveAttribute('data-status', 'success')
  await expect(editor(a.page)).toHaveValue('')
})

test('a chat opened again shows its newest message, images above it included', async ({ login, request }) => {
  test.setTimeout(90_000)
  const [alice, bob, carol] = await registerUsers(request, ['Ada', 'Bo', 'Cy'])
  await befriend(request, alice!, bob!)
  await befriend(request, alice!, carol!)
  const a = await login(alice!)

  await openChatWith(a.page, bob!)
  for (let i = 0; i < 3; i++) {
    await pickFiles(a.page, 'image', [{ name: `tall${i}.png`, mimeType: 'image/png', buffer: pngImage(120, 400, [30, 144, 255], [255, 140, 0]) }])
  }
  await expect(messageRows(a.page)).toHaveCount(3)
  await expect(messageRows(a.page).last()).toHaveAttribute('data-status', 'success')
  await sendText(a.page, '图片下面的最后一句')

  await openChatWith(a.page, carol!)
  await openChatWith(a.page, bob!)
  const last = textRow(a.page, '图片下面的最后一句')
  await expect(last).toBeInViewport({ ratio: 1 })
  // It stays there once the images have loaded and laid out.
  await a.page.waitForTimeout(1500)
  await expect(last).toBeInViewport({ ratio: 1 })
})
