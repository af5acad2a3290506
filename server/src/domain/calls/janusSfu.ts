import { createHmac } from 'node:crypto'
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
 * Each participant publishes once (simulcast when the browser sends it) and gets one
 * subscription per other publisher; a process watches the room through its own participants'
 * publisher handles (Janus announces new publishers and departures there) and subscribes them.
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
  joinSubscriber(p: Record<string, unknown>): Promise<{ jsep?: { sdp: string } }>
  start(p: Record<string, unknown>): Promise<unknown>
  configure(p: Record<string, unknown>): Promise<unknown>
  trickle(c: Record<string, unknown>): Promise<unknown>
  leave(): Promise<unknown>
  detach(): Promise<unknown>
}
interface Publisher {
  feed: number
  display?: string
}

export interface SfuConfig {
  url: string
  /** Janus's api_secret; scripts/janus.sh also makes it the VideoRoom's admin_key, so only this server creates rooms. */
  apiSecret: string | null
  roomSecret: string
}

/** What the driver tells a participant (their devices, through the bus). */
export type SfuSend = (wtId: string, inviteID: string, event: SfuEvent) => Promise<void>

interface Participant {
  inviteID: string
  wtId: string
  room: number
  publisher: Handle
  /** Subscriptions by the publisher's user ID. */
  subscriptions: Map<string, Handle>
  /** Feeds of the room's publishers by user ID, as Janus announced them. */
  feeds: Map<string, number>
  closed: boolean
}

interface Log {
  warn(obj: unknown, msg?: string): void
}

const PIN_BYTES = 16

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

  private async attach(): Promise<Handle> {
    const session = await this.connect()
    return (await session.attach(VideoRoomPlugin)) as Handle
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
    const admin = await this.adminHandle()
    try {
      await admin.create({ room, pin, secret, ...(this.cfg.apiSecret ? { admin_key: this.cfg.apiSecret } : {}), max_publishers: CALL_LIMITS.groupCallMax, audiocodec: 'opus', videocodec: 'vp8', bitrate: 1_200_000, notify_joining: false, is_private: true })
    } catch (err) {
      // 427: another process (or an earlier publish) created it first.
      if ((err as { _code?: number })._code !== 427) throw err
    }
  }

  private key = (inviteID: string, wtId: string) => `${inviteID}\n${wtId}`

  /** A participant's publication: joins the room as publisher and returns Janus's answer. */
  async publish(inviteID: string, wtId: string, sdp: string): Promise<string> {
    await this.leave(inviteID, wtId)
    await this.ensureRoom(inviteID)
    const { room, pin } = this.roomOf(inviteID)
    const publisher = await this.attach()
    const p: Participant = { inviteID, wtId, room, publisher, subscriptions: new Map(), feeds: new Map(), closed: false }
    this.participants.set(this.key(inviteID, wtId), p)
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST, (data) => this.onPublishers(p, (data.publishers as Publisher[]) ?? []))
    const gone = (data: Record<string, unknown>) => this.onFeedGone(p, Number(data.feed))
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_UNPUBLISHED, gone)
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_LEAVING, gone)
    const joined = await publisher.joinConfigurePublisher({ room, pin, display: wtId, audio: true, video: true, jsep: { type: 'offer', sdp } })
    if (!joined.jsep?.sdp) throw new Error('janus gave no answer')
    this.onPublishers(p, joined.publishers ?? [])
    return joined.jsep.sdp
  }

  private onPublishers(p: Participant, publishers: Publisher[]): void {
    for (const pub of publishers) {
      const owner = pub.display ?? ''
      if (!owner || owner === p.wtId || p.closed) continue
      p.feeds.set(owner, pub.feed)
      if (!p.subscriptions.has(owner)) void this.subscribe(p, owner, pub.feed)
    }
  }

  private async subscribe(p: Participant, owner: string, feed: number): Promise<void> {
    const { pin } = this.roomOf(p.inviteID)
    try {
      const handle = await this.attach()
      if (p.closed || p.subscriptions.has(owner)) return void handle.detach().catch(() => undefined)
      p.subscriptions.set(owner, handle)
      // Start on the low layer; the browser asks for more once it knows the tile's size.
      const joined = await handle.joinSubscriber({ room: p.room, feed, pin, sc_substream_layer: 0 })
      if (!joined.jsep?.sdp) throw new Error('janus gave no offer')
      await this.send(p.wtId, p.inviteID, { kind: 'offer', feed: owner, sdp: joined.jsep.sdp })
    } catch (err) {
      this.log.warn({ err, inviteID: p.inviteID, owner }, 'sfu subscription failed')
      await this.send(p.wtId, p.inviteID, { kind: 'error', feed: owner, msg: 'subscription failed' }).catch(() => undefined)
    }
  }

  private onFeedGone(p: Participant, feed: number): void {
    for (const [owner, f] of p.feeds) {
      if (f !== feed) continue
      p.feeds.delete(owner)
      const handle = p.subscriptions.get(owner)
      p.subscriptions.delete(owner)
      if (handle) void handle.detach().catch(() => undefined)
      void this.send(p.wtId, p.inviteID, { kind: 'gone', feed: owner }).catch(() => undefined)
    }
  }

  private participant(inviteID: string, wtId: string): Participant {
    const p = this.participants.get(this.key(inviteID, wtId))
    if (!p) throw new Error('not publishing')
    return p
  }

  /** The browser's answer to a subscription offer. */
  async answer(inviteID: string, wtId: string, owner: string, sdp: string): Promise<void> {
    const handle = this.participant(inviteID, wtId).subscriptions.get(owner)
    if (!handle) throw new Error('no such subscription')
    await handle.start({ jsep: { type: 'answer', sdp } })
  }

  async candidate(inviteID: string, wtId: string, owner: string, c: { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null }): Promise<void> {
    const p = this.participant(inviteID, wtId)
    const handle = owner ? p.subscriptions.get(owner) : p.publisher
    if (!handle) return
    await handle.trickle({ candidate: c.candidate, sdpMid: c.sdpMid ?? undefined, sdpMLineIndex: c.sdpMLineIndex ?? undefined })
  }

  /** The simulcast layer of one subscription (the tile it shows in grew or shrank). */
  async layer(inviteID: string, wtId: string, owner: string, substream: 0 | 1 | 2): Promise<void> {
    const handle = this.participant(inviteID, wtId).subscriptions.get(owner)
    if (handle) await handle.configure({ sc_substream_layer: substream })
  }

  /** A participant left the call (or publishes anew): its handles go; an empty room is destroyed. */
  async leave(inviteID: string, wtId: string): Promise<void> {
    const key = this.key(inviteID, wtId)
    const p = this.participants.get(key)
    if (!p) return
    this.participants.delete(key)
    p.closed = true
    for (const handle of p.subscriptions.values()) await handle.detach().catch(() => undefined)
    await p.publisher.leave().catch(() => undefined)
    await p.publisher.detach().catch(() => undefined)
    await this.destroyIfEmpty(inviteID).catch((err: unknown) => this.log.warn({ err, inviteID }, 'sfu room cleanup failed'))
  }

  /** Every local participant of a call that has ended leaves. */
  async endCall(inviteID: string): Promise<void> {
    for (const p of [...this.participants.values()]) if (p.inviteID === inviteID) await this.leave(inviteID, p.wtId)
  }

  private async destroyIfEmpty(inviteID: string): Promise<void> {
    const { room, secret } = this.roomOf(inviteID)
    const admin = await this.adminHandle()
    const { participants } = await admin.listParticipants({ room })
    if (participants.length === 0) await admin.destroy({ room, secret })
  }

  async close(): Promise<void> {
    for (const p of [...this.participants.values()]) await this.leave(p.inviteID, p.wtId)
    const session = this.session
    this.session = null
    this.admin = null
    if (session) await (await session.catch(() => null))?.destroy().catch(() => undefined)
  }
}
