import { readFile } from 'node:fs/promises'
import type { Locator } from '@playwright/test'
import { inputByTestId } from '../support/ui'
import {
  conversationRow,
  expect,
  messageRows,
  openChatWith,
  pickFiles,
  pngImage,
  registerUsers,
  sendText,
  test,
  visible,
  webmClip,
} from './support'

const ofType = (rows: Locator, type: string) => rows.and(rows.page().locator(`[data-type="${type}"]`))

const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)

test('images arrive, and the preview zooms, rotates, counts and pages through them', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  const red = pngImage(240, 160, [230, 60, 60], [250, 220, 220])
  const blue = pngImage(120, 200, [40, 90, 220], [210, 225, 250])
  await pickFiles(a.page, 'image', [{ name: '红色.png', mimeType: 'image/png', buffer: red }])
  const sentImages = ofType(messageRows(a.page), 'TIMImageElem')
  await expect(sentImages).toHaveCount(1)
  await expect(sentImages.first()).toHaveAttribute('data-status', 'success')
  await pickFiles(a.page, 'image', [{ name: '蓝色.png', mimeType: 'image/png', buffer: blue }])
  await expect(sentImages).toHaveCount(2)
  await expect(sentImages.nth(1)).toHaveAttribute('data-status', 'success')

  await expect(conversationRow(b.page, `C2C${alice.wtId}`).locator('[data-testid="conv-row-summary"]')).toHaveText('[图片]')
  await openChatWith(b.page, alice)
  const images = ofType(messageRows(b.page), 'TIMImageElem')
  await expect(images).toHaveCount(2)
  for (const i of [0, 1]) {
    const img = images.nth(i).locator('[data-testid="msg-image"] img')
    await expect.poll(() => loaded(img), { message: `image ${i + 1} loaded from the server` }).toBe(true)
  }
  // The bubble keeps the picture's proportions: the red one is wider than high, the blue one higher than wide.
  const redBox = (await images.nth(0).locator('[data-testid="msg-image"]').boundingBox())!
  const blueBox = (await images.nth(1).locator('[data-testid="msg-image"]').boundingBox())!
  expect(redBox.width).toBeGreaterThan(redBox.height)
  expect(blueBox.height).toBeGreaterThan(blueBox.width)

  await images.nth(1).locator('[data-testid="msg-image"]').click()
  const preview = visible(b.page, 'preview')
  await expect(preview).toBeVisible()
  const counter = visible(b.page, 'preview-counter')
  const picture = visible(b.page, 'preview-image')
  await expect(counter).toHaveText('2 / 2')
  await expect(picture).toHaveAttribute('data-scale', '1')

  await visible(b.page, 'preview-zoom-in').click()
  await expect(picture).toHaveAttribute('data-scale', '1.1')
  await visible(b.page, 'preview-zoom-in').click()
  await expect(picture).toHaveAttribute('data-scale', '1.2')
  for (let i = 0; i < 3; i++) await visible(b.page, 'preview-zoom-out').click()
  await expect(picture).toHaveAttribute('data-scale', '0.9')
  await visible(b.page, 'preview-rotate').click()
  await expect(picture).toHaveAttribute('data-rotate', '90')
  await expect.poll(() => picture.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none')

  // Navigating resets zoom and rotation.
  await expect(visible(b.page, 'preview-next')).toHaveCount(0)
  await visible(b.page, 'preview-prev').click()
  await expect(counter).toHaveText('1 / 2')
  await expect(picture).toHaveAttribute('data-scale', '1')
  await expect(picture).toHaveAttribute('data-rotate', '0')
  await expect(visible(b.page, 'preview-prev')).toHaveCount(0)
  await visible(b.page, 'preview-next').click()
  await expect(counter).toHaveText('2 / 2')

  // The wheel zooms too, within the spec's 0.125-4.
  await picture.hover()
  for (let i = 0; i < 30; i++) await b.page.mouse.wheel(0, -200)
  await expect.poll(async () => Number(await picture.getAttribute('data-scale'))).toBe(4)

  await visible(b.page, 'preview-close').click()
  await expect(preview).toHaveCount(0)
  await images.nth(0).locator('[data-testid="msg-image"]').click()
  await expect(visible(b.page, 'preview-counter')).toHaveText('1 / 2')
  await b.page.keyboard.press('Escape')
  await expect(visible(b.page, 'preview')).toHaveCount(0)
})

test('a file arrives with its name and size and downloads with the same bytes', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  const content = Buffer.from('会议纪要\n'.repeat(200), 'utf8')
  await openChatWith(a.page, bob)
  await pickFiles(a.page, 'file', [{ name: '会议纪要.txt', mimeType: 'text/plain', buffer: content }])
  const sent = ofType(messageRows(a.page), 'TIMFileElem')
  await expect(sent).toHaveAttribute('data-status', 'success')

  await expect(conversationRow(b.page, `C2C${alice.wtId}`).locator('[data-testid="conv-row-summary"]')).toHaveText('[文件] 会议纪要.txt')
  await openChatWith(b.page, alice)
  const file = ofType(messageRows(b.page), 'TIMFileElem').locator('[data-testid="msg-file"]')
  await expect(file).toContainText('会议纪要.txt')
  await expect(file).toContainText(`${(content.length / 1024).toFixed(2)} Kb`)

  const download = b.page.waitForEvent('download')
  await file.click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('会议纪要.txt')
  expect((await readFile(await saved.path())).equals(content)).toBe(true)
})

test('a voice message recorded from the microphone plays on the other side', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await sendText(a.page, '听语音')
  await openChatWith(b.page, alice)

  // The timer shows at least 2 s before stopping; the recording cannot be longer than the time
  // between pressing the voice button and the stop button having been clicked.
  const pressed = Date.now()
  await visible(a.page, 'tool-voice').click()
  await expect(visible(a.page, 'voice-bar')).toHaveAttribute('data-state', 'recording')
  await expect(visible(a.page, 'voice-timer')).toHaveText('0:02', { timeout: 5_000 })
  await visible(a.page, 'voice-stop').click()
  const longest = Math.ceil((Date.now() - pressed) / 1000)
  await expect(visible(a.page, 'voice-bar')).toHaveCount(0)
  const seconds = async (bubble: Locator) => Number((await bubble.innerText()).replace('"', ''))

  const sent = ofType(messageRows(a.page), 'TIMSoundElem')
  await expect(sent).toHaveAttribute('data-status', 'success')
  const sentSeconds = await seconds(sent.locator('[data-testid="msg-audio"]'))
  expect(sentSeconds).toBeGreaterThanOrEqual(2)
  expect(sentSeconds).toBeLessThanOrEqual(longest)

  const received = ofType(messageRows(b.page), 'TIMSoundElem')
  await expect(received).toHaveCount(1)
  await expect(received.locator('[data-testid="msg-audio"]')).toHaveText(`${sentSeconds}"`)
  await expect(received.locator('[data-testid="msg-audio-unplayed"]')).toBeVisible()
  await received.locator('[data-testid="msg-audio"]').click()
  await expect(received.locator('[data-testid="msg-audio-unplayed"]')).toHaveCount(0)
  await expect(received.locator('[data-testid="msg-audio"]')).toHaveAttribute('data-playing', 'true')
})

test('a video arrives and plays', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  const clip = await webmClip(a.page)
  expect(clip.subarray(0, 4).toString('hex')).toBe('1a45dfa3')
  await openChatWith(a.page, bob)
  await pickFiles(a.page, 'video', [{ name: '短片.webm', mimeType: 'video/webm', buffer: clip }])
  const sent = ofType(messageRows(a.page), 'TIMVideoFileElem')
  await expect(sent).toHaveAttribute('data-status', 'success')

  await expect(conversationRow(b.page, `C2C${alice.wtId}`).locator('[data-testid="conv-row-summary"]')).toHaveText('[视频]')
  await openChatWith(b.page, alice)
  const video = ofType(messageRows(b.page), 'TIMVideoFileElem').locator('[data-testid="msg-video"]')
  await expect(video).toBeVisible()
  await video.click()
  await expect(video).toHaveAttribute('data-playing', 'true')
  const player = video.locator('video')
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { message: 'video metadata loaded from the server' }).toBeGreaterThanOrEqual(1)
  expect(await player.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160)
})

test('a place entered by hand arrives as a location card', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  const a = await login(alice)
  const b = await login(bob)

  await openChatWith(a.page, bob)
  await visible(a.page, 'tool-location').click()
  await expect(visible(a.page, 'location-dialog')).toBeVisible()
  await inputByTestId(a.page, 'location-title').fill('人民广场')
  await inputByTestId(a.page, 'location-detail').fill('上海市黄浦区人民大道')
  await inputByTestId(a.page, 'location-lat').fill('31.2304')
  await inputByTestId(a.page, 'location-lng').fill('121.4737')
  await visible(a.page, 'location-send').click()
  await expect(visible(a.page, 'location-dialog')).toHaveCount(0)
  await expect(ofType(messageRows(a.page), 'TIMLocationElem')).toHaveAttribute('data-status', 'success')

  await expect(conversationRow(b.page, `C2C${alice.wtId}`).locator('[data-testid="conv-row-summary"]')).toHaveText('[位置] 人民广场')
  await openChatWith(b.page, alice)
  const card = ofType(messageRows(b.page), 'TIMLocationElem').locator('[data-testid="msg-location"]')
  await expect(card).toContainText('人民广场')
  await expect(card).toContainText('上海市黄浦区人民大道')
})
