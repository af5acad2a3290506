import { expect, test, type Page } from '@playwright/test'
import { closeAll, registerUsers, signIn, visible, type Session } from '../messaging/support'
import { connectVideoCall, expectFramesDecoded, expectLiveVideo, press, pressDisabled, trackPeerConnections } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

/** Mean horizontal pixel difference of a user's video as shown on `page`: a blurred picture has far less of it. */
function sharpness(page: Page, userId: string): Promise<number> {
  return page.locator(`#call-video-${userId} video`).evaluate((v: HTMLVideoElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = v.videoWidth
    canvas.height = v.videoHeight
    const ctx = canvas.getContext('2d')!
    ctx.drawImage(v, 0, 0)
    const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height)
    let sum = 0
    for (let y = 0; y < height; y += 2) {
      for (let x = 1; x < width; x++) {
        const i = (y * width + x) * 4
        sum += Math.abs(data[i]! - data[i - 4]!) + Math.abs(data[i + 1]! - data[i - 3]!) + Math.abs(data[i + 2]! - data[i - 2]!)
      }
    }
    return sum / ((height / 2) * (width - 1))
  })
}

/**
 * The camera's sharpness once the link has settled: a new link starts at a low bitrate, whose
 * first pictures are softer, so the best of three seconds of samples is the reference.
 */
async function settledSharpness(page: Page, userId: string): Promise<number> {
  let best = 0
  for (let i = 0; i < 10; i++) {
    best = Math.max(best, await sharpness(page, userId))
    await page.waitForTimeout(300)
  }
  return best
}

/** What the local preview plays: the camera's track or the blur canvas's. */
function localTrackKind(page: Page, userId: string): Promise<string> {
  return page.locator(`#call-video-${userId} video`).evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getVideoTracks()[0]!.constructor.name)
}

test('background blur: the sent video is blurred and keeps flowing, the button is disabled with the camera off, and blur off restores the camera', async ({ browser, request }) => {
  // Two calls' worth of video with the segmentation model running on the CPU: on a busy two-core
  // machine the steps take their time, each still held to its own limit.
  test.setTimeout(120_000)
  const [alice, bob] = await registerUsers(request, ['虚', '化'])
  const a = await signIn(browser, alice, { beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await connectVideoCall(a, b)
  await expect(visible(a.page, 'call-btn-virtualBackground')).toHaveAttribute('data-appearance', 'closed')
  // Off, the button looks like an idle one (the dim circle), not the lit white circle of blur on.
  const circle = () => visible(a.page, 'call-btn-virtualBackground').locator('.call-btn__icon').evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(await circle()).not.toBe('rgb(255, 255, 255)')
  await a.page.screenshot({ path: 'test-results/e2e/regressions/second-trial-blur-off-desktop.png' })
  expect(await localTrackKind(a.page, alice.wtId)).toBe('MediaStreamTrack')
  const sharp = await settledSharpness(b.page, alice.wtId)
  expect(sharp).toBeGreaterThan(0)

  await press(a.page, 'virtualBackground')
  await expect(visible(a.page, 'call-btn-virtualBackground')).toHaveAttribute('data-appearance', 'basic', { timeout: 20_000 })
  expect(await circle()).toBe('rgb(255, 255, 255)')
  await expect.poll(() => localTrackKind(a.page, alice.wtId)).toBe('CanvasCaptureMediaStreamTrack')
  // Bob receives the blurred picture: far smoother than the camera's, and still moving.
  await expect.poll(() => sharpness(b.page, alice.wtId), { timeout: 15_000 }).toBeLessThan(sharp * 0.6)
  await expectLiveVideo(b.page, alice.wtId)
  await expectFramesDecoded(b.page, 1)

  await press(a.page, 'camera')
  await expect(visible(a.page, 'call-btn-virtualBackground')).toHaveAttribute('data-appearance', 'disabled')
  await pressDisabled(a.page, 'virtualBackground')
  await expect(visible(a.page, 'call-btn-virtualBackground')).toHaveAttribute('data-appearance', 'disabled')
  await press(a.page, 'camera')
  await expect(visible(a.page, 'call-btn-virtualBackground')).toHaveAttribute('data-appearance', 'basic')

  await press(a.page, 'virtualBackground')
  await expect(visible(a.page, 'call-btn-virtualBackground')).toHaveAttribute('data-appearance', 'closed')
  await expect.poll(() => localTrackKind(a.page, alice.wtId)).toBe('MediaStreamTrack')
  await expect.poll(() => sharpness(b.page, alice.wtId), { timeout: 15_000 }).toBeGreaterThan(sharp * 0.8)
  await expectLiveVideo(b.page, alice.wtId)
  await expectFramesDecoded(b.page, 1)

  await press(a.page, 'hangup')
  await expect(visible(b.page, 'call-screen')).toHaveCount(0)
})
