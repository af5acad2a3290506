import { expect, test, type Locator } from '@playwright/test'
import { befriend, closeAll, menuAction, messageRows, openChatWith, registerUsers, sendText, signIn, visible, type Session } from '../messaging/support'
import { quickAction } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

const voiceRow = (rows: Locator) => rows.and(rows.page().locator('[data-type="TIMSoundElem"]'))

test('a voice message recorded from the fake microphone converts to text through the local provider', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['说', '听'])
  await befriend(request, alice!, bob!)
  const a = await signIn(browser, alice!)
  const b = await signIn(browser, bob!)
  sessions = [a, b]

  await openChatWith(a.page, bob!)
  await sendText(a.page, '给你发段语音')
  await openChatWith(b.page, alice!)

  await visible(a.page, 'tool-voice').click()
  await expect(visible(a.page, 'voice-bar')).toHaveAttribute('data-state', 'recording')
  await expect(visible(a.page, 'voice-timer')).toHaveText('0:01', { timeout: 5_000 })
  await visible(a.page, 'voice-stop').click()
  const sent = voiceRow(messageRows(a.page))
  await expect(sent).toHaveAttribute('data-status', 'success')

  const received = voiceRow(messageRows(b.page))
  await expect(received).toHaveCount(1)
  expect(await menuAction(b.page, received, 'voiceToText')).toBe('转文字')
  // The stand-in provider (test/support/language-provider.mjs) answers with the audio's size and format.
  const panel = received.locator('[data-testid="msg-panel-voice"]')
  await expect(panel).toHaveAttribute('data-status', 'done')
  await expect(panel).toHaveText(/^语音内容 [1-9]\d* 字节 \w+$/)
  // The same entry now hides the text again.
  expect(await menuAction(b.page, received, 'voiceToText')).toBe('隐藏')
  await expect(panel).toHaveCount(0)

  // The sender can convert their own message too, from the hover action.
  await quickAction(sent, 'voice')
  await expect(sent.locator('[data-testid="msg-panel-voice"]')).toHaveText(/^语音内容 [1-9]\d* 字节 \w+$/)
})
