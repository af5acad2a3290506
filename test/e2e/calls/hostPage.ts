import type { BrowserContext, Page } from '@playwright/test'

/**
 * What a host page and its browser show the call tests: the widget's API on window, desktop
 * notifications, the page's visibility, and the tracks the peer connections send. Each recorder is
 * an init script, installed before the app loads (signIn's beforeLogin).
 */

/** The widget's public API, as a host page calls it. */
export function callApi(page: Page, method: string, arg: unknown): Promise<void> {
  return page.evaluate(
    async ([m, a]) => {
      const kit = (window as unknown as { TUICallKit: Record<string, (x: unknown) => unknown> }).TUICallKit
      await kit[m as string]!(a)
    },
    [method, arg] as const,
  )
}

export async function waitForCallApi(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as unknown as { TUICallKit?: object }).TUICallKit)
}

export interface RecordedNotification {
  title: string
  body: string
  tag: string
  closed: boolean
}

/**
 * Notifications are granted and recorded; window.focus calls are counted, and the page can be
 * told it is hidden (document.visibilityState / hidden, with the visibilitychange event), as when
 * the user is on another tab. Headless Chromium always reports its pages as visible.
 */
export async function recordNotificationsAndVisibility(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: Array<{ title: string; body: string; tag: string; closed: boolean; click: () => void }> = []
    class RecordedNotification {
      static permission = 'granted'
      static requestPermission = async () => 'granted'
      onclick: (() => void) | null = null
      private readonly entry: { title: string; body: string; tag: string; closed: boolean; click: () => void }
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        this.entry = { title, body: options.body ?? '', tag: options.tag ?? '', closed: false, click: () => this.onclick?.() }
        shown.push(this.entry)
      }
      close() {
        this.entry.closed = true
      }
    }
    let hidden = false
    let focused = 0
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden })
    window.focus = () => {
      focused += 1
    }
    Object.assign(window, {
      Notification: RecordedNotification,
      __notifications: shown,
      __focusCount: () => focused,
      __setHidden: (value: boolean) => {
        hidden = value
        document.dispatchEvent(new Event('visibilitychange'))
      },
    })
  })
}

type HostWindow = {
  __notifications: Array<RecordedNotification & { click: () => void }>
  __focusCount: () => number
  __setHidden: (hidden: boolean) => void
}

export function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((h) => (window as unknown as HostWindow).__setHidden(h), hidden)
}

/** The call notifications shown so far (the ones tagged with an inviteID). */
export function callNotifications(page: Page): Promise<RecordedNotification[]> {
  return page.evaluate(() =>
    (window as unknown as HostWindow).__notifications.filter((n) => n.tag.startsWith('call-')).map(({ title, body, tag, closed }) => ({ title, body, tag, closed })),
  )
}

/** Clicks the notification with this tag, as the user would on the desktop; answers how often the window was focused. */
export function clickNotification(page: Page, tag: string): Promise<number> {
  return page.evaluate((t) => {
    const w = window as unknown as HostWindow
    w.__notifications.find((n) => n.tag === t)!.click()
    return w.__focusCount()
  }, tag)
}

/**
 * Every RTCPeerConnection the page makes is kept in window.__peerConnections, and every audio
 * track getUserMedia hands out in window.__capturedAudio, so a test can compare what is sent with
 * what the microphone captured.
 */
export async function recordMedia(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const connections: RTCPeerConnection[] = []
    const captured: MediaStreamTrack[] = []
    const Native = window.RTCPeerConnection
    class RecordedPeerConnection extends Native {
      constructor(config?: RTCConfiguration) {
        super(config)
        connections.push(this)
      }
    }
    window.RTCPeerConnection = RecordedPeerConnection
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints)
      captured.push(...stream.getAudioTracks())
      return stream
    }
    Object.assign(window, { __peerConnections: connections, __capturedAudio: captured })
  })
}

export interface SentAudio {
  /** A live connection sends an audio track. */
  sending: boolean
  /** That track is one getUserMedia captured (the plain microphone). */
  isCaptured: boolean
  label: string
  capturedLabel: string
}

/** What the page's open peer connection sends as audio, against what the microphone captured. */
export function sentAudio(page: Page): Promise<SentAudio> {
  return page.evaluate(() => {
    const w = window as unknown as { __peerConnections: RTCPeerConnection[]; __capturedAudio: MediaStreamTrack[] }
    const pc = w.__peerConnections.filter((c) => c.connectionState !== 'closed').at(-1)
    const track = pc?.getSenders().find((s) => s.track?.kind === 'audio')?.track ?? null
    const mic = w.__capturedAudio.at(-1)
    return { sending: !!track && track.readyState === 'live', isCaptured: !!track && w.__capturedAudio.includes(track), label: track?.label ?? '', capturedLabel: mic?.label ?? '' }
  })
}

/** Audio received on the page's open connection: packets and energy (sound, not silence) so far. */
export function receivedAudio(page: Page): Promise<{ packets: number; energy: number }> {
  return page.evaluate(async () => {
    const w = window as unknown as { __peerConnections: RTCPeerConnection[] }
    const pc = w.__peerConnections.filter((c) => c.connectionState !== 'closed').at(-1)
    let packets = 0
    let energy = 0
    ;(await pc?.getStats())?.forEach((r: Record<string, unknown>) => {
      if (r.type === 'inbound-rtp' && r.kind === 'audio') {
        packets += Number(r.packetsReceived ?? 0)
        energy += Number(r.totalAudioEnergy ?? 0)
      }
    })
    return { packets, energy }
  })
}
