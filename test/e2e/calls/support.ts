import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { openChatWith, tapTool, visible, type ChatUser, type Session } from '../messaging/support'

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

/** Presses a button shown as disabled (aria-disabled), which a person can still tap: nothing may happen. */
export async function pressDisabled(page: Page, button: string): Promise<void> {
  const target = visible(page, `call-btn-${button}`)
  await expect(target).toHaveAttribute('aria-disabled', 'true')
  await target.click({ force: true })
}

/** Opens the chat with `peer` and presses 'Video call' or 'Voice call'. */
export async function placeCall(caller: Session, peer: ChatUser, kind: 'video' | 'voice'): Promise<void> {
  await openChatWith(caller.page, peer)
  await tapTool(caller.page, kind === 'video' ? 'tool-videoCall' : 'tool-voiceCall')
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

// ---------------------------------------------------------------------------------------------
// Link statistics: test-side instrumentation of the page's peer connections.

type TrackedWindow = Window & { __peerConnections?: RTCPeerConnection[] }

/**
 * Keeps every RTCPeerConnection the context's pages create in `window.__peerConnections`, so a
 * test can read their getStats. The constructor is wrapped, not replaced: the product sees the
 * browser's own class. Install before the page loads (signIn's beforeLogin).
 */
export async function trackPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as TrackedWindow
    if (w.__peerConnections || typeof RTCPeerConnection === 'undefined') return
    const made: RTCPeerConnection[] = []
    w.__peerConnections = made
    window.RTCPeerConnection = new Proxy(RTCPeerConnection, {
      construct(target, args, newTarget) {
        const pc = Reflect.construct(target, args, newTarget) as RTCPeerConnection
        made.push(pc)
        return pc
      },
    })
  })
}

/**
 * For each stream of `kind` the page receives, its counter: frames decoded for video, packets
 * received for audio. One per remote participant on both paths: a mesh link carries one person,
 * the SFU's subscription one m-line per person (its m-lines of people who left are inactive and
 * left out, as is the publication, which only sends).
 */
function inboundCounters(page: Page, kind: 'audio' | 'video'): Promise<number[]> {
  return page.evaluate(async (k) => {
    const all = (window as TrackedWindow).__peerConnections
    if (!all) throw new Error('peer connections are not tracked in this page: sign in with trackPeerConnections')
    const receiving = (t: RTCRtpTransceiver) => t.currentDirection === 'sendrecv' || t.currentDirection === 'recvonly'
    const open = all.filter((pc) => pc.connectionState !== 'closed' && pc.getTransceivers().some(receiving))
    const perLink = await Promise.all(
      open.map(async (pc) => {
        const mids = new Set(pc.getTransceivers().filter(receiving).map((t) => t.mid))
        const counters: number[] = []
        ;(await pc.getStats()).forEach((s: { type: string; kind?: string; mid?: string; framesDecoded?: number; packetsReceived?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === k && (s.mid === undefined || mids.has(s.mid))) counters.push((k === 'video' ? s.framesDecoded : s.packetsReceived) ?? 0)
        })
        return counters
      }),
    )
    return perLink.flat()
  }, kind)
}

/**
 * Every stream of `kind` the page receives (`links` of them when given: one per remote
 * participant) has media, and keeps getting it: the counter is above zero on each, then rises
 * on each.
 */
async function expectInboundFlowing(page: Page, kind: 'audio' | 'video', links?: number): Promise<void> {
  const what = kind === 'video' ? 'frames decoded' : 'audio packets received'
  // The polls answer the counters with the verdict, so a failure shows what each link had.
  let first: number[] = []
  await expect
    .poll(async () => {
      first = await inboundCounters(page, kind)
      const ok = first.length > 0 && (links === undefined || first.length === links) && first.every((n) => n > 0)
      return { ok, counters: first }
    }, { message: `${what} on every link${links === undefined ? '' : ` (${links})`}`, timeout: 15_000 })
    .toMatchObject({ ok: true })
  await expect
    .poll(async () => {
      const now = await inboundCounters(page, kind)
      return { ok: now.length === first.length && now.every((n, i) => n > first[i]!), before: first, now }
    }, { message: `${what} rising on every link`, timeout: 10_000 })
    .toMatchObject({ ok: true })
}

/** getStats: inbound video frames are decoded on every link of the page, and more keep coming. */
export const expectFramesDecoded = (page: Page, links?: number) => expectInboundFlowing(page, 'video', links)

/** getStats: inbound audio packets arrive on every link of the page, and more keep coming. */
export const expectAudioReceived = (page: Page, links?: number) => expectInboundFlowing(page, 'audio', links)

/**
 * Starts recording every status the call screen shows in this page, from the next navigation on,
 * so a test can tell that no call screen appeared even for a moment. The returned function reads
 * the record.
 */
export async function recordCallStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __callStatuses: string[] }).__callStatuses = seen
    const note = (el: Element) => {
      const status = el.getAttribute('data-status')
      if (status && seen[seen.length - 1] !== status) seen.push(status)
    }
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'attributes' && m.target instanceof Element && m.target.matches('[data-testid="call-screen"]')) note(m.target)
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue
          if (node.matches('[data-testid="call-screen"]')) note(node)
          node.querySelectorAll('[data-testid="call-screen"]').forEach(note)
        }
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] })
  })
  return () => page.evaluate(() => [...((window as unknown as { __callStatuses?: string[] }).__callStatuses ?? [])])
}

/**
 * A places a video call to B, B accepts, and video flows both ways: seen playing on both pages
 * and decoded on both ends of the link (getStats; install trackPeerConnections at sign-in).
 */
export async function connectVideoCall(a: Session, b: Session): Promise<void> {
  await placeCall(a, b.user, 'video')
  await expectLayout(b.page, 'be-invited')
  await press(b.page, 'accept')
  await expectLayout(a.page, 'calling-c2c-video')
  await expectLiveVideo(a.page, b.user.wtId)
  await expectLiveVideo(b.page, a.user.wtId)
  await expectFramesDecoded(a.page, 1)
  await expectFramesDecoded(b.page, 1)
}
