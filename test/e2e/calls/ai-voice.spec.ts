import { expect, test, type BrowserContext } from '@playwright/test'
import { closeAll, registerUsers, signIn, type Session } from '../messaging/support'
import { callApi, receivedAudio, recordMedia, sentAudio, waitForCallApi } from './hostPage'
import { callScreen, expectLayout, placeCall, press } from './support'

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

/** The peer keeps receiving sound: packets and audio energy both rise on its link. */
async function expectSoundArriving(session: Session): Promise<void> {
  const first = await receivedAudio(session.page)
  await expect.poll(async () => (await receivedAudio(session.page)).packets, { timeout: 10_000 }).toBeGreaterThan(first.packets + 20)
  await expect.poll(async () => (await receivedAudio(session.page)).energy, { timeout: 10_000 }).toBeGreaterThan(first.energy)
}

test('enableAIVoice: the caller sends the RNNoise-processed microphone, the peer still hears it, and toggling mid-call swaps the sent track', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['降噪', '听众'])
  const a = await signIn(browser, alice!, { beforeLogin: (c: BrowserContext) => recordMedia(c) })
  const b = await signIn(browser, bob!, { beforeLogin: (c: BrowserContext) => recordMedia(c) })
  sessions = [a, b]
  // The model comes from this server's own build, never from another origin.
  const assets: string[] = []
  a.page.on('response', (r) => {
    if (r.url().includes('/noise-suppressor/')) assets.push(`${r.status()} ${new URL(r.url()).origin === new URL(a.page.url()).origin ? 'own' : 'foreign'} ${new URL(r.url()).pathname}`)
  })
  await waitForCallApi(a.page)
  await callApi(a.page, 'enableAIVoice', true)

  await placeCall(a, bob!, 'voice')
  await expectLayout(b.page, 'be-invited')
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-audio')

  // What alice sends is not the captured microphone but the processed track.
  await expect.poll(async () => (await sentAudio(a.page)).isCaptured, { timeout: 15_000 }).toBe(false)
  const processed = await sentAudio(a.page)
  expect(processed.sending).toBe(true)
  expect(processed.label).not.toBe(processed.capturedLabel)
  expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/^200 own \/noise-suppressor\/rnnoise(_simd)?\.wasm$/)]))
  // Bob's side sends its microphone as captured: AI voice is a per-device choice.
  expect((await sentAudio(b.page)).isCaptured).toBe(true)
  await expectSoundArriving(b)
  const player = b.page.locator(`#call-video-${alice!.wtId} video`)
  const t0 = await player.evaluate((v: HTMLVideoElement) => v.currentTime)
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0)

  // Off mid-call: the plain microphone goes back on the link; on again: processed again.
  await callApi(a.page, 'enableAIVoice', false)
  expect(await sentAudio(a.page)).toMatchObject({ sending: true, isCaptured: true })
  await expectSoundArriving(b)
  await callApi(a.page, 'enableAIVoice', true)
  expect(await sentAudio(a.page)).toMatchObject({ sending: true, isCaptured: false })
  await expectSoundArriving(b)

  // Muting the processed microphone is seen by the peer, and unmuting brings the sound back.
  await press(a.page, 'microphone')
  await expect.poll(() => a.page.evaluate(() => (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.at(-1)!.getSenders().find((s) => s.track?.kind === 'audio')!.track!.enabled)).toBe(false)
  await press(a.page, 'microphone')
  await expectSoundArriving(b)

  await press(a.page, 'hangup')
  await expect(callScreen(b.page)).toHaveCount(0)
})
