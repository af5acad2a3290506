import { expect, test } from '@playwright/test'
import { closeAll, openChatWith, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { recordToasts } from '../support/ui'
import { callCards, callScreen, expectFramesDecoded, expectLayout, expectLiveVideo, placeCall, press, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

test('a one-to-one video call: invitation, accept, live video both ways, mute and camera off, minimise, hang up, duration cards', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await placeCall(a, bob, 'video')
  await expectLayout(a.page, 'dialing-c2c')
  await expect(visible(a.page, 'call-waiting')).toContainText('等待对方接受邀请')
  // Only hang up while dialing.
  await expect(visible(a.page, 'call-btn-hangup')).toBeVisible()
  await expect(visible(a.page, 'call-btn-accept')).toHaveCount(0)

  await expectLayout(b.page, 'be-invited')
  await expect(visible(b.page, 'call-waiting-name')).toHaveText(alice.nickName)
  await expect(visible(b.page, 'call-waiting')).toContainText('邀请你进行视频通话')
  await expect(visible(b.page, 'call-btn-reject')).toBeVisible()
  await press(b.page, 'accept')

  await expectLayout(a.page, 'calling-c2c-video')
  await expectLayout(b.page, 'calling-c2c-video')
  await expectLiveVideo(a.page, bob.wtId)
  await expectLiveVideo(b.page, alice.wtId)
  // The two pictures are Tab stops that swap places: each has a name saying whose it is.
  await expect(visible(a.page, 'call-big')).toHaveAttribute('aria-label', '对方的大画面')
  await expect(visible(a.page, 'call-small')).toHaveAttribute('aria-label', '我的小画面，点按换成大画面')
  await expect(visible(a.page, 'call-timer')).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 })
  await expect(visible(b.page, 'call-timer')).toHaveText(/^00:00:0[1-9]$/)
  await expectFramesDecoded(a.page, 1)
  await expectFramesDecoded(b.page, 1)

  // Alice mutes and turns her camera off; Bob's screen shows both.
  // An empty marker element: present, not painted.
  const peerState = b.page.locator('[data-testid="call-peer-state"]')
  await expect(peerState).toHaveAttribute('data-audio', 'true')
  await press(a.page, 'microphone')
  await expect(visible(a.page, 'call-btn-microphone')).toHaveAttribute('data-appearance', 'closed')
  await expect(peerState).toHaveAttribute('data-audio', 'false')
  await press(a.page, 'camera')
  await expect(visible(a.page, 'call-btn-camera')).toHaveAttribute('data-appearance', 'closed')
  await expect(peerState).toHaveAttribute('data-video', 'false')
  await expect(b.page.locator(`[data-testid="call-video-off"][data-user="${alice.wtId}"]`).filter({ visible: true })).toHaveCount(1)

  // Minimise to the floating window, where the timer keeps running, and restore.
  await visible(a.page, 'call-btn-minimize').click()
  await expect(callScreen(a.page)).toHaveCount(0)
  await expect(visible(a.page, 'call-float-timer')).toHaveText(/^00:00:\d\d$/)
  await visible(a.page, 'call-btn-restore').click()
  await expectLayout(a.page, 'calling-c2c-video')

  await press(a.page, 'hangup')
  await expect(callScreen(a.page)).toHaveCount(0)
  await expect(callScreen(b.page)).toHaveCount(0)

  // The length is the server's, from Bob's accept to the hang up: the same, and not zero, on both sides.
  const measured = /^通话时长：00:00:(0[1-9]|[1-5]\d)$/
  await expect(callCards(a.page)).toHaveCount(1)
  await expect(callCards(a.page).first()).toHaveText(measured)
  await openChatWith(b.page, alice)
  await expect(callCards(b.page)).toHaveCount(1)
  await expect(callCards(b.page).first()).toHaveText(measured)
  expect(await callCards(a.page).first().innerText()).toBe(await callCards(b.page).first().innerText())
})

test('a declined call ends on both sides with its toast and cards', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['丙', '丁'])
  const a = await signIn(browser, alice)
  const shownToasts = await recordToasts(a.page)
  await a.page.reload()
  await expect(visible(a.page, 'conv-pane')).toBeVisible()
  const b = await signIn(browser, bob)
  sessions = [a, b]

  await placeCall(a, bob, 'voice')
  await expectLayout(b.page, 'be-invited')
  await expect(visible(b.page, 'call-waiting')).toContainText('邀请你进行语音通话')
  await press(b.page, 'reject')
  await expect(callScreen(b.page)).toHaveCount(0)
  await expect(callScreen(a.page)).toHaveCount(0)
  // A toast's text starts with its type icon.
  await expect.poll(async () => (await shownToasts()).some((t) => t.endsWith('对方已拒绝'))).toBe(true)
  await expect(callCards(a.page)).toHaveText(['对方已拒绝'])
  await openChatWith(b.page, alice)
  await expect(callCards(b.page)).toHaveText(['已拒绝'])
})

test('a call cancelled while ringing ends on both sides with its cards', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['戊', '己'])
  const a = await signIn(browser, alice)
  const b = await signIn(browser, bob)
  sessions = [a, b]

  await placeCall(a, bob, 'video')
  await expectLayout(b.page, 'be-invited')
  await press(a.page, 'hangup')
  await expect(callScreen(a.page)).toHaveCount(0)
  await expect(callScreen(b.page)).toHaveCount(0)
  await expect(callCards(a.page)).toHaveText(['已取消'])
  await openChatWith(b.page, alice)
  await expect(callCards(b.page)).toHaveText(['对方已取消'])
})
