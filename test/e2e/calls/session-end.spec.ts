import { expect, test } from '@playwright/test'
import { closeAll, openChatWith, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { apiPost, logoutViaMenu } from '../support/accounts'
import { expectPath, expectToast } from '../support/ui'
import { callCards, callScreen, connectVideoCall, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

/** A and B in a connected video call, media flowing both ways. */
async function connectedCall(request: Parameters<typeof registerUsers>[0], browser: Parameters<typeof signIn>[0]) {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await signIn(browser, alice!, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob!, { beforeLogin: trackPeerConnections })
  sessions = [a, b]
  await connectVideoCall(a, b)
  return { alice: alice!, bob: bob!, a, b }
}

test("kicked out mid-call: the 'kick out' tip (你已被踢下线) and a reset on that side, and the other side's call ends at once with its duration card", async ({ browser, request }) => {
  const { alice, a, b } = await connectedCall(request, browser)

  // Alice logs out on every device from elsewhere: the server ends this browser's session.
  const answer = await apiPost(request, '/api/user/security/logoutAll', {}, alice.login.token)
  expect(answer.code).toBe(200)

  await expectToast(a.page, '你已被踢下线')
  await expectToast(a.page, '你已在所有设备上退出登录')
  await expect(callScreen(a.page)).toHaveCount(0)
  await expect(a.page.locator('[data-testid="call-float"]').filter({ visible: true })).toHaveCount(0)
  await expectPath(a.page, '/login')
  // The camera is released: no live local track is left in the page.
  await expect.poll(() => a.page.evaluate(() => [...document.querySelectorAll('video')].some((v) => (v.srcObject as MediaStream | null)?.getTracks().some((t) => t.readyState === 'live')))).toBe(false)

  // Bob's call ends through the record the server wrote in Alice's name, well before a media timeout.
  await expect(callScreen(b.page)).toHaveCount(0, { timeout: 5_000 })
  await openChatWith(b.page, alice)
  await expect(callCards(b.page).last()).toHaveText(/^通话时长：00:00:\d\d$/)
})

test('logging out mid-call hangs the call up first: the other side sees the duration card', async ({ browser, request }) => {
  const { alice, a, b } = await connectedCall(request, browser)

  // The call screen covers the app; minimise it to reach the settings menu.
  await visible(a.page, 'call-btn-minimize').click()
  await logoutViaMenu(a.page)

  await expect(callScreen(b.page)).toHaveCount(0, { timeout: 5_000 })
  await openChatWith(b.page, alice)
  await expect(callCards(b.page).last()).toHaveText(/^通话时长：00:00:\d\d$/)
})
