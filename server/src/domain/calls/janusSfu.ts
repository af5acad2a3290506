import { createHmac, randomUUID } from 'node:crypto'
import Janode from 'janode'
import VideoRoomPlugin from 'janode/plugins/videoroom'
import { CALL_LIMITS, type SfuEvent } from '../../../../types/call.js'

/**
 * Group-call media through Janus VideoRoom, driven by the app server with janode. Browsers
 * never speak to Janus: its API listens on loopback behind an API secret, and the server relays
 * each participant's offer, answers and candidates. A call's room is derived from its inviteID
 * (number, pin and secret are HMACs under JANUS_ROOM_SECRET), so every server process reaches
 * the same room without sharing state, and nobody can join with a guess.
 *
 * Each participant publishes once (simulcast when the browser sends it) and receives every other
 * publisher through one subscription (VideoRoom's multistream): the first publishers come in its
 * join, later ones are added to it by an update, a renegotiation on a link that is already up,
 * so a newcomer's video needs no new ICE and DTLS. A process watches the room through its own
 * participants' publisher handles (Janus announces new publishers and departures there).
 *
 * An invitee still ringing may publish ahead of its accept (ringing publish): it joins under a
 * display that names no one (RINGING). Every subscription takes every publication of the room,
 * ringing ones too, but an m-line sends (send: true) only when its publication is named and the
 * subscriber is in the call: a ringing invitee receives nothing, and nobody receives a ringing
 * invitee, nor learns who it is. An accept renames the publication to the person's user ID
 * (Janus tells every participant of the room): each process then lets that person's m-lines
 * send in its subscriptions, and tells each browser whose they are (`named`). The accepting
 * person's own held m-lines send too. So an accept changes no session description: the media
 * flows on links that are up already, from the next key frame.
 */

type Handle = VideoRoomHandle
type Session = { attach(plugin: typeof VideoRoomPlugin): Promise<VideoRoomHandle>; destroy(): Promise<unknown>; once(event: string, fn: () => void): void }
interface VideoRoomHandle {
  on(event: string, fn: (data: Record<string, unknown>) => void): void
  once(event: string, fn: (...args: unknown[]) => void): void
  create(p: Record<string, unknown>): Promise<unknown>
  destroy(p: Record<string, unknown>): Promise<unknown>
  listParticipants(p: Record<string, unknown>): Promise<{ participants: Array<{ feed: number; display?: string; publisher: boolean }> }>
  joinConfigurePublisher(p: Record<string, unknown>): Promise<{ feed: number; publishers: Publisher[]; jsep?: { sdp: string } }>
  joinSubscriber(p: Record<string, unknown>): Promise<{ jsep?: { sdp: string }; streams?: SubStream[] }>
  update(p: Record<string, unknown>): Promise<{ jsep?: { sdp: string }; streams?: SubStream[] }>
  start(p: Record<string, unknown>): Promise<unknown>
  configure(p: Record<string, unknown>): Promise<unknown>
  trickle(c: Record<string, unknown>): Promise<unknown>
  leave(): Promise<unknown>
  detach(): Promise<unknown>
}
type Layer = 0 | 1 | 2
interface Publisher {
  feed: number
  display?: string
  streams?: Array<{ mid?: string; type?: string; disabled?: boolean }>
}
/** A publication of the room as one participant's process knows it. */
interface Feed {
  /** The person it shows ('' while it rings). */
  owner: string
  /** Its m-lines (publisher mids), as Janus announced them. */
  mids: string[]
}
/** An m-line of the subscription: the feed it carries and its kind. */
interface SubLine {
  mid: string
  feed: number
  video: boolean
}

/**
 * The display prefix of a ringing invitee's publication: user IDs are digits, so it names nobody,
 * and a feed shown under it is never subscribed to. A random suffix follows (Janus learns nothing
 * of the person or the device from it).
 */
const RINGING = 'ringing:'
/** The person a publisher's display names, or '' for a publication not (yet) shown to anyone. */
const personOf = (display: string | undefined) => (!display || display.startsWith(RINGING) ? '' : display)

/** How long announcements of publishers are gathered into one subscription update. */
const GATHER_MS = 25

/** How long the browser has to answer a subscription offer before later changes stop waiting for it. */
export const OFFER_ANSWER_MS = 10_000
/** One m-line of a multistream subscription, as Janus describes it. */
interface SubStream {
  mid: string
  type?: string
  active?: boolean
  feed_id?: number
  feed_display?: string
}

export interface SfuConfig {
  url: string
  /** Janus's api_secret; scripts/janus.sh also makes it the VideoRoom's admin_key, so only this server creates rooms. */
  apiSecret: string | null
  roomSecret: string
  /** OFFER_ANSWER_MS unless given. */
  offerAnswerMs?: number
}

/** What the driver tells a participant (their devices, through the bus). */
export type SfuSend = (wtId: string, inviteID: string, event: SfuEvent) => Promise<void>

interface Participant {
  inviteID: string
  wtId: string
  room: number
  publisher: Handle
  /**
   * The device (login session) of a ringing publication, '' once it is admitted (or when it
   * was published from the call): until then nobody subscribes to it and it subscribes to nothing.
   */
  ringing: string
  /** The publication's join (its offer answered by Janus), settled either way. */
  joined: Promise<unknown>
  /** The feed of this participant's own publication. */
  feed: number | null
  /** The subscription's m-lines that do not send (send: false): the participant rings, or their publication does. */
  held: Set<string>
  /** The one subscription to every other publisher, once the first one is announced. */
  subscriber: Handle | null
  /** Every other publication of the room Janus announced, named or ringing, by feed. */
  feeds: Map<number, Feed>
  /** The subscription's m-lines (data channels left out), by mid. */
  lines: Map<string, SubLine>
  /** The simulcast layer the browser asked for, by user ID (the low one until it asks). */
  layers: Map<string, Layer>
  /** The layer each video of the subscription was last set to (by a join, an update or a configure), by user ID. */
  applied: Map<string, Layer>
  /**
   * A join or update is under way, or its offer waits for the browser's answer: Janus takes one
   * renegotiation at a time, so publishers announced meanwhile wait for the next.
   */
  negotiating: boolean
  /** An offer sent to the browser and not yet answered (it may outlive `negotiating`, see OFFER_ANSWER_MS). */
  offerOut: boolean
  offerTimer: ReturnType<typeof setTimeout> | null
  /** A renegotiation due once the announcements of the moment are in (GATHER_MS). */
  gathering: ReturnType<typeof setTimeout> | null
  closed: boolean
}

interface Log {
  warn(obj: unknown, msg?: string): void
}

const PIN_BYTES = 16
/** Handles attached ahead, so a publication or a subscription does not wait for an attach. */
const SPARE_HANDLES = 2

/**
 * janode logs to the console on its own; it follows the server's level (pino's names: fatal and
 * error → error, warn → warn, info → info, debug and trace → debug, silent → none).
 */
export function setJanodeLogLevel(level: string): void {
  const janode: Record<string, string> = { fatal: 'error', error: 'error', warn: 'warn', info: 'info', debug: 'debug', trace: 'debug', silent: 'none' }
  Janode.Logger.setLevel(janode[level] ?? 'warn')
}

export class JanusSfu {
  private session: Promise<Session> | null = null
  private admin: Promise<Handle> | null = null
  private readonly participants = new Map<string, Participant>()
  private spare: Array<Promise<Handle>> = []
  /** Rooms this process created or found (a create per publication is a round trip to Janus). */
  private readonly rooms = new Set<number>()

  constructor(
    private readonly cfg: SfuConfig,
    private readonly send: SfuSend,
    private readonly log: Log,
  ) {}

  /** The room, pin and secret of a call: HMACs of its inviteID, the same in every process. */
  roomOf(inviteID: string): { room: number; pin: string; secret: string } {
    const mac = (label: string) => createHmac('sha256', this.cfg.roomSecret).update(`${label}:${inviteID}`).digest()
    // 48 bits: a safe integer for Janus's numeric room IDs.
    return { room: mac('room').readUIntBE(0, 6), pin: mac('pin').subarray(0, PIN_BYTES).toString('hex'), secret: mac('secret').subarray(0, PIN_BYTES).toString('hex') }
  }

  private connect(): Promise<Session> {
    if (!this.session) {
      const opening = (async () => {
        const connection = await Janode.connect({ address: { url: this.cfg.url, ...(this.cfg.apiSecret ? { apisecret: this.cfg.apiSecret } : {}) }, retry_time_secs: 1, max_retries: 3 })
        const session = (await connection.create()) as unknown as Session
        // A lost connection or session is opened again on the next request.
        const reset = () => {
          this.session = null
          this.admin = null
          this.spare = []
          this.rooms.clear()
        }
        connection.once(Janode.EVENT.CONNECTION_CLOSED, reset)
        connection.once(Janode.EVENT.CONNECTION_ERROR, reset)
        session.once(Janode.EVENT.SESSION_DESTROYED, reset)
        return session
      })()
      opening.catch(() => {
        this.session = null
      })
      this.session = opening
    }
    return this.session
  }

  private async attachNew(): Promise<Handle> {
    const session = await this.connect()
    return (await session.attach(VideoRoomPlugin)) as Handle
  }

  private topUp(extra = 0): void {
    while (this.spare.length < SPARE_HANDLES + extra) {
      const attaching = this.attachNew()
      attaching.catch(() => undefined)
      this.spare.push(attaching)
    }
  }

  /** A handle from the spares (refilled behind it), else a new one. */
  private async attach(): Promise<Handle> {
    this.topUp(1)
    const next = this.spare.shift()!
    try {
      return await next
    } catch {
      return this.attachNew()
    }
  }

  /**
   * While a group call rings: its room is made and spare handles attached, so the people who
   * accept publish and subscribe without waiting for either. Nothing is granted to anyone here.
   */
  prepare(inviteID: string): void {
    this.topUp()
    this.ensureRoom(inviteID).catch((err: unknown) => this.log.warn({ err, inviteID }, 'sfu room not made ahead'))
  }

  /** One handle per process creates and destroys rooms. */
  private adminHandle(): Promise<Handle> {
    if (!this.admin) {
      const attaching = this.attach()
      attaching.catch(() => {
        this.admin = null
      })
      this.admin = attaching
    }
    return this.admin
  }

  private async ensureRoom(inviteID: string): Promise<void> {
    const { room, pin, secret } = this.roomOf(inviteID)
    if (this.rooms.has(room)) return
    const admin = await this.adminHandle()
    try {
      await admin.create({ room, pin, secret, ...(this.cfg.apiSecret ? { admin_key: this.cfg.apiSecret } : {}), max_publishers: CALL_LIMITS.groupCallMax, audiocodec: 'opus', videocodec: 'vp8', bitrate: 1_200_000, notify_joining: false, is_private: true })
    } catch (err) {
      // 427: another process (or an earlier publish) created it first.
      if ((err as { _code?: number })._code !== 427) throw err
    }
    this.rooms.add(room)
  }

  /** A publication in the call is one per person; a ringing one is one per device of the person. */
  private key = (inviteID: string, wtId: string, ringing = '') => `${inviteID}\n${wtId}\n${ringing}`

  /**
   * A participant's publication: joins the room as publisher and returns Janus's answer. With
   * `ringing` (the device of an invitee still ringing) it is published but shown to nobody until
   * `admit`; it replaces only that device's earlier ringing publication. Otherwise it replaces
   * the person's publications, every device's.
   */
  async publish(inviteID: string, wtId: string, sdp: string, ringing = '', layers: Record<string, Layer> = {}): Promise<string> {
    if (ringing) await this.leaveOne(this.key(inviteID, wtId, ringing))
    else await this.leave(inviteID, wtId)
    await this.ensureRoom(inviteID)
    const { room, pin } = this.roomOf(inviteID)
    const publisher = await this.attach()
    const p: Participant = {
      inviteID, wtId, room, publisher, ringing, joined: Promise.resolve(), feed: null, held: new Set(), subscriber: null, feeds: new Map(), lines: new Map(), layers: new Map(Object.entries(layers).slice(0, CALL_LIMITS.groupCallMax)), applied: new Map(), negotiating: false, offerOut: false, offerTimer: null, gathering: null, closed: false,
    }
    this.participants.set(this.key(inviteID, wtId, ringing), p)
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST, (data) => this.onPublishers(p, (data.publishers as Publisher[]) ?? []))
    // A ringing publication renamed by its accept: from now on it is shown.
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_DISPLAY, (data) => {
      const known = p.feeds.get(Number(data.feed))
      if (known) this.onPublishers(p, [{ feed: Number(data.feed), display: String(data.display ?? ''), streams: known.mids.map((mid) => ({ mid })) }])
    })
    const gone = (data: Record<string, unknown>) => this.onFeedGone(p, Number(data.feed))
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_UNPUBLISHED, gone)
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_LEAVING, gone)
    // The call ended and its room went (another process destroyed it): nothing is left to leave.
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_DESTROYED, () => {
      if (!p.closed) void this.drop(p).then(() => p.publisher.detach().catch(() => undefined))
    })
    const joining = publisher.joinConfigurePublisher({ room, pin, display: ringing ? `${RINGING}${randomUUID()}` : wtId, audio: true, video: true, jsep: { type: 'offer', sdp } })
    p.joined = joining.catch(() => undefined)
    const joined = await joining
    if (!joined.jsep?.sdp) throw new Error('janus gave no answer')
    p.feed = joined.feed
    p.feeds.delete(joined.feed)
    this.onPublishers(p, joined.publishers ?? [])
    return joined.jsep.sdp
  }

  /**
   * The person accepted from the device `ringing`: its ringing publication is renamed to their
   * user ID, which shows it to the room (every process adds it to its subscriptions), and its
   * subscription starts. Their other devices' ringing publications here go. False when this
   * process holds no ringing publication of that device (the device publishes after the accept).
   */
  async admit(inviteID: string, wtId: string, ringing: string): Promise<boolean> {
    const p = this.participants.get(this.key(inviteID, wtId, ringing))
    for (const other of [...this.participants.values()]) {
      if (other !== p && other.inviteID === inviteID && other.wtId === wtId) void this.leaveOne(this.key(inviteID, wtId, other.ringing)).catch((err: unknown) => this.log.warn({ err, inviteID }, 'sfu leave failed'))
    }
    if (!p) return false
    await p.joined
    if (p.closed) return false
    this.participants.delete(this.key(inviteID, wtId, ringing))
    p.ringing = ''
    this.participants.set(this.key(inviteID, wtId), p)
    // What it holds of the people in the call sends; what still rings stays held. The people in
    // the call on this process are told at once; other processes learn it from Janus, which tells
    // the room of the new display. That request goes last: Janus takes a plugin's requests in
    // order, and telling the room takes it longest. The accept's acknowledgement waits for none
    // of these: the media follows on links that are up.
    const admitted = this.release(p, [...p.feeds.keys()])
    if (p.feed !== null) for (const other of this.participants.values()) if (other !== p && other.inviteID === inviteID) this.onPublishers(other, [{ feed: p.feed, display: wtId }])
    void Promise.all([admitted, p.publisher.configure({ display: wtId })]).catch((err: unknown) => this.log.warn({ err, inviteID }, 'sfu admit failed'))
    this.renegotiateSoon(p)
    return true
  }

  private onPublishers(p: Participant, publishers: Publisher[]): void {
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
  private async release(p: Participant, feeds: number[]): Promise<void> {
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
  private renegotiateSoon(p: Participant): void {
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
  private async renegotiate(p: Participant): Promise<void> {
    if (p.negotiating || p.closed) return
    const inSubscription = new Set([...p.lines.values()].map((l) => l.feed))
    const added = [...p.feeds].filter(([feed]) => !inSubscription.has(feed))
    if (added.length === 0) return
    p.negotiating = true
    const { pin } = this.roomOf(p.inviteID)
    const namedAdded = () => added.map(([feed]) => p.feeds.get(feed)?.owner ?? '').filter(Boolean)
    try {
      // Each video starts at the layer its tile wants: a later switch would wait for a key frame of that layer.
      const wanted = new Map(added.map(([feed, f]) => [feed, f.owner ? this.layerOf(p, f.owner) : (0 as Layer)]))
      /** Feeds added with every m-line held in the request itself. */
      const heldAtOnce = new Set<number>()
      let offer: { jsep?: { sdp: string }; streams?: SubStream[] }
      const fresh = !p.subscriber
      if (!p.subscriber) {
        const handle = await this.attach()
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
    const waitedMs = this.cfg.offerAnswerMs ?? OFFER_ANSWER_MS
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
  private async applyLayers(p: Participant, owners: string[]): Promise<void> {
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

  private onFeedGone(p: Participant, feed: number): void {
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

  private participant(inviteID: string, wtId: string, ringing = ''): Participant {
    const p = this.participants.get(this.key(inviteID, wtId, ringing))
    if (!p) throw new Error('not publishing')
    return p
  }

  /** The browser's answer to the subscription's offer; publishers announced meanwhile follow. */
  async answer(inviteID: string, wtId: string, sdp: string, ringing = ''): Promise<void> {
    const p = this.participant(inviteID, wtId, ringing)
    if (!p.subscriber || !p.offerOut) throw new Error('no offer to answer')
    if (p.offerTimer) clearTimeout(p.offerTimer)
    p.offerTimer = null
    p.offerOut = false
    try {
      await p.subscriber.start({ jsep: { type: 'answer', sdp } })
    } finally {
      p.negotiating = false
    }
    await this.renegotiate(p)
  }

  /** ICE for a publication or a subscription; `ringing`: the device of a ringing publication. */
  async candidate(inviteID: string, wtId: string, link: 'publish' | 'subscribe', c: { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null }, ringing = ''): Promise<void> {
    const p = this.participant(inviteID, wtId, ringing)
    const handle = link === 'publish' ? p.publisher : p.subscriber
    if (!handle) return
    await handle.trickle({ candidate: c.candidate, sdpMid: c.sdpMid ?? undefined, sdpMLineIndex: c.sdpMLineIndex ?? undefined })
  }

  /**
   * The simulcast layer of one publisher's video (the tile it shows in grew or shrank). It may
   * come before that publisher is in the subscription: its video then starts at that layer.
   */
  async layer(inviteID: string, wtId: string, owner: string, substream: Layer, ringing = ''): Promise<void> {
    const p = this.participant(inviteID, wtId, ringing)
    if (p.layers.get(owner) === substream) return
    // At most one entry per person a call can hold.
    if (!p.layers.has(owner) && p.layers.size >= CALL_LIMITS.groupCallMax) return
    p.layers.set(owner, substream)
    if (p.applied.has(owner) && p.applied.get(owner) !== substream) await this.applyLayers(p, [owner])
  }

  /**
   * A participant left the call (or publishes anew): their handles go, those of a publication
   * ringing on any of their devices too; an empty room is destroyed.
   */
  async leave(inviteID: string, wtId: string): Promise<void> {
    for (const p of [...this.participants.values()]) if (p.inviteID === inviteID && p.wtId === wtId) await this.leaveOne(this.key(inviteID, wtId, p.ringing))
  }

  /** An invitee stopped ringing without accepting (timed out): only their ringing publications go. */
  async leaveRinging(inviteID: string, wtId: string): Promise<void> {
    for (const p of [...this.participants.values()]) if (p.inviteID === inviteID && p.wtId === wtId && p.ringing) await this.leaveOne(this.key(inviteID, wtId, p.ringing))
  }

  private async leaveOne(key: string): Promise<void> {
    const p = this.participants.get(key)
    if (!p) return
    await this.drop(p)
    await p.publisher.leave().catch(() => undefined)
    await p.publisher.detach().catch(() => undefined)
    await this.destroyIfEmpty(p.inviteID).catch((err: unknown) => this.log.warn({ err, inviteID: p.inviteID }, 'sfu room cleanup failed'))
  }

  /** Forgets a participant and detaches its subscription; the caller takes care of the publication. */
  private async drop(p: Participant): Promise<void> {
    const key = this.key(p.inviteID, p.wtId, p.ringing)
    if (this.participants.get(key) === p) this.participants.delete(key)
    if (p.closed) return
    p.closed = true
    if (p.offerTimer) clearTimeout(p.offerTimer)
    if (p.gathering) clearTimeout(p.gathering)
    await p.subscriber?.detach().catch(() => undefined)
  }

  /**
   * The call has ended: every local participant leaves and its room is destroyed even if other
   * processes still have people in it (ringing publications nobody accepted): Janus tells their
   * handles, and those processes let them go.
   */
  async endCall(inviteID: string): Promise<void> {
    for (const p of [...this.participants.values()]) if (p.inviteID === inviteID) await this.leaveOne(this.key(inviteID, p.wtId, p.ringing))
    const { room, secret } = this.roomOf(inviteID)
    this.rooms.delete(room)
    const admin = await this.adminHandle()
    await admin.destroy({ room, secret }).catch((err: unknown) => {
      // 426: the last one out destroyed it already.
      if ((err as { _code?: number })._code !== 426) this.log.warn({ err, inviteID }, 'sfu room not destroyed')
    })
  }

  private async destroyIfEmpty(inviteID: string): Promise<void> {
    const { room, secret } = this.roomOf(inviteID)
    const admin = await this.adminHandle()
    const { participants } = await admin.listParticipants({ room })
    if (participants.length > 0) return
    await admin.destroy({ room, secret })
    this.rooms.delete(room)
  }

  async close(): Promise<void> {
    for (const p of [...this.participants.values()]) await this.leave(p.inviteID, p.wtId)
    const session = this.session
    this.session = null
    this.admin = null
    if (session) await (await session.catch(() => null))?.destroy().catch(() => undefined)
  }
}
