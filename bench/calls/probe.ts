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
  /**
   * The steps of a call as this page saw them, wall-clock ms: its call messages sent and
   * acknowledged, its SFU requests and the SFU's events (by kind and feed), and each peer
   * connection created and connected (by its number in the page).
   */
  steps: Array<{ t: number; what: string }>
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
  addEventListener(type: string, cb: (e: unknown) => void): void
  getStats(): Promise<{ forEach(cb: (entry: StatsEntry) => void): void; get(id: string): StatsEntry | undefined }>
}
interface PageTrack {
  kind: string
  addEventListener(type: string, cb: () => void): void
}
interface PageSocket {
  send(data: unknown): void
  addEventListener(type: string, cb: (e: { data: unknown }) => void): void
}
interface PageWindow {
  performance: { timeOrigin: number }
  document: {
    addEventListener(type: string, cb: (e: { target: PageNode | null; timeStamp: number }) => void, capture: boolean): void
    querySelectorAll(selector: string): ArrayLike<PageNode>
  }
  MutationObserver: new (cb: (records: Array<{ addedNodes: ArrayLike<PageNode> }>) => void) => { observe(target: unknown, options: object): void }
  RTCPeerConnection?: new (...args: unknown[]) => PageLink
  WebSocket?: new (...args: unknown[]) => PageSocket
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
  const record: ProbeRecord = { accepts: [], firstFrame: {}, connected: [], steps: [] }
  const links: PageLink[] = []
  /** Peer connections are numbered from 1 in each measured call (reset starts again). */
  let pcCount = 0
  const step = (what: string) => record.steps.push({ t: Date.now(), what })
  const num = (v: unknown) => (typeof v === 'number' ? v : 0)
  const ACTIONS: Record<number, string> = { 1: 'invite', 2: 'cancel', 3: 'accept', 4: 'reject', 5: 'timeout' }
  /** clientMsgId → the call step it carries, to name its acknowledgement. */
  const callSends = new Map<string, string>()
  /** Whose media each m-line of the SFU subscription carries, from its offers and `named` events. */
  const feedOfMid = new Map<string, string>()
  type Frame = { type?: string; frames?: Frame[]; payload?: { kind?: string; feed?: string; feeds?: unknown[]; streams?: Array<{ mid: string; feed: string }> }; message?: { clientMsgId?: string; payload?: { data?: string } }; clientMsgId?: string }
  const sfuName = (f: Frame) => `${f.payload?.kind ?? '?'}${f.payload?.feed ? ` ${f.payload.feed}` : ''}`
  const outgoing = (f: Frame) => {
    if (f.type === 'sfu') step(`sfu → ${sfuName(f)}`)
    if (f.type === 'send' && f.message?.clientMsgId) {
      try {
        const data = JSON.parse(f.message.payload?.data ?? '') as { actionType?: number; businessID?: unknown }
        const action = data.businessID !== undefined ? ACTIONS[data.actionType ?? 0] : undefined
        if (action) {
          callSends.set(f.message.clientMsgId, action)
          step(`${action} sent`)
        }
      } catch {
        // Not a call message.
      }
    }
  }
  const incoming = (f: Frame) => {
    if (f.type === 'batch') return (f.frames ?? []).forEach(incoming)
    if (f.type === 'sfu') step(`sfu ← ${sfuName(f)}`)
    if (f.type === 'sfu') for (const st of f.payload?.streams ?? []) feedOfMid.set(st.mid, st.feed)
    const action = f.type === 'ack' && f.clientMsgId ? callSends.get(f.clientMsgId) : undefined
    if (action) step(`${action} acked`)
  }
  const NativeSocket = w.WebSocket
  if (NativeSocket) {
    w.WebSocket = new Proxy(NativeSocket, {
      construct(target, args) {
        const ws = Reflect.construct(target, args) as PageSocket
        const send = ws.send.bind(ws)
        ws.send = (data: unknown) => {
          try {
            if (typeof data === 'string') outgoing(JSON.parse(data) as Frame)
          } catch {
            // Not JSON: not ours to read.
          }
          send(data)
        }
        ws.addEventListener('message', (e) => {
          try {
            if (typeof e.data === 'string') incoming(JSON.parse(e.data) as Frame)
          } catch {
            // Not JSON.
          }
        })
        return ws
      },
    })
  }

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
    const tile = video.closest('[id^="call-video-"]')?.id.slice('call-video-'.length)
    if (tile) step(`video ${tile} drawn`)
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
        const n = ++pcCount
        step(`pc${n} created`)
        // With BENCH_TRACE_KEY_FRAMES: when the publication (the call's first link) is asked for a
        // key frame and when it encodes one, polled every 20 ms (this costs CPU: off by default).
        if (n === 1 && (w as unknown as { __callBenchKeyFrames?: boolean }).__callBenchKeyFrames) {
          let plis = 0
          let keys = 0
          const poll = setInterval(() => {
            if (pc.connectionState === 'closed') return clearInterval(poll)
            void pc.getStats().then((report) => {
              let p = 0
              let k = 0
              report.forEach((r) => {
                if (r.type !== 'outbound-rtp' || r.kind !== 'video') return
                p += num(r.pliCount)
                k += num(r.keyFramesEncoded)
              })
              if (p > plis) step('publication asked for a key frame')
              if (k > keys) step('publication encoded a key frame')
              plis = p
              keys = k
            })
          }, 20)
        }
        // A received video track is muted until its first packets arrive.
        pc.addEventListener('track', (e) => {
          const { track, transceiver } = e as unknown as { track?: PageTrack; transceiver?: { mid: string | null } }
          if (track?.kind !== 'video') return
          track.addEventListener('unmute', () => {
            const feed = feedOfMid.get(transceiver?.mid ?? '')
            step(feed ? `video ${feed} packets` : `pc${n} video packets`)
          })
        })
        pc.addEventListener('connectionstatechange', () => {
          if (pc.connectionState === 'connected') {
            record.connected.push(Date.now())
            step(`pc${n} connected`)
          }
        })
        return pc
      },
    })
  }

  w.__callBench = {
    record,
    reset() {
      record.accepts = []
      record.firstFrame = {}
      record.connected = []
      record.steps = []
      pcCount = 0
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
  if (process.env.BENCH_TRACE_KEY_FRAMES) await context.addInitScript({ content: 'globalThis.__callBenchKeyFrames = true' })
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
