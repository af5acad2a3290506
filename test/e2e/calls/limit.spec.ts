import { expect, test } from '@playwright/test'
import { closeAll, registerUsers, signIn, tapTool, visible, type Session } from '../messaging/support'
import { apiPost } from '../support/accounts'
import { useOwnServer } from '../support/ownServer'
import { placeCall } from './support'

/**
 * The cap is reached on a server of this spec's own with a three-second daily allowance; the
 * suite's server keeps the configured 30 minutes, so no other call is cut at its first heartbeat.
 */
const own = useOwnServer('limit', { CALL_DAILY_LIMIT_SECONDS: '3' })
let sessions: Session[] = []

test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

test("a non-member at today's call-time cap gets the membership dialog instead of a call", async ({ browser }) => {
  const request = own.request
  const [alice, bob] = await registerUsers(request, ['庚', '辛'])
  // Alice uses up her three seconds with a call reported through the API.
  const started = await apiPost<{ callId: number }>(request, '/api/media/call', { acceptWtId: bob.wtId, callType: 2 }, alice.login.token)
  expect(started.code, started.msg).toBe(200)
  await new Promise((r) => setTimeout(r, 3500))
  expect((await apiPost(request, '/api/media/exitCall', { callId: started.data.callId }, alice.login.token)).code).toBe(200)

  const a = await signIn(browser, alice, { baseURL: own.url })
  sessions = [a]
  await placeCall(a, bob, 'video')
  const dialog = visible(a.page, 'call-limit-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('开通会员提示')
  await expect(visible(a.page, 'call-limit-text')).toHaveText('今日通话时长已达上限，请开通会员解锁')
  await expect(visible(a.page, 'call-screen')).toHaveCount(0)

  await visible(a.page, 'call-limit-dismiss').click()
  await expect(dialog).toHaveCount(0)

  // The call button ignores presses within 500 ms of the last one.
  await a.page.waitForTimeout(600)
  await tapTool(a.page, 'tool-videoCall')
  await expect(dialog).toBeVisible()
  await visible(a.page, 'call-limit-open').click()
  await expect(a.page).toHaveURL(/\/member$/)
})
