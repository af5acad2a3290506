import { expect, type Locator, type Page } from '@playwright/test'
import { openChatWith, visible, type ChatUser, type Session } from '../messaging/support'

/** Helpers of the call tests: the call screen, the media checks and the record cards. */

export function callScreen(page: Page): Locator {
  return visible(page, 'call-screen')
}

export async function expectLayout(page: Page, layout: string): Promise<void> {
  await expect(callScreen(page)).toHaveAttribute('data-layout', layout)
}

export async function press(page: Page, button: string): Promise<void> {
  await visible(page, `call-btn-${button}`).click()
}

/** Opens the chat with `peer` and presses 'Video call' or 'Voice call'. */
export async function placeCall(caller: Session, peer: ChatUser, kind: 'video' | 'voice'): Promise<void> {
  await openChatWith(caller.page, peer)
  await visible(caller.page, kind === 'video' ? 'tool-videoCall' : 'tool-voiceCall').click()
}

/**
 * The remote user's video really plays: it has a decoded size, its clock advances and new frames
 * keep arriving (Chromium's fake camera sends a moving pattern).
 */
export async function expectLiveVideo(page: Page, userId: string): Promise<void> {
  const video = page.locator(`#call-video-${userId} video`)
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0)
  const sample = () => video.evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, frames: v.getVideoPlaybackQuality().totalVideoFrames }))
  const first = await sample()
  await expect.poll(async () => (await sample()).t, { timeout: 10_000 }).toBeGreaterThan(first.t)
  await expect.poll(async () => (await sample()).frames, { timeout: 10_000 }).toBeGreaterThan(first.frames)
}

/** The call record cards of the open chat, top to bottom. */
export function callCards(page: Page): Locator {
  return visible(page, 'chat-panel').locator('[data-testid="msg-call"]')
}
