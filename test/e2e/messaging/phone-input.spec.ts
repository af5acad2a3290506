import type { Locator, Page } from '@playwright/test'
import { chatPanel, chatScreenshot as shot, createGroup, editor, expect, messageRows, openConversation, pickFiles, pngImage, registerUsers, test, textRow, visible } from './support'

/**
 * The phone's chat input as WeChat has it (docs/ui-chat.md "Phone input"): the voice / keyboard
 * switch with hold-to-talk, emoji and ＋ (发送 once there is text), the ＋ panel of what the
 * conversation allows; and the desktop keeping its toolbar. With CHAT_SCREENSHOTS=1 the screens
 * are saved under docs/images/chat/.
 */

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

const sounds = (page: Page) => messageRows(page).and(page.locator('[data-type="TIMSoundElem"]'))

async function holdTalk(page: Page, slideUp: number): Promise<void> {
  const button = visible(page, 'hold-to-talk')
  const box = (await button.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await expect(visible(page, 'voice-bar')).toHaveAttribute('data-state', 'recording')
  await expect(visible(page, 'voice-timer')).toHaveText('0:01', { timeout: 5_000 })
  if (slideUp) {
    await page.mouse.move(x, y - slideUp, { steps: 4 })
    await expect(visible(page, 'voice-bar')).toHaveAttribute('data-cancel', 'true')
    await expect(visible(page, 'voice-bar')).toContainText('松开手指，取消发送')
  } else {
    await expect(visible(page, 'voice-bar')).toContainText('松开 发送，上滑 取消')
  }
  await page.mouse.up()
  await expect(visible(page, 'voice-bar')).toHaveCount(0)
}

/** The tiles' labels in the ＋ panel, in order. */
async function tileLabels(page: Page): Promise<string[]> {
  return visible(page, 'plus-panel').locator('.plus-tile__label').allInnerTexts()
}

async function expectTilesFit(panel: Locator): Promise<void> {
  for (const tile of await panel.locator('[role="button"]').all()) {
    await expect(tile).toBeInViewport({ ratio: 1 })
    const box = (await tile.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(44)
    expect(box.height).toBeGreaterThanOrEqual(44)
  }
}

test('on a phone: the voice / keyboard switch, hold to talk (sliding up cancels), and 发送 in place of ＋ once there is text', async ({ login, request, device }) => {
  const [alice, bob] = await registerUsers(request, ['手', '机'])
  await device(bob!).sendText(`C2C${alice!.wtId}`, '在吗')
  const a = await login(alice!, { viewport: PHONE })
  await openConversation(a.page, `C2C${bob!.wtId}`)

  // No toolbar: one row of switch, editor, emoji and ＋.
  await expect(chatPanel(a.page).locator('.chat-toolbar')).toHaveCount(0)
  for (const id of ['input-voice-switch', 'tool-emoji', 'input-more']) await expect(visible(a.page, id)).toBeInViewport({ ratio: 1 })
  await expect(visible(a.page, 'chat-send')).toHaveCount(0)
  const inputBox = (await chatPanel(a.page).locator('.chat-input').boundingBox())!
  expect(inputBox.height).toBeLessThan(70)
  await shot(a.page, 'phone-input-390')

  // Typing swaps ＋ for 发送, which sends; the empty editor brings ＋ back.
  await editor(a.page).fill('手机上发的')
  await expect(visible(a.page, 'input-more')).toHaveCount(0)
  await visible(a.page, 'chat-send').click()
  await expect(textRow(a.page, '手机上发的')).toHaveAttribute('data-status', 'success')
  await expect(visible(a.page, 'chat-send')).toHaveCount(0)
  await expect(visible(a.page, 'input-more')).toBeVisible()

  // Voice: the editor gives way to 按住 说话; holding records, lifting sends.
  await visible(a.page, 'input-voice-switch').click()
  await expect(visible(a.page, 'input-voice-switch')).toHaveAttribute('aria-label', '切换到键盘输入')
  await expect(editor(a.page)).toHaveCount(0)
  await expect(visible(a.page, 'hold-to-talk')).toHaveText('按住 说话')
  await holdTalk(a.page, 0)
  await expect(sounds(a.page)).toHaveCount(1)
  await expect(sounds(a.page)).toHaveAttribute('data-status', 'success')
  // Sliding up before lifting sends nothing.
  await holdTalk(a.page, 120)
  await a.page.waitForTimeout(1_000)
  await expect(sounds(a.page)).toHaveCount(1)

  // And back to the keyboard.
  await visible(a.page, 'input-voice-switch').click()
  await expect(visible(a.page, 'hold-to-talk')).toHaveCount(0)
  await expect(editor(a.page)).toBeVisible()

  // The multi-select bar at 390 px (its 360 px check is in message-ops/menu-actions).
  await textRow(a.page, '在吗').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
  await visible(a.page, 'msg-menu-multiSelect').click()
  await expect(visible(a.page, 'multi-panel')).toBeVisible()
  await shot(a.page, 'phone-multiselect-390')
})

test('on a phone the ＋ panel shows what the conversation allows: calls in a one-to-one chat, the group call in a group, none with the helper', async ({ login, request, device }) => {
  const [alice, bob, carol] = await registerUsers(request, ['加', '号', '板'])
  await device(bob!).sendText(`C2C${alice!.wtId}`, '打个电话')
  const group = await createGroup(request, alice!, [bob!, carol!], '加号群')
  const a = await login(alice!, { viewport: PHONE })

  await openConversation(a.page, `C2C${bob!.wtId}`)
  await visible(a.page, 'input-more').click()
  const panel = visible(a.page, 'plus-panel')
  await expect(panel).toBeVisible()
  expect(await tileLabels(a.page)).toEqual(['相册', '拍摄', '语音通话', '视频通话', '位置', '文件', '收藏', '常用语'])
  await expectTilesFit(panel)
  await shot(a.page, 'phone-plus-390')
  // A tile does what the desktop's tool does: 位置 opens the location dialog.
  await visible(a.page, 'tool-location').click()
  await expect(visible(a.page, 'plus-panel')).toHaveCount(0)
  await expect(visible(a.page, 'location-dialog')).toBeVisible()
  await a.page.keyboard.press('Escape')
  await expect(visible(a.page, 'location-dialog')).toHaveCount(0)

  await visible(a.page, 'chat-back').click()
  await openConversation(a.page, group.conversationID)
  await visible(a.page, 'input-more').click()
  expect(await tileLabels(a.page)).toEqual(['相册', '拍摄', '群通话', '位置', '文件', '收藏', '常用语'])
  await visible(a.page, 'tool-groupCall').click()
  await expect(visible(a.page, 'group-call-menu')).toBeVisible()
  await visible(a.page, 'group-call-mask').click()

  await visible(a.page, 'chat-back').click()
  await openConversation(a.page, 'C2CwisperHelper')
  await visible(a.page, 'input-more').click()
  expect(await tileLabels(a.page)).toEqual(['相册', '拍摄', '位置', '文件', '收藏', '常用语'])
})

test('on a desktop the toolbar stays: Enter sends, Ctrl+Enter starts a new line, no ＋', async ({ login, request, device }) => {
  const [alice, bob] = await registerUsers(request, ['桌', '面'])
  await device(bob!).sendText(`C2C${alice!.wtId}`, '桌面上')
  const a = await login(alice!)
  await openConversation(a.page, `C2C${bob!.wtId}`)
  await expect(chatPanel(a.page).locator('.chat-toolbar')).toBeVisible()
  await expect(visible(a.page, 'input-more')).toHaveCount(0)
  await expect(visible(a.page, 'input-voice-switch')).toHaveCount(0)
  await expect(visible(a.page, 'tool-voiceCall')).toBeVisible()
  const box = editor(a.page)
  await box.fill('第一行')
  await box.press('Control+Enter')
  await box.pressSequentially('第二行')
  await expect(box).toHaveValue('第一行\n第二行')
  await box.press('Enter')
  await expect(messageRows(a.page).last()).toContainText('第二行')
  await expect(messageRows(a.page).last()).toHaveAttribute('data-status', 'success')
  await expect(box).toHaveValue('')
  await shot(a.page, 'desktop-input-1280')
  await textRow(a.page, '桌面上').locator('[data-testid="msg-bubble"]').click({ button: 'right' })
  await expect(visible(a.page, 'msg-menu')).toHaveClass(/msg-menu/)
  await shot(a.page, 'desktop-menu-1280')
  await visible(a.page, 'msg-menu-multiSelect').click()
  await expect(visible(a.page, 'multi-panel')).toBeVisible()
  await shot(a.page, 'desktop-multiselect-1280')
})

/** The newest message row lies wholly inside the list's visible part (above whatever the input shows). */
async function expectNewestShown(page: Page): Promise<void> {
  const list = (await chatPanel(page).locator('#chat-scroll').boundingBox())!
  await expect
    .poll(async () => {
      const row = (await messageRows(page).last().boundingBox())!
      return Math.round(row.y + row.height - (list.y + list.height))
    }, { message: 'the newest message ends above the bottom of the list' })
    .toBeLessThanOrEqual(1)
}

for (const { name, viewport } of [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
]) {
  test(`the newest message stays in view as the input grows, and a list scrolled up stays where it is (${name})`, async ({ login, request, device }) => {
    const [alice, bob] = await registerUsers(request, ['底', '部'])
    await device(bob!).sendTexts(`C2C${alice!.wtId}`, Array.from({ length: 16 }, (_, i) => `往上翻 ${i + 1}`))
    const a = await login(alice!, { viewport })
    await openConversation(a.page, `C2C${bob!.wtId}`)
    await expect(textRow(a.page, '往上翻 16')).toBeInViewport()

    await pickFiles(a.page, 'image', [{ name: '图.png', mimeType: 'image/png', buffer: pngImage(300, 400, [200, 40, 40], [40, 40, 200]) }])
    const image = messageRows(a.page).last()
    await expect(image).toHaveAttribute('data-type', 'TIMImageElem')
    await expect(image).toHaveAttribute('data-status', 'success')
    await expectNewestShown(a.page)

    await visible(a.page, 'tool-emoji').click()
    const picker = visible(a.page, 'emoji-picker')
    await expect(picker).toBeVisible()
    await expectNewestShown(a.page)
    const pickerBox = (await picker.boundingBox())!
    const imageBox = (await image.locator('[data-testid="msg-image"]').boundingBox())!
    expect(imageBox.y + imageBox.height <= pickerBox.y || imageBox.x >= pickerBox.x + pickerBox.width, 'the picture is not under the emoji panel').toBe(true)
    await a.page.screenshot({ path: `test-results/e2e/messaging/newest-above-emoji-${name}.png` })
    await a.page.keyboard.press('Escape')
    await expect(picker).toHaveCount(0)

    if (name === 'phone') {
      await visible(a.page, 'input-more').click()
      await expect(visible(a.page, 'plus-panel')).toBeVisible()
      await expectNewestShown(a.page)
      // 常用语 from the ＋ panel opens under the row too.
      await visible(a.page, 'tool-phrase').click()
      await expect(visible(a.page, 'phrase-panel')).toBeVisible()
      await expectNewestShown(a.page)
      await a.page.screenshot({ path: 'test-results/e2e/messaging/newest-above-phrases-phone.png' })
      await a.page.keyboard.press('Escape')
      await expect(visible(a.page, 'phrase-panel')).toHaveCount(0)
    }
    // Four lines of text make a phone's editor taller.
    await editor(a.page).fill('一\n二\n三\n四')
    await expectNewestShown(a.page)
    await editor(a.page).fill('')

    // Scrolled up to read: the input growing leaves the list where the reader put it.
    const scroll = chatPanel(a.page).locator('#chat-scroll')
    await scroll.evaluate((el) => {
      el.scrollTop = 40
    })
    await expect(textRow(a.page, '往上翻 1')).toBeInViewport()
    await visible(a.page, 'tool-emoji').click()
    await expect(visible(a.page, 'emoji-picker')).toBeVisible()
    await a.page.waitForTimeout(300)
    expect(await scroll.evaluate((el) => el.scrollTop)).toBe(40)
  })
}
