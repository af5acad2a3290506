import { chatPanel, conversationRow, editor, expect, openConversation, registerUsers, test, visible } from '../messaging/support'

/** Small faults seen trying the chat as a new user: each checked by the geometry or style that was wrong. */
const SHOTS = 'test-results/e2e/regressions'
const PHONE = { width: 390, height: 844 }

test('on a phone the emoji panel spans the screen instead of running off its right edge', async ({ request, login }) => {
  const [me] = await registerUsers(request, ['表情'])
  const { page } = await login(me!, { viewport: PHONE })
  await openConversation(page, 'C2CwisperHelper')
  await visible(page, 'tool-emoji').click()
  const picker = visible(page, 'emoji-picker')
  await expect(picker).toBeVisible()
  const box = (await picker.boundingBox())!
  expect([box.x, box.x + box.width]).toEqual([0, PHONE.width])
  await page.screenshot({ path: `${SHOTS}/emoji-picker-phone.png` })
})

test('the helper card draws one rule under its last question, not two', async ({ request, login }) => {
  const [me] = await registerUsers(request, ['小助手'])
  const { page } = await login(me!)
  await expect(conversationRow(page, 'C2CwisperHelper')).toBeVisible()
  await openConversation(page, 'C2CwisperHelper')
  const questions = chatPanel(page).locator('[data-kind="helper"] [data-testid="helper-question"]')
  await expect(questions.first()).toBeVisible()
  const border = (i: number) => questions.nth(i).evaluate((el) => getComputedStyle(el).borderBottomWidth)
  expect(await border(0)).toBe('1px')
  expect(await border((await questions.count()) - 1)).toBe('0px')
  await page.screenshot({ path: `${SHOTS}/helper-card.png` })
})

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`with the emoji panel open, the first press on 发送 sends, and Escape closes the panel after a pick (${label})`, async ({ request, login }) => {
    const [me] = await registerUsers(request, ['表情发送'])
    const { page } = await login(me!, { viewport })
    await openConversation(page, 'C2CwisperHelper')
    await visible(page, 'tool-emoji').click()
    const picker = visible(page, 'emoji-picker')
    await visible(page, 'emoji-item').first().click()
    await expect(picker).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(picker).toHaveCount(0)

    await visible(page, 'tool-emoji').click()
    await visible(page, 'emoji-item').first().click()
    await editor(page).click()
    await expect(picker).toBeVisible()
    await page.keyboard.type('表情测试')
    await visible(page, 'chat-send').click()
    await expect(editor(page)).toHaveValue('')
    await expect(chatPanel(page).getByText('表情测试')).toBeVisible()
  })
}
