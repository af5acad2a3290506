import { expect, test, type Page } from '@playwright/test'
import { baseURL, closeAll, createGroup, openConversation, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { recordToasts } from '../support/ui'
import { callScreen, expectLayout, press, recordCallStatuses } from './support'
import { ProtocolGroupCall } from './protocolCall'

let sessions: Session[] = []
let call: ProtocolGroupCall | null = null
test.afterEach(async () => {
  call?.close()
  call = null
  await closeAll(sessions)
  sessions = []
})

/** The widget's public API, as a host page calls it. */
async function setWidgetLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate(async (l) => {
    const kit = (window as unknown as { TUICallKit: { setLanguage(l: string): Promise<void> } }).TUICallKit
    await kit.setLanguage(l)
  }, language)
}

test('a tenth person is refused: nine are in the group call, the banner shows 9, joining gives the cap toast and no call; with 8 in, joining works', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const users = await registerUsers(request, ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'])
  const tenth = users[9]!
  const group = await createGroup(request, users[0]!, users.slice(1), '满员群')
  // Nine members in the call, none of them in a browser: the first invites eight, who accept.
  call = await ProtocolGroupCall.start(baseURL(), group.txGroupid, users.slice(0, 9))
  expect(call.members).toHaveLength(9)

  const t = await signIn(browser, tenth)
  sessions = [t]
  const shownToasts = await recordToasts(t.page)
  const shownStatuses = await recordCallStatuses(t.page)
  await t.page.reload()
  await expect(visible(t.page, 'conv-pane')).toBeVisible()

  await openConversation(t.page, group.conversationID)
  const banner = visible(t.page, 'call-banner')
  await expect(banner).toHaveAttribute('data-count', '9', { timeout: 15_000 })
  await expect(banner).toContainText('9')
  await visible(t.page, 'call-banner-toggle').click()
  await expect(banner.locator('[data-testid="call-banner-avatar"]')).toHaveCount(9)
  await visible(t.page, 'call-banner-join').click()
  // A toast's text starts with its type icon; the widget speaks the app's Chinese until told otherwise.
  await expect.poll(async () => (await shownToasts()).some((s) => s.endsWith('最多支持 9 人同时通话'))).toBe(true)
  await expect(callScreen(t.page)).toHaveCount(0)
  await expect(banner).toHaveAttribute('data-count', '9')

  // In the widget's language of the moment.
  await setWidgetLanguage(t.page, 'en')
  await visible(t.page, 'call-banner-join').click()
  await expect.poll(async () => (await shownToasts()).some((s) => s.endsWith('Supports a maximum of 9 people for simultaneous calls'))).toBe(true)
  await expect(callScreen(t.page)).toHaveCount(0)
  // Not even for a moment: the status never left idle.
  expect(await shownStatuses()).toEqual([])
  expect(call.errors).toEqual([])

  // One leaves: with eight in, the same press joins.
  await call.leave(users[8]!)
  await expect(banner).toHaveAttribute('data-count', '8', { timeout: 15_000 })
  await expect(banner.locator('[data-testid="call-banner-avatar"]')).toHaveCount(8)
  await visible(t.page, 'call-banner-join').click()
  await expectLayout(t.page, 'calling-group-audio')
  await expect(visible(t.page, 'call-grid')).toHaveAttribute('data-count', '9')
  await press(t.page, 'hangup')
  await expect(callScreen(t.page)).toHaveCount(0)
})
