import { expect, test, type Page } from '@playwright/test'
import { closeAll, createGroup, openConversation, registerUsers, signIn, tapTool, visible, type Session } from '../messaging/support'
import { callScreen, expectFramesDecoded, expectLayout, expectLiveVideo, press, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

const phone = { width: 390, height: 844 }
const tile = (page: Page, userId: string) => visible(page, 'call-grid').locator(`[data-testid="call-tile"][data-user="${userId}"]`)

test('a group video call on phones: the picker header cancels, the waiting view counts the people, the compact floating card, a focused tile closes the button panel', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const [owner, b, c] = await registerUsers(request, ['群主', '乙', '丙'])
  const group = await createGroup(request, owner!, [b!, c!], '手机通话群')
  const [so, sb, sc] = await Promise.all([owner!, b!, c!].map((u) => signIn(browser, u, { viewport: phone, beforeLogin: trackPeerConnections })))
  sessions = [so!, sb!, sc!]

  await openConversation(so!.page, group.conversationID)
  await tapTool(so!.page, 'tool-groupCall')
  await visible(so!.page, 'group-call-video').click()
  // The phone's picker has a header that cancels on tap.
  await expect(visible(so!.page, 'call-picker-head')).toBeVisible()
  await visible(so!.page, 'call-picker-head').click()
  await expect(visible(so!.page, 'call-picker')).toHaveCount(0)
  await tapTool(so!.page, 'tool-groupCall')
  await visible(so!.page, 'group-call-video').click()
  const picker = visible(so!.page, 'call-picker')
  await picker.locator(`[data-testid="call-picker-item"][data-id="${b!.wtId}"]`).click()
  await picker.locator(`[data-testid="call-picker-item"][data-id="${c!.wtId}"]`).click()
  await visible(so!.page, 'call-picker-done').click()
  await expectLayout(so!.page, 'dialing-group')

  // B's waiting view on a phone: the caller, then how many are in the call with their avatars.
  await expectLayout(sb!.page, 'be-invited')
  await expect(visible(sb!.page, 'call-waiting-name')).toHaveText(owner!.nickName)
  await expect(visible(sb!.page, 'call-waiting-group')).toContainText('3 人在通话中')
  // The avatars of the others called besides B: C.
  await expect(visible(sb!.page, 'call-waiting-group').locator('.call-waiting__avatars .avatar')).toHaveCount(1)

  // Minimised while still ringing: the compact card says so, without the desktop control panel.
  await visible(sb!.page, 'call-btn-minimize').click()
  await expect(visible(sb!.page, 'call-float')).toHaveClass(/call-float--mobile/)
  await expect(visible(sb!.page, 'call-float-timer')).toHaveText('等待接听')
  await expect(visible(sb!.page, 'call-float-hangup')).toHaveCount(0)
  await visible(sb!.page, 'call-btn-restore').click()
  await expectLayout(sb!.page, 'be-invited')

  await press(sb!.page, 'accept')
  await expectLayout(sc!.page, 'be-invited')
  await press(sc!.page, 'accept')
  for (const s of [so!, sb!, sc!]) await expectLayout(s.page, 'calling-group-video')
  await expect(tile(sb!.page, c!.wtId)).toHaveAttribute('data-entered', 'true', { timeout: 15_000 })
  await expectLiveVideo(sb!.page, owner!.wtId)
  await expectLiveVideo(sb!.page, c!.wtId)
  await expectLiveVideo(so!.page, b!.wtId)
  for (const s of [so!, sb!, sc!]) await expectFramesDecoded(s.page, 2)

  // A tapped tile takes the big place and closes the button panel; tapping it again opens the panel.
  // The small tiles lie under the panel: tap the part of the tile above the buttons.
  await expect(visible(sb!.page, 'call-panel')).toBeVisible()
  await tile(sb!.page, c!.wtId).click({ position: { x: 16, y: 16 } })
  await expect(tile(sb!.page, c!.wtId)).toHaveAttribute('data-big', 'true')
  await expect(visible(sb!.page, 'call-panel')).toHaveCount(0)
  await tile(sb!.page, c!.wtId).click({ position: { x: 16, y: 16 } })
  await expect(visible(sb!.page, 'call-panel')).toBeVisible()

  // Connected and minimised: the card shows the running timer.
  await visible(sb!.page, 'call-btn-minimize').click()
  await expect(visible(sb!.page, 'call-float-timer')).toHaveText(/^\d\d:\d\d:\d\d$/)
  await visible(sb!.page, 'call-btn-restore').click()

  // B and the owner leave; C, left alone, is out of the call too.
  await press(sb!.page, 'hangup')
  await expect(tile(so!.page, b!.wtId)).toHaveCount(0)
  await press(so!.page, 'hangup')
  for (const s of [so!, sb!, sc!]) await expect(callScreen(s.page)).toHaveCount(0)
})
