/**
 * Instrumentation that runs inside each page (an init script, so it is in place before the app
 * starts). It records, on the page's own clock converted to wall-clock milliseconds
 * (performance.timeOrigin + a page timestamp, so pages of one machine can be compared):
 *
 * - the press of the call screen's accept button (a capturing click listener);
 * - the first video frame presented by each `#call-video-<userId> video` element
 *   (requestVideoFrameCallback: the frame was received, decoded and handed to the compositor);
 * - each peer connection reaching `connected` (ICE and DTLS done);
 *
 * and keeps every RTCPeerConnection the app creates, for getStats.
 *
 * This file is type-checked with the server's settings, which have no DOM library: the few page
 * objects it touches are described by the small interfaces below.
 */
import type { BrowserContext, Page } from 'playwright-core'

export interface ProbeRecord {
  /** Wall-clock ms of each accept press, oldest first. */
  accepts: number[]
  /** userId → wall-clock ms of the first frame shown in that user's video element. */
  firstFrame: Record<string, number>
  /** Wall-clock ms of each peer connection reaching 'connected'. */
  connected: number[]
}

/** getStats of the video streams of one page, summed over its open peer connections. */
export interface VideoStats {
  at: number
  /** Bytes sent by every outbound RTP stream of the page (audio, video, every simulcast layer). */
  upBytes: number
  sent: Array<{ width: number; height: number; frames: number; bytes: number; limitation: string; codec: string }>
  received: Array<{ width: number; height: number; frames: number; bytes: number; dropped: number; codec: string }>
}

interface VideoFrameMeta {
  presentationTime?: number
}
interface PageVideo {
  videoWidth: number
  closest(selector: string): { id: string } | null
  requestVideoFrameCallback(cb: (now: number, meta: VideoFrameMeta) => void): number
}
interface PageNode {
  nodeType: number
  nodeName: string
  closest?(selector: string): unknown
  querySelectorAll?(selector: string): ArrayLike<PageNode>
}
interface StatsEntry {
  type: string
  kind?: string
  codecId?: string
  mimeType?: string
  [key: string]: unknown
}
interface PageLink {
  connectionState: string
  addEventListener(type: string, cb: () => void): void
  getStats(): Promise<{ forEach(cb: (entry: StatsEntry) => void): void; get(id: string): StatsEntry | undefined }>
}
interface PageWindow {
  performance: { timeOrigin: number }
  document: {
    addEventListener(type: string, cb: (e: { target: PageNode | null; timeStamp: number }) => void, capture: boolean): void
    querySelectorAll(selector: string): ArrayLike<PageNode>
  }
  MutationObserver: new (cb: (records: Array<{ addedNodes: ArrayLike<PageNode> }>) => void) => { observe(target: unknown, options: object): void }
  RTCPeerConnection?: new (...args: unknown[]) => PageLink
  __callBench?: {
    record: ProbeRecord
    reset(): void
    stats(): Promise<VideoStats>
  }
}

/** Runs in the page; must not use anything from this module's scope. */
function installProbe(): void {
  const w = globalThis as unknown as PageWindow
  const wall = (pageTime: number) => w.performance.timeOrigin + pageTime
  const record: ProbeRecord = { accepts: [], firstFrame: {}, connected: [] }
  const links: PageLink[] = []

  w.document.addEventListener(
    'click',
    (e) => {
      const target = e.target as PageNode | null
      if (target?.closest?.('[data-testid="call-btn-accept"]')) record.accepts.push(wall(e.timeStamp))
    },
    true,
  )

  const watched = new WeakSet<object>()
  const watch = (video: PageVideo) => {
    if (watched.has(video)) return
    watched.add(video)
    const onFrame = (now: number, meta: VideoFrameMeta) => {
      const user = video.closest('[id^="call-video-"]')?.id.slice('call-video-'.length)
      if (user && video.videoWidth > 0) {
        if (!(user in record.firstFrame)) record.firstFrame[user] = wall(meta.presentationTime ?? now)
      } else {
        video.requestVideoFrameCallback(onFrame)
      }
    }
    video.requestVideoFrameCallback(onFrame)
  }
  const scan = (node: PageNode) => {
    if (node.nodeType !== 1) return
    if (node.nodeName === 'VIDEO') watch(node as unknown as PageVideo)
    const inner = node.querySelectorAll?.('video') ?? []
    for (let i = 0; i < inner.length; i++) watch(inner[i] as unknown as PageVideo)
  }
  new w.MutationObserver((mutations) => {
    for (const m of mutations) for (let i = 0; i < m.addedNodes.length; i++) scan(m.addedNodes[i]!)
  }).observe(w.document, { childList: true, subtree: true })

  const Native = w.RTCPeerConnection
  if (Native) {
    w.RTCPeerConnection = new Proxy(Native, {
      construct(target, args) {
        const pc = Reflect.construct(target, args) as PageLink
        links.push(pc)
        pc.addEventListener('connectionstatechange', () => {
          if (pc.connectionState === 'connected') record.connected.push(Date.now())
        })
        return pc
      },
    })
  }

  const num = (v: unknown) => (typeof v === 'number' ? v : 0)
  w.__callBench = {
    record,
    reset() {
      record.accepts = []
      record.firstFrame = {}
      record.connected = []
    },
    async stats() {
      const out: VideoStats = { at: Date.now(), upBytes: 0, sent: [], received: [] }
      for (const pc of links) {
        if (pc.connectionState === 'closed') continue
        const report = await pc.getStats()
        report.forEach((r) => {
          if (r.type === 'outbound-rtp') out.upBytes += num(r.bytesSent)
          if (r.kind !== 'video') return
          const codec = String((r.codecId ? report.get(r.codecId)?.mimeType : '') ?? '')
          if (r.type === 'outbound-rtp') {
            out.sent.push({ width: num(r.frameWidth), height: num(r.frameHeight), frames: num(r.framesEncoded), bytes: num(r.bytesSent), limitation: String(r.qualityLimitationReason ?? ''), codec })
          } else if (r.type === 'inbound-rtp') {
            out.received.push({ width: num(r.frameWidth), height: num(r.frameHeight), frames: num(r.framesDecoded), bytes: num(r.bytesReceived), dropped: num(r.framesDropped), codec })
          }
        })
      }
      return out
    },
  }
}

/**
 * tsx (esbuild with keepNames) wraps named functions in a `__name(fn, "name")` call, and a
 * function sent to the page as source text takes that call along; the page gets a stand-in.
 */
const NAME_HELPER = 'globalThis.__name = globalThis.__name || ((fn) => fn)'

export async function addProbe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: NAME_HELPER })
  await context.addInitScript(installProbe)
}

export async function readProbe(page: Page): Promise<ProbeRecord> {
  return (await page.evaluate('JSON.parse(JSON.stringify(window.__callBench.record))')) as ProbeRecord
}

export async function resetProbe(page: Page): Promise<void> {
  await page.evaluate('window.__callBench.reset()')
}

export async function videoStats(page: Page): Promise<VideoStats> {
  return (await page.evaluate('window.__callBench.stats()')) as VideoStats
}
