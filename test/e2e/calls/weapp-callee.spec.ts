import { expect, test } from '@playwright/test'
import WebSocket from 'ws'
import { befriend, closeAll, registerUsers, signIn, visible, type ChatUser, type Session } from '../messaging/support'
import { callScreen, expectLayout, placeCall } from './support'

/**
 * An H5 caller and a callee whose only open client is the mini-program, on the suite's server
 * (no TRTC application). The callee's side is a /ws/{token} client speaking as the compiled
 * mini-program's call engine does when it rings without a media path (test/weapp/ring.test.ts
 * checks the compiled mini-program itself sends this): it answers an invite with the `rtc`
 * frame `cannotAnswer`. The caller sees the plain state within 3 s, not a silent timeout.
 */

interface Frame {
  type: string
  frames?: Frame[]
  message?: { from?: string; type?: string; payload?: { data?: string } }
}
const flatten = (f: Frame): Frame[] => (f.type === 'batch' ? (f.frames ?? []).flatMap(flatten) : [f])

/** The mini-program's socket as its call engine answers a ring it cannot carry. */
function miniProgramCallee(baseURL: string, user: ChatUser): { ready: Promise<void>; rang: Promise<string>; close(): void } {
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws/${user.login.token}`)
  let hello: () => void = () => undefined
  let rang: (inviteID: string) => void = () => undefined
  const ready = new Promise<void>((resolve) => (hello = resolve))
  const ringing = new Promise<string>((resolve) => (rang = resolve))
  ws.on('message', (data) => {
    for (const frame of flatten(JSON.parse(String(data)) as Frame)) {
      if (frame.type === 'hello') hello()
      if (frame.type !== 'msg' || frame.message?.type !== 'TIMCustomElem') continue
      const signal = JSON.parse(frame.message.payload?.data ?? '{}') as { inviteID?: string; actionType?: number; inviter?: string; inviteeList?: string[] }
      if (signal.actionType !== 1 || !signal.inviteID || !signal.inviter || !signal.inviteeList?.includes(user.wtId)) continue
      ws.send(JSON.stringify({ type: 'rtc', inviteID: signal.inviteID, to: signal.inviter, payload: { kind: 'cannotAnswer', reason: 'noMediaPath' } }))
      rang(signal.inviteID)
    }
  })
  return { ready, rang: ringing, close: () => ws.close() }
}

let sessions: Session[] = []
let callee: ReturnType<typeof miniProgramCallee> | null = null
test.afterEach(async () => {
  callee?.close()
  callee = null
  await closeAll(sessions)
  sessions = []
})

test('calling a user who has only the mini-program open, without TRTC: the caller is told within 3 s', async ({ browser, request, baseURL }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  await befriend(request, alice, bob)
  callee = miniProgramCallee(baseURL!, bob)
  await callee.ready
  const a = await signIn(browser, alice)
  sessions = [a]

  await placeCall(a, bob, 'voice')
  await expectLayout(a.page, 'dialing-c2c')
  await callee.rang
  const asked = Date.now()
  await expect(visible(a.page, 'call-tip')).toContainText('对方暂时无法在小程序接听', { timeout: 3_000 })
  expect(Date.now() - asked).toBeLessThan(3_000)
  // Still ringing the callee's other devices: the caller may wait or hang up.
  await expect(callScreen(a.page)).toHaveAttribute('data-layout', 'dialing-c2c')
  await expect(visible(a.page, 'call-btn-hangup')).toBeVisible()

  // At 1280x800 the tip lies under 等待对方接受邀请, not over it; the microphone's device list does
  // not open over it on hover while the call rings.
  await a.page.setViewportSize({ width: 1280, height: 800 })
  const hint = a.page.locator('.call-waiting__hint').filter({ visible: true })
  await expect(hint).toHaveText('等待对方接受邀请')
  const h = (await hint.boundingBox())!
  const tip = (await visible(a.page, 'call-tip').boundingBox())!
  expect(tip.y, 'the tip starts below the waiting hint').toBeGreaterThanOrEqual(h.y + h.height)
  await visible(a.page, 'call-btn-microphone').hover()
  await a.page.waitForTimeout(400)
  await expect(visible(a.page, 'call-devices-microphone')).toHaveCount(0)
  await a.page.screenshot({ path: 'test-results/e2e/regressions/second-trial-call-dialing-desktop.png' })
  await a.page.setViewportSize({ width: 390, height: 844 })
  await expect(visible(a.page, 'call-tip')).toBeVisible()
  await a.page.screenshot({ path: 'test-results/e2e/regressions/second-trial-call-dialing-phone.png' })
})
