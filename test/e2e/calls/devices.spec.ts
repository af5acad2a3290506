import { expect, test } from '@playwright/test'
import { closeAll, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { callScreen, connectVideoCall, expectFramesDecoded, expectLiveVideo, press, pressDisabled, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

test('device popovers on hover with a 1000 ms close delay, the resolution selector, full screen; switch camera on a phone', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['设', '备'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { viewport: { width: 390, height: 844 }, beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await connectVideoCall(a, b)

  // Hovering the camera button shows the cameras; the popover outlives the pointer by a second.
  await visible(a.page, 'call-btn-camera').hover()
  const cameras = visible(a.page, 'call-devices-camera')
  await expect(cameras.locator('[data-testid="call-device-item"]').first()).toBeVisible()
  await expect(cameras.locator('[data-testid="call-device-item"][data-current="true"]')).toHaveCount(1)
  // Timed in the page, from the pointer leaving the button to the popover leaving the DOM, so a
  // busy machine cannot stretch or shrink the measured delay.
  await a.page.evaluate(() => {
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null
    // The popover watches the pointer on the wrapper of the button and the popover.
    const button = [...document.querySelectorAll('[id="call-device-camera"]')].find(shown)!
    const times = { left: 0, gone: 0 }
    ;(window as unknown as { popoverTimes: typeof times }).popoverTimes = times
    button.addEventListener('mouseleave', () => (times.left = performance.now()), { once: true })
    const observer = new MutationObserver(() => {
      if (times.left && !document.querySelector('[data-testid="call-devices-camera"]')) {
        times.gone = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  await visible(a.page, 'call-timer').hover()
  await expect(cameras).toHaveCount(0, { timeout: 5000 })
  const times = await a.page.evaluate(() => (window as unknown as { popoverTimes: { left: number; gone: number } }).popoverTimes)
  expect(times.left).toBeGreaterThan(0)
  expect(times.gone - times.left).toBeGreaterThanOrEqual(990)
  // Moving from the button into the popover keeps it open.
  await visible(a.page, 'call-btn-microphone').hover()
  const mics = visible(a.page, 'call-devices-microphone')
  await expect(mics.locator('[data-testid="call-device-item"]').first()).toBeVisible()
  await mics.locator('[data-testid="call-device-item"]').first().hover()
  await a.page.waitForTimeout(1200)
  await expect(mics).toBeVisible()
  await mics.locator('[data-testid="call-device-item"]').first().click()
  await expect(mics.locator('[data-testid="call-device-item"]').first()).toHaveAttribute('data-current', 'true')
  await expect(visible(a.page, 'call-btn-speaker')).toBeVisible()

  // The resolution selector changes what the camera captures, and the peer receives it.
  await visible(a.page, 'call-btn-camera').hover()
  await visible(a.page, 'call-resolution-720p').click()
  await expect(visible(a.page, 'call-resolution-720p')).toHaveAttribute('data-current', 'true')
  // The sending camera track now asks for 1280x720 (one fake camera is shared by both browsers
  // here, so it keeps capturing the size the other opened it at), and the peer still gets video.
  const constraints = () => a.page.locator(`#call-video-${alice.wtId} video`).evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getVideoTracks()[0]!.getConstraints())
  await expect.poll(constraints).toMatchObject({ width: 1280, height: 720 })
  await expectLiveVideo(b.page, alice.wtId)
  await expectFramesDecoded(b.page, 1)

  // Full screen on desktop, and back.
  await visible(a.page, 'call-btn-fullScreen').click()
  await expect.poll(() => a.page.evaluate(() => document.fullscreenElement?.id ?? '')).toBe('call-screen-root')
  await visible(a.page, 'call-btn-fullScreen').click()
  await expect.poll(() => a.page.evaluate(() => document.fullscreenElement?.id ?? '')).toBe('')

  // On the phone: no popovers, no full screen; switch camera works only while the camera is on.
  await expect(visible(b.page, 'call-btn-fullScreen')).toHaveCount(0)
  await visible(b.page, 'call-btn-camera').hover()
  await expect(visible(b.page, 'call-devices-camera')).toHaveCount(0)
  await expect(callScreen(b.page)).toHaveAttribute('data-camera', 'front')
  await press(b.page, 'switchCamera')
  await expect(callScreen(b.page)).toHaveAttribute('data-camera', 'back')
  await expectLiveVideo(a.page, bob.wtId)
  await expectFramesDecoded(a.page, 1)
  await press(b.page, 'camera')
  await expect(visible(b.page, 'call-btn-switchCamera')).toHaveAttribute('data-appearance', 'disabled')
  await pressDisabled(b.page, 'switchCamera')
  await expect(callScreen(b.page)).toHaveAttribute('data-camera', 'back')

  await press(a.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
})
