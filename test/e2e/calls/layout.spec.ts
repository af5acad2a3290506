import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { closeAll, createGroup, openConversation, registerUsers, signIn, tapTool, visible, type Session } from '../messaging/support'
import { expectLayout, expectLiveVideo, placeCall, press, trackPeerConnections } from './support'

/**
 * The call screens fit their windows: on phones of 360-430 px every button of the panel is
 * inside the screen, at least 44 px square and clear of the others; a group call's grid never
 * runs under its panel, on a desktop or a phone. With CALL_SCREENSHOTS=1 each layout is saved
 * under docs/images/calls/ for docs/calls.md.
 */

let sessions: Session[] = []
test.afterEach(async () => {
  await closeAll(sessions)
  sessions = []
})

const phone = { width: 390, height: 844 }
const SHOTS = fileURLToPath(new URL('../../../docs/images/calls/', import.meta.url))

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )
}

/** Every panel button inside the window, 44 px or more each way, none over another. */
async function expectPanelFits(page: Page, buttons: number): Promise<void> {
  const width = page.viewportSize()!.width
  const height = page.viewportSize()!.height
  const shown = await boxes(page, '[data-testid="call-panel"] .call-btn')
  expect(shown).toHaveLength(buttons)
  for (const b of shown) {
    expect(b.x, `a button starts left of the ${width} px screen`).toBeGreaterThanOrEqual(0)
    expect(b.x + b.width, `a button ends right of the ${width} px screen`).toBeLessThanOrEqual(width)
    expect(b.y + b.height).toBeLessThanOrEqual(height)
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44)
  }
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) expect(overlaps(shown[i]!, shown[j]!)).toBe(false)
  // Labels are not cut: each fits its button.
  const cut = await page.locator('[data-testid="call-panel"] .call-btn__label').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length)
  expect(cut).toBe(0)
}

/** No tile of the grid lies under the button panel. */
async function expectGridClearOfPanel(page: Page): Promise<void> {
  const [panel] = await boxes(page, '[data-testid="call-panel"]')
  const tiles = await boxes(page, '[data-testid="call-tile"]')
  expect(tiles.length).toBeGreaterThan(0)
  for (const t of tiles) expect(overlaps(t, panel!), 'a tile lies under the button panel').toBe(false)
}

async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.CALL_SCREENSHOTS) return
  // The pointer off the panel, and the device popover's 1000 ms close delay over.
  await page.mouse.move(1, 1)
  await page.waitForTimeout(1300)
  await mkdir(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}

test('a one-to-one video call on a phone (360-430 px) and a desktop: every button fits, 44 px targets', async ({ browser, request }) => {
  const [alice, bob] = await registerUsers(request, ['手', '机'])
  const a = await signIn(browser, alice, { viewport: phone, beforeLogin: trackPeerConnections })
  const b = await signIn(browser, bob, { beforeLogin: trackPeerConnections })
  sessions = [a, b]

  await placeCall(a, bob, 'video')
  await expectLayout(b.page, 'be-invited')
  await expectPanelFits(a.page, 3)
  await shot(a.page, 'c2c-dialing-390')
  await shot(b.page, 'c2c-invited-1280')
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-video')
  await expectLiveVideo(a.page, bob.wtId)
  await expectLiveVideo(b.page, alice.wtId)

  // Seven buttons on the phone: microphone, hang up, camera, speaker, switch camera, blur, switch to audio.
  for (const width of [360, 390, 430]) {
    await a.page.setViewportSize({ width, height: 844 })
    await expectPanelFits(a.page, 7)
  }
  await a.page.setViewportSize(phone)
  await expectPanelFits(a.page, 7)
  await shot(a.page, 'c2c-video-390')
  await expectPanelFits(b.page, 6)
  await shot(b.page, 'c2c-video-1280')

  // The floating window and back.
  await visible(a.page, 'call-btn-minimize').click()
  await expect(visible(a.page, 'call-float')).toBeVisible()
  await visible(a.page, 'call-btn-restore').click()
  await expectPanelFits(a.page, 7)
  await press(a.page, 'hangup')
})

test('a group video call: the grid never runs under the button panel, on a desktop and on phones', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const [owner, b, c] = await registerUsers(request, ['桌', '面', '群'])
  const group = await createGroup(request, owner!, [b!, c!], '布局群')
  const so = await signIn(browser, owner!, { beforeLogin: trackPeerConnections })
  const [sb, sc] = await Promise.all([b!, c!].map((u) => signIn(browser, u, { viewport: phone, beforeLogin: trackPeerConnections })))
  sessions = [so, sb!, sc!]

  await openConversation(so.page, group.conversationID)
  await tapTool(so.page, 'tool-groupCall')
  await visible(so.page, 'group-call-video').click()
  const picker = visible(so.page, 'call-picker')
  for (const u of [b!, c!]) await picker.locator(`[data-testid="call-picker-item"][data-id="${u.wtId}"]`).click()
  await visible(so.page, 'call-picker-done').click()
  await expectLayout(so.page, 'dialing-group')
  await expectGridClearOfPanel(so.page)

  await expectLayout(sb!.page, 'be-invited')
  await shot(sb!.page, 'group-invited-390')
  for (const s of [sb!, sc!]) await press(s.page, 'accept')
  for (const s of [so, sb!, sc!]) await expectLayout(s.page, 'calling-group-video')
  await expectLiveVideo(so.page, b!.wtId)
  await expectLiveVideo(sb!.page, owner!.wtId)
  await expectLiveVideo(sb!.page, c!.wtId)

  await expectGridClearOfPanel(so.page)
  await expectPanelFits(so.page, 5)
  await shot(so.page, 'group-video-1280')
  for (const width of [360, 390, 430]) {
    await sb!.page.setViewportSize({ width, height: 844 })
    await expectGridClearOfPanel(sb!.page)
    await expectPanelFits(sb!.page, 6)
  }
  await sb!.page.setViewportSize(phone)
  await shot(sb!.page, 'group-video-390')
  await press(so.page, 'hangup')
  await press(sb!.page, 'hangup')
})
