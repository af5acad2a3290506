import { expect, test, type Page } from '@playwright/test'
import { closeAll, createGroup, openConversation, registerUsers, signIn, tapTool, visible, type Session } from '../messaging/support'
import { expectLayout, expectLiveVideo, press, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

const tile = (page: Page, userId: string) => visible(page, 'call-grid').locator(`[data-testid="call-tile"][data-user="${userId}"]`)

// Through Janus every subscription holds a line for each ringing invitee; one who declines and
// joins later from the banner publishes anew, and Janus may give the new publication the lines it
// held before. Those lines were receiving already, so the browser gets no new track for them.
test('a member who declines and then joins from the banner is seen by everyone already in the call', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const [owner, b, c] = await registerUsers(request, ['先', '接', '拒'])
  const group = await createGroup(request, owner!, [b!, c!], '拒后加入群')
  for (const u of [owner!, b!, c!]) sessions.push(await signIn(browser, u, { beforeLogin: trackPeerConnections }))
  const [so, sb, sc] = sessions

  await openConversation(so!.page, group.conversationID)
  await tapTool(so!.page, 'tool-groupCall')
  await visible(so!.page, 'group-call-video').click()
  const picker = visible(so!.page, 'call-picker')
  for (const u of [b!, c!]) await picker.locator(`[data-testid="call-picker-item"][data-id="${u.wtId}"]`).click()
  await visible(so!.page, 'call-picker-done').click()
  for (const s of [sb!, sc!]) await expectLayout(s.page, 'be-invited')

  await press(sb!.page, 'accept')
  await press(sc!.page, 'reject')
  await expect(visible(sc!.page, 'call-screen')).toHaveCount(0)
  await expectLiveVideo(so!.page, b!.wtId)
  await expectLiveVideo(sb!.page, owner!.wtId)

  await openConversation(sc!.page, group.conversationID)
  await expect(visible(sc!.page, 'call-banner')).toHaveAttribute('data-count', '2', { timeout: 15_000 })
  await visible(sc!.page, 'call-banner-toggle').click()
  await visible(sc!.page, 'call-banner-join').click()
  await expectLayout(sc!.page, 'calling-group-video')
  for (const s of [so!, sb!]) {
    await expect(tile(s.page, c!.wtId)).toHaveAttribute('data-entered', 'true', { timeout: 15_000 })
    await expectLiveVideo(s.page, c!.wtId)
  }
  await expectLiveVideo(sc!.page, owner!.wtId)
  await expectLiveVideo(sc!.page, b!.wtId)
  for (const s of [so!, sb!]) await press(s.page, 'hangup')
  // Left alone, the last one's call ends by itself.
  await expect(visible(sc!.page, 'call-screen')).toHaveCount(0, { timeout: 15_000 })
})
