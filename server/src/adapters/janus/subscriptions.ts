import { OFFER_ANSWER_MS, GATHER_MS, personOf, type Layer, type Log, type Participant, type Publisher, type SfuSend, type SubLine, type SubStream } from './types.js'
import type { JanusConnection } from './connection.js'

/**
 * Each participant's one subscription to every other publication of the room (VideoRoom's
 * multistream): which feeds it carries, which of its m-lines are held (a ringing subscriber,
 * or a ringing publication), the simulcast layer of each video, and its renegotiation with
 * Janus and the browser, one offer at a time.
 */
export class Subscriptions {
  constructor(
    private readonly conn: JanusConnection,
    private readonly send: SfuSend,
    private readonly log: Log,
    private readonly offerAnswerMs = OFFER_ANSWER_MS,
  ) {}

  onPublishers(p: Participant, publishers: Publisher[]): void {
    if (p.closed) return
    const named: number[] = []
    for (const pub of publishers) {
      if (pub.feed === p.feed) continue
      const owner = personOf(pub.display)
      if (owner === p.wtId) continue
      const before = p.feeds.get(pub.feed)
      const mids = (pub.streams ?? []).filter((m) => m.mid !== undefined && !m.disabled && m.type !== 'data').map((m) => String(m.mid))
      p.feeds.set(pub.feed, { owner, mids: mids.length > 0 ? mids : (before?.mids ?? []) })
      if (owner && before && !before.owner) named.push(pub.feed)
    }
    if (named.length > 0) void this.reveal(p, named)
    this.renegotiateSoon(p)
  }

  /** The m-lines of the subscription that carry these feeds. */
  private linesOf(p: Participant, feeds: Iterable<number>): SubLine[] {
    const wanted = new Set(feeds)
    return [...p.lines.values()].filter((l) => wanted.has(l.feed))
  }

  /** Whether an m-line may send: the subscriber is in the call and the publication is named. */
  private mayReceive = (p: Participant, feed: number) => !p.ringing && !!p.feeds.get(feed)?.owner

  /**
   * Ringing publications were renamed (accepted): the browser learns whose their m-lines are,
   * and they send if this participant is in the call.
   */
  private async reveal(p: Participant, feeds: number[]): Promise<void> {
    const streams = this.linesOf(p, feeds).map((l) => ({ mid: l.mid, feed: p.feeds.get(l.feed)!.owner }))
    const released = this.release(p, feeds)
    if (streams.length > 0) await this.send(p.wtId, p.inviteID, { kind: 'named', streams }).catch(() => undefined)
    await released
  }

  /**
   * Lets the held m-lines of these feeds send where they may, each video at its layer (a single
   * configure; Janus asks each publisher for a key frame).
   */
  async release(p: Participant, feeds: number[]): Promise<void> {
    const lines = this.linesOf(p, feeds).filter((l) => p.held.has(l.mid) && this.mayReceive(p, l.feed))
    if (lines.length === 0 || !p.subscriber) return
    for (const l of lines) p.held.delete(l.mid)
    const streams = lines.map((l) => {
      const owner = p.feeds.get(l.feed)!.owner
      if (l.video) p.applied.set(owner, this.layerOf(p, owner))
      return { mid: l.mid, send: true, ...(l.video ? { substream: this.layerOf(p, owner) } : {}) }
    })
    await p.subscriber.configure({ streams }).catch((err: unknown) => this.log.warn({ err, inviteID: p.inviteID }, 'sfu streams not released'))
  }

  /**
   * People who accept together are announced a few milliseconds apart, and each renegotiation
   * waits for the browser's answer before the next: one update after GATHER_MS takes them all.
   */
  renegotiateSoon(p: Participant): void {
    if (p.gathering || p.closed) return
    p.gathering = setTimeout(() => {
      p.gathering = null
      void this.renegotiate(p)
    }, GATHER_MS)
  }

  /**
   * Brings the subscription up to the room's publishers: the first ones join it, later ones are
   * added by an update. Janus answers either with an offer for the whole subscription, which
   * goes to the browser; the next change waits for its answer.
   */
  async renegotiate(p: Participant): Promise<void> {
    if (p.negotiating || p.closed) return
    const inSubscription = new Set([...p.lines.values()].map((l) => l.feed))
    const added = [...p.feeds].filter(([feed]) => !inSubscription.has(feed))
    if (added.length === 0) return
    p.negotiating = true
    const { pin } = this.conn.roomOf(p.inviteID)
    const namedAdded = () => added.map(([feed]) => p.feeds.get(feed)?.owner ?? '').filter(Boolean)
    try {
      // Each video starts at the layer its tile wants: a later switch would wait for a key frame of that layer.
      const wanted = new Map(added.map(([feed, f]) => [feed, f.owner ? this.layerOf(p, f.owner) : (0 as Layer)]))
      /** Feeds added with every m-line held in the request itself. */
      const heldAtOnce = new Set<number>()
      let offer: { jsep?: { sdp: string }; streams?: SubStream[] }
      const fresh = !p.subscriber
      if (!p.subscriber) {
        const handle = await this.conn.attach()
        if (p.closed) return void handle.detach().catch(() => undefined)
        p.subscriber = handle
        // autoupdate off: a publisher who leaves is dropped here (gone) without an offer nobody asked for.
        offer = await handle.joinSubscriber({ room: p.room, pin, streams: added.map(([feed]) => ({ feed, substream: wanted.get(feed) })), autoupdate: false })
      } else {
        const subscribe = added.flatMap(([feed, f]) => {
          if (this.mayReceive(p, feed) || f.mids.length === 0) return [{ feed, substream: wanted.get(feed) }]
          heldAtOnce.add(feed)
          return f.mids.map((mid) => ({ feed, mid, send: false, substream: wanted.get(feed) }))
        })
        offer = await p.subscriber.update({ subscribe })
      }
      if (p.closed) return
      if (!offer.jsep?.sdp) throw new Error('janus gave no offer')
      const before = new Set(p.lines.keys())
      this.track(p, offer.streams ?? [])
      const fresher = [...p.lines.values()].filter((l) => !before.has(l.mid) && !this.mayReceive(p, l.feed))
      for (const l of fresher) p.held.add(l.mid)
      // Held before the browser even has the offer: nothing reaches it that it may not receive.
      const toHold = fresher.filter((l) => !heldAtOnce.has(l.feed))
      if (toHold.length > 0) await p.subscriber.configure({ streams: toHold.map((l) => ({ mid: l.mid, send: false })) })
      for (const [feed, layer] of wanted) {
        const owner = p.feeds.get(feed)?.owner
        if (owner) p.applied.set(owner, layer)
      }
      p.offerOut = true
      this.awaitAnswer(p, namedAdded())
      await this.send(p.wtId, p.inviteID, { kind: 'offer', sdp: offer.jsep.sdp, streams: this.describe(p), ...(fresh ? { fresh } : {}) })
      // Named or admitted while Janus made the offer; a layer asked for meanwhile.
      void this.release(p, added.map(([feed]) => feed))
      void this.applyLayers(p, namedAdded().filter((owner) => p.applied.get(owner) !== this.layerOf(p, owner)))
    } catch (err) {
      p.negotiating = false
      if (p.subscriber && added.some(([feed]) => !this.mayReceive(p, feed))) {
        // Not known to be held: it goes, and the next change makes it again.
        void p.subscriber.detach().catch(() => undefined)
        this.forgetSubscription(p)
      }
      this.log.warn({ err, inviteID: p.inviteID, feeds: namedAdded() }, 'sfu subscription failed')
      for (const owner of namedAdded()) await this.send(p.wtId, p.inviteID, { kind: 'error', feed: owner, msg: 'subscription failed' }).catch(() => undefined)
    }
  }

  private forgetSubscription(p: Participant): void {
    p.subscriber = null
    p.lines.clear()
    p.held.clear()
    p.applied.clear()
  }

  /**
   * A browser that never answers would hold every later change of its subscription: Janus takes
   * one renegotiation at a time and makes no new offer while one waits for its answer. After
   * OFFER_ANSWER_MS the subscription starts over: its handle goes and a new one joins with every
   * publisher, whose offer (`fresh`) the browser takes on a new link.
   */
  private awaitAnswer(p: Participant, owners: string[]): void {
    if (p.offerTimer) clearTimeout(p.offerTimer)
    const waitedMs = this.offerAnswerMs
    p.offerTimer = setTimeout(() => {
      p.offerTimer = null
      if (!p.negotiating || p.closed) return
      this.log.warn({ inviteID: p.inviteID, wtId: p.wtId, feeds: owners, waitedMs }, 'sfu subscription offer not answered; the subscription starts over')
      const stale = p.subscriber
      this.forgetSubscription(p)
      p.offerOut = false
      p.negotiating = false
      void stale?.detach().catch(() => undefined)
      void this.renegotiate(p)
    }, waitedMs)
    p.offerTimer.unref?.()
  }

  /** The subscription's m-lines, as Janus's offer describes it whole. */
  private track(p: Participant, streams: SubStream[]): void {
    p.lines.clear()
    for (const st of streams) {
      if (st.active === false || st.type === 'data' || st.feed_id === undefined) continue
      p.lines.set(String(st.mid), { mid: String(st.mid), feed: st.feed_id, video: st.type === 'video' })
    }
    for (const mid of p.held) if (!p.lines.has(mid)) p.held.delete(mid)
  }

  /** Which person each m-line of the subscription carries (the browser files tracks by it); ringing ones are left out. */
  private describe(p: Participant): Array<{ mid: string; feed: string }> {
    const out: Array<{ mid: string; feed: string }> = []
    for (const l of p.lines.values()) {
      const owner = p.feeds.get(l.feed)?.owner
      if (owner) out.push({ mid: l.mid, feed: owner })
    }
    return out
  }

  private layerOf = (p: Participant, owner: string): Layer => p.layers.get(owner) ?? 0

  /** The simulcast layer of each publisher's video in the subscription (the low one until asked). */
  async applyLayers(p: Participant, owners: string[]): Promise<void> {
    const wanted = new Set(owners)
    const lines = [...p.lines.values()].filter((l) => l.video && wanted.has(p.feeds.get(l.feed)?.owner ?? ''))
    if (lines.length === 0 || !p.subscriber) return
    const streams = lines.map((l) => {
      const owner = p.feeds.get(l.feed)!.owner
      p.applied.set(owner, this.layerOf(p, owner))
      return { mid: l.mid, substream: this.layerOf(p, owner) }
    })
    await p.subscriber.configure({ streams }).catch((err: unknown) => this.log.warn({ err, inviteID: p.inviteID }, 'sfu layer not set'))
  }

  onFeedGone(p: Participant, feed: number): void {
    const gone = p.feeds.get(feed)
    p.feeds.delete(feed)
    for (const l of this.linesOf(p, [feed])) {
      p.lines.delete(l.mid)
      p.held.delete(l.mid)
    }
    if (!gone?.owner) return
    p.applied.delete(gone.owner)
    void this.send(p.wtId, p.inviteID, { kind: 'gone', feed: gone.owner }).catch(() => undefined)
  }
}
