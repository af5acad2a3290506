import { expect, test, type Page } from '@playwright/test'
import { closeAll, openChatWith, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { recordToasts } from '../support/ui'
import { callCards, callScreen, expectAudioReceived, expectFramesDecoded, expectLayout, expectLiveVideo, placeCall, press, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

/** The widget's public API, as a host page calls it. */
function callApi(page: Page, method: string, arg: unknown): Promise<void> {
  return page.evaluate(
    async ([m, a]) => {
      const kit = (window as unknown as { TUICallKit: Record<string, (x: unknown) => unknown> }).TUICallKit
      await kit[m as string]!(a)
    },
    [method, arg] as const,
  )
}

/** The remote party's audio plays: the hidden element of an audio call advances its clock. */
async function expectLiveAudio(page: Page, userId: string): Promise<void> {
  const media = page.locator(`#call-video-${userId} video`)
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream | null)?.getAudioTracks().length ?? 0), { timeout: 15_000 }).toBeGreaterThan(0)
  const first = await media.evaluate((v: HTMLVideoElement) => v.currentTime)
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(first)
}

test('a one-to-one voice call: the audio layout on both sides, sound both ways, no video, duration cards', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['音', '频'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await placeCall(a, bob, 'voice')
  await expectLayout(a.page, 'dialing-c2c')
  await expectLayout(b.page, 'be-invited')
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-audio')
  await expectLayout(b.page, 'calling-c2c-audio')
  await expect(visible(a.page, 'call-audio')).toBeVisible()
  await expect(visible(b.page, 'call-audio')).toBeVisible()
  await expectLiveAudio(a.page, bob.wtId)
  await expectLiveAudio(b.page, alice.wtId)
  await expect(visible(a.page, 'call-btn-camera')).toHaveCount(0)
  await expect(visible(a.page, 'call-btn-switchToAudio')).toHaveCount(0)
  await expect(visible(a.page, 'call-timer')).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 })
  await expectAudioReceived(a.page, 1)
  await expectAudioReceived(b.page, 1)
  await press(b.page, 'hangup')
  await expect(callScreen(a.page)).toHaveCount(0)
  await expect(callCards(a.page).first()).toHaveText(/^通话时长：00:00:\d\d$/)
})

test('switching a connected video call to audio: both sides show the audio layout and keep talking', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['切', '换'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await placeCall(a, bob, 'video')
  await expectLayout(b.page, 'be-invited')
  await expect(visible(b.page, 'call-btn-switchToAudio')).toHaveCount(0)
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-video')
  await expectLiveVideo(a.page, bob.wtId)
  await expectLiveVideo(b.page, alice.wtId)
  await expectFramesDecoded(a.page, 1)
  await expectFramesDecoded(b.page, 1)

  await press(b.page, 'switchToAudio')
  await expectLayout(b.page, 'calling-c2c-audio')
  await expectLayout(a.page, 'calling-c2c-audio')
  await expect(visible(a.page, 'call-audio')).toBeVisible()
  await expect(visible(b.page, 'call-audio')).toBeVisible()
  await expect(visible(a.page, 'call-btn-switchToAudio')).toHaveCount(0)
  await expect(visible(a.page, 'call-btn-camera')).toHaveCount(0)
  await expectLiveAudio(a.page, bob.wtId)
  await expectLiveAudio(b.page, alice.wtId)
  await expectAudioReceived(a.page, 1)
  await expectAudioReceived(b.page, 1)
  await press(a.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
})

test('line busy: a third user calling someone already on a call gets the busy toast and both busy cards', async ({ browser, request }) => {
  const [alice, bob, carol] = await registerUsers(request, ['忙', '线', '第'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  const c = await signIn(browser, carol)
  const shownToasts = await recordToasts(c.page)
  await c.page.reload()
  await expect(visible(c.page, 'conv-pane')).toBeVisible()
  sessions = [a, b, c]

  await placeCall(a, bob, 'voice')
  await expectLayout(b.page, 'be-invited')
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-audio')
  await expectAudioReceived(a.page, 1)
  await expectAudioReceived(b.page, 1)

  await placeCall(c, bob, 'voice')
  await expect(callScreen(c.page)).toHaveCount(0, { timeout: 15_000 })
  await expect.poll(async () => (await shownToasts()).some((t) => t.endsWith('对方忙线中'))).toBe(true)
  await expect(callCards(c.page)).toHaveText(['对方忙线中'])
  // Bob's call with Alice goes on.
  await expectLayout(b.page, 'calling-c2c-audio')
  await expectLiveAudio(b.page, alice.wtId)
  await expectAudioReceived(b.page, 1)
  await openChatWith(b.page, carol)
  await expect(callCards(b.page)).toHaveText(['忙线未接听'])
  await expectLayout(b.page, 'calling-c2c-audio')
  await press(a.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
})

test('an unanswered call times out on both sides with its cards (a 3 s timeout through the API)', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['超', '时'])
  const a = await signIn(browser, alice)
  const b = await signIn(browser, bob)
  sessions = [a, b]

  await openChatWith(a.page, bob)
  await expect.poll(() => a.page.evaluate(() => !!(window as unknown as { TUICallKit?: object }).TUICallKit)).toBe(true)
  await callApi(a.page, 'call', { userID: bob.wtId, type: 1, timeout: 3 })
  await expectLayout(a.page, 'dialing-c2c')
  await expectLayout(b.page, 'be-invited')
  await expect(callScreen(a.page)).toHaveCount(0, { timeout: 10_000 })
  await expect(callScreen(b.page)).toHaveCount(0, { timeout: 10_000 })
  await expect(callCards(a.page)).toHaveText(['无应答'])
  await openChatWith(b.page, alice)
  await expect(callCards(b.page)).toHaveText(['无应答'])
})

test("setLanguage('ja_JP') turns the widget's texts Japanese", async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['日', '语'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await expect.poll(() => a.page.evaluate(() => !!(window as unknown as { TUICallKit?: object }).TUICallKit)).toBe(true)
  await callApi(a.page, 'setLanguage', 'ja_JP')
  await placeCall(a, bob, 'video')
  await expect(visible(a.page, 'call-waiting')).toContainText('相手の応答を待っています')
  await expectLayout(b.page, 'be-invited')
  // Bob keeps the app's language.
  await expect(visible(b.page, 'call-btn-accept')).toHaveAttribute('aria-label', '接听')
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-video')
  await expectFramesDecoded(a.page, 1)
  await expectFramesDecoded(b.page, 1)
  await expect(visible(a.page, 'call-btn-hangup')).toContainText('切る')
  await expect(visible(a.page, 'call-btn-virtualBackground')).toContainText('背景ぼかし')
  await expect(visible(a.page, 'call-btn-switchToAudio')).toContainText('音声通話に切り替え')
  await callApi(a.page, 'setLanguage', 'en')
  await expect(visible(a.page, 'call-btn-hangup')).toContainText('Hang up')
  await press(a.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
})
