import { randomUUID } from 'node:crypto'
import Janode from 'janode'
import VideoRoomPlugin from 'janode/plugins/videoroom'
import { CALL_LIMITS } from '../../../../types/call.js'
import { JanusConnection } from './connection.js'
import { Subscriptions } from './subscriptions.js'
import { RINGING, type Layer, type Log, type Participant, type Publisher, type SfuConfig, type SfuSend } from './types.js'

export { OFFER_ANSWER_MS, type SfuConfig, type SfuSend } from './types.js'

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
 *
 * JanusSfu (here) keeps the participants and their publications; janus/connection.ts holds the
 * session, the handles and the room admin; janus/subscriptions.ts each participant's
 * subscription and its renegotiation; janus/types.ts the shapes they share.
 */

/**
 * janode logs to the console on its own; it follows the server's level (pino's names: fatal and
 * error → error, warn → warn, info → info, debug and trace → debug, silent → none).
 */
export function setJanodeLogLevel(level: string): void {
  const janode: Record<string, string> = { fatal: 'error', error: 'error', warn: 'warn', info: 'info', debug: 'debug', trace: 'debug', silent: 'none' }
  Janode.Logger.setLevel(janode[level] ?? 'warn')
}

export class JanusSfu {
  private readonly conn: JanusConnection
  private readonly subs: Subscriptions
  private readonly participants = new Map<string, Participant>()

  constructor(
    cfg: SfuConfig,
    send: SfuSend,
    private readonly log: Log,
  ) {
    this.conn = new JanusConnection(cfg)
    this.subs = new Subscriptions(this.conn, send, log, cfg.offerAnswerMs)
  }

  /** The room, pin and secret of a call: HMACs of its inviteID, the same in every process. */
  roomOf(inviteID: string): { room: number; pin: string; secret: string } {
    return this.conn.roomOf(inviteID)
  }

  /**
   * While a group call rings: its room is made and spare handles attached, so the people who
   * accept publish and subscribe without waiting for either. Nothing is granted to anyone here.
   */
  prepare(inviteID: string): void {
    this.conn.topUp()
    this.conn.ensureRoom(inviteID).catch((err: unknown) => this.log.warn({ err, inviteID }, 'sfu room not made ahead'))
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
    await this.conn.ensureRoom(inviteID)
    const { room, pin } = this.roomOf(inviteID)
    const publisher = await this.conn.attach()
    const p: Participant = {
      inviteID, wtId, room, publisher, ringing, joined: Promise.resolve(), feed: null, held: new Set(), subscriber: null, feeds: new Map(), lines: new Map(), layers: new Map(Object.entries(layers).slice(0, CALL_LIMITS.groupCallMax)), applied: new Map(), negotiating: false, offerOut: false, offerTimer: null, gathering: null, closed: false,
    }
    this.participants.set(this.key(inviteID, wtId, ringing), p)
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST, (data) => this.subs.onPublishers(p, (data.publishers as Publisher[]) ?? []))
    // A ringing publication renamed by its accept: from now on it is shown.
    publisher.on(VideoRoomPlugin.EVENT.VIDEOROOM_DISPLAY, (data) => {
      const known = p.feeds.get(Number(data.feed))
      if (known) this.subs.onPublishers(p, [{ feed: Number(data.feed), display: String(data.display ?? ''), streams: known.mids.map((mid) => ({ mid })) }])
    })
    const gone = (data: Record<string, unknown>) => this.subs.onFeedGone(p, Number(data.feed))
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
    this.subs.onPublishers(p, joined.publishers ?? [])
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
    const admitted = this.subs.release(p, [...p.feeds.keys()])
    if (p.feed !== null) for (const other of this.participants.values()) if (other !== p && other.inviteID === inviteID) this.subs.onPublishers(other, [{ feed: p.feed, display: wtId }])
    void Promise.all([admitted, p.publisher.configure({ display: wtId })]).catch((err: unknown) => this.log.warn({ err, inviteID }, 'sfu admit failed'))
    this.subs.renegotiateSoon(p)
    return true
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
    await this.subs.renegotiate(p)
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
    if (p.applied.has(owner) && p.applied.get(owner) !== substream) await this.subs.applyLayers(p, [owner])
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
    await this.conn.destroyIfEmpty(p.inviteID).catch((err: unknown) => this.log.warn({ err, inviteID: p.inviteID }, 'sfu room cleanup failed'))
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
    await this.conn.destroyRoom(inviteID, (err) => this.log.warn({ err, inviteID }, 'sfu room not destroyed'))
  }

  async close(): Promise<void> {
    for (const p of [...this.participants.values()]) await this.leave(p.inviteID, p.wtId)
    await this.conn.close()
  }
}
