import type { IceServer, RtcPayload, SfuEvent, SfuRequest } from '@shared/call'
import type { CallStream, LinkStats, MediaPort, PeerLink, PeerLinkEvents } from '@/platform/media'

/**
 * How media flows between the participants of a call. The call session only knows this interface:
 * the peer-to-peer path below links each pair of browsers directly (one link for a one-to-one
 * call, a mesh for small groups); the SFU path publishes once and subscribes to the others; the
 * TRTC path (trtc/trtcPath.ts) enters a TRTC room.
 */
export interface MediaPath {
  /**
   * Readies the link to `userId` and our offer before anything may be sent (a callee still
   * ringing): ICE gathers meanwhile, and connect then sends the offer at once with the
   * candidates found so far.
   */
  prepare(userId: string): Promise<void>
  /** Starts media with `userId`; the offerer sends the offer (the prepared one when there is one). */
  connect(userId: string, asOfferer: boolean): Promise<void>
  /** A negotiation frame from a participant. */
  handle(from: string, payload: RtcPayload): Promise<void>
  disconnect(userId: string): void
  /** Stops sending video to everyone (switch to audio). */
  dropVideo(): void
  /** What each link to a remote user measured (volume, round trip, losses). */
  stats(): Promise<Map<string, LinkStats>>
  close(): void
}

export interface MediaPathEvents {
  send(to: string, payload: RtcPayload): void
  remoteStream(userId: string, stream: CallStream): void
  /** The link to a user connected, or failed for good. */
  linkState(userId: string, state: 'connected' | 'failed'): void
  /**
   * A media service that knows when a participant's microphone or camera goes on or off says so
   * (TRTC); the peer-to-peer path learns it from the participants' own `media` frames instead.
   */
  remoteMedia?(userId: string, media: { audio: boolean; video: boolean }): void
  /**
   * The media service refused the call before anyone was in it (TRTC: a wrong SDKAppID or
   * UserSig, a room it would not open): no link will ever connect, so the call ends.
   */
  pathFailed?(reason: string): void
}

/** The events of a link that receives `userId`'s media: its stream, its state, and our candidates for it. */
function linkEvents(userId: string, events: Pick<MediaPathEvents, 'remoteStream' | 'linkState'>, onIceCandidate: PeerLinkEvents['onIceCandidate']): PeerLinkEvents {
  return {
    onIceCandidate,
    onRemoteStream: (stream) => events.remoteStream(userId, stream),
    onStateChange: (state) => {
      if (state === 'connected') events.linkState(userId, 'connected')
      else if (state === 'failed') events.linkState(userId, 'failed')
    },
  }
}

export function peerToPeerPath(media: MediaPort, local: CallStream, iceServers: IceServer[], events: MediaPathEvents): MediaPath {
  const links = new Map<string, PeerLink>()
  const prepared = new Map<string, Promise<unknown>>()
  /** Links whose candidates are kept back: nothing may reach that user yet. */
  const held = new Set<string>()

  function linkFor(userId: string): PeerLink {
    let link = links.get(userId)
    if (!link) {
      link = media.createPeerLink(
        { iceServers, local },
        linkEvents(userId, events, (c) => {
          if (!held.has(userId)) events.send(userId, { kind: 'candidate', ...c })
        }),
      )
      links.set(userId, link)
    }
    return link
  }

  return {
    async prepare(userId) {
      held.add(userId)
      const ready = linkFor(userId).createOffer()
      prepared.set(userId, ready)
      await ready
    },
    async connect(userId, asOfferer) {
      const link = linkFor(userId)
      if (!asOfferer) return
      const ready = prepared.get(userId)
      if (!ready) {
        events.send(userId, { kind: 'offer', sdp: await link.createOffer() })
        return
      }
      prepared.delete(userId)
      await ready
      // The description lists every candidate gathered until now; the later ones trickle.
      held.delete(userId)
      events.send(userId, { kind: 'offer', sdp: link.localSdp() })
    },
    async handle(from, payload) {
      switch (payload.kind) {
        case 'offer':
          events.send(from, { kind: 'answer', sdp: await linkFor(from).acceptOffer(payload.sdp) })
          return
        case 'answer':
          await links.get(from)?.acceptAnswer(payload.sdp)
          return
        case 'candidate':
          await linkFor(from).addCandidate({ candidate: payload.candidate, sdpMid: payload.sdpMid, sdpMLineIndex: payload.sdpMLineIndex })
          return
        default:
          return
      }
    },
    disconnect(userId) {
      links.get(userId)?.close()
      links.delete(userId)
      prepared.delete(userId)
      held.delete(userId)
    },
    dropVideo() {
      for (const link of links.values()) link.dropVideo()
    },
    async stats() {
      const out = new Map<string, LinkStats>()
      for (const [userId, link] of links) {
        try {
          out.set(userId, await link.stats())
        } catch {
          // A closing link has nothing to report.
        }
      }
      return out
    },
    close() {
      for (const link of links.values()) link.close()
      links.clear()
    },
  }
}

/** The SFU path's extra events: its requests go to the server, not to a participant. */
export interface SfuPathEvents extends Omit<MediaPathEvents, 'send'> {
  /** False when the request could not go out (the socket is reconnecting). */
  sfu(request: SfuRequest): boolean | void
}

/** A media path through the SFU also takes the SFU's events and the layer each feed is shown at. */
export interface SfuMediaPath extends MediaPath {
  /**
   * Sends the publication: the offer made with the path, with the candidates gathered since.
   * Until then nothing goes out, so a ringing invitee's path can be made ahead.
   */
  publish(): Promise<void>
  handleSfu(event: SfuEvent): Promise<void>
  /** Settles once the first subscription offer is answered (never, if none comes). */
  answered(): Promise<void>
  /** The simulcast layer to receive of a user's feed (0 low … 2 high), from the size of its tile. */
  setLayer(userId: string, substream: 0 | 1 | 2): void
}

export const isSfuPath = (path: MediaPath): path is SfuMediaPath => 'handleSfu' in path

/**
 * Group calls through the SFU (Janus, driven by the server): one publication of the local
 * tracks, and one receive-only subscription that carries every other participant. The SFU
 * offers the subscription whole, again each time a publisher is added (a renegotiation on a link
 * that is already up), naming the participant of each m-line. Participants are not connected to
 * each other, so connect and the peer frames do nothing here.
 */
export function sfuPath(media: MediaPort, local: CallStream, iceServers: IceServer[], events: SfuPathEvents): SfuMediaPath {
  let published = false
  const publisher = media.createPeerLink(
    { iceServers, local, role: 'publish' },
    {
      onIceCandidate: (c) => {
        if (published) events.sfu({ kind: 'candidate', link: 'publish', ...c })
      },
      onRemoteStream: () => undefined,
      onStateChange: () => undefined,
    },
  )
  /** The participant each m-line of the subscription carries, by mid. */
  const owners = new Map<string, string>()
  const layers = new Map<string, 0 | 1 | 2>()
  /** The layers the server was told, by the publication or later requests. */
  const told = new Map<string, 0 | 1 | 2>()
  /** Janus answered the publication: the server holds it and takes layer requests. */
  let inRoom = false
  /** Also for someone not subscribed yet: the SFU starts their video at that layer. */
  const tellLayers = () => {
    if (!inRoom) return
    for (const [feed, substream] of layers) {
      if (told.get(feed) === substream) continue
      told.set(feed, substream)
      events.sfu({ kind: 'layer', feed, substream })
    }
  }
  let subscription: PeerLink | null = null
  let subscriptionState = 'new'
  /**
   * While an offer is being answered, the streams it brings wait: showing them renders the
   * screen, and the answer (which starts the media) should not wait behind that.
   */
  let answering: Array<() => void> | null = null
  let closed = false
  let firstAnswer: () => void = () => undefined
  const answeredOnce = new Promise<void>((resolve) => (firstAnswer = resolve))
  const offered = publisher.createOffer()
  offered.catch((err: unknown) => console.warn('publication offer failed', err))

  const present = () => new Set(owners.values())

  function subscriptionLink(): PeerLink {
    subscription ??= media.createPeerLink(
      { iceServers, local, role: 'subscribe', streamOf: (mid) => owners.get(mid) ?? '' },
      {
        onIceCandidate: (c) => events.sfu({ kind: 'candidate', link: 'subscribe', ...c }),
        onRemoteStream: (stream, owner) => {
          if (!owner) return
          if (answering) answering.push(() => events.remoteStream(owner, stream))
          else events.remoteStream(owner, stream)
        },
        onStateChange: (state) => {
          subscriptionState = state
          if (state === 'connected' || state === 'failed') for (const owner of present()) events.linkState(owner, state)
        },
      },
    )
    return subscription
  }

  return {
    async publish() {
      if (published) return
      await offered
      if (closed || published) return
      // The description lists every candidate gathered until now; the later ones trickle.
      // The layers known by now go along: the subscription starts each video at its tile's layer.
      for (const [userId, layer] of layers) told.set(userId, layer)
      const wanted = told.size > 0 ? { layers: Object.fromEntries(told) } : {}
      published = events.sfu({ kind: 'publish', sdp: publisher.localSdp(), ...wanted }) !== false
    },
    async prepare() {
      // The publication is readied with the path; nothing to ready per participant.
    },
    async connect() {
      // The SFU offers each publisher's feed; nothing to start per participant.
    },
    async handle() {
      // No peer-to-peer negotiation on this path.
    },
    async handleSfu(event) {
      if (closed) return
      switch (event.kind) {
        case 'published':
          // The publication exists on the server from now on; layers changed meanwhile follow.
          inRoom = true
          tellLayers()
          return publisher.acceptAnswer(event.sdp)
        case 'offer': {
          const before = present()
          // The SFU started the subscription over (an offer of ours went unanswered): a new link.
          if (event.fresh && subscription) {
            subscription.close()
            subscription = null
            subscriptionState = 'new'
          }
          owners.clear()
          for (const s of event.streams) owners.set(s.mid, s.feed)
          answering = []
          let sdp: string
          try {
            sdp = await subscriptionLink().acceptOffer(event.sdp)
          } finally {
            const shown = answering
            answering = null
            if (!closed) queueMicrotask(() => shown.forEach((show) => show()))
          }
          if (closed) return
          events.sfu({ kind: 'answer', sdp })
          firstAnswer()
          // Added to a subscription that is up already: no state change will say so.
          if (subscriptionState === 'connected') for (const owner of present()) if (!before.has(owner)) events.linkState(owner, 'connected')
          return
        }
        case 'named': {
          // Someone who rang accepted: their media comes on m-lines the subscription already has.
          const before = present()
          for (const s of event.streams) owners.set(s.mid, s.feed)
          subscription?.refile(event.streams.map((s) => s.mid))
          if (subscriptionState === 'connected') for (const owner of present()) if (!before.has(owner)) events.linkState(owner, 'connected')
          return
        }
        case 'gone':
          for (const [mid, owner] of owners) if (owner === event.feed) owners.delete(mid)
          return
        case 'error':
          console.warn('sfu refused', event.feed, event.msg)
          return
        default:
          return
      }
    },
    answered() {
      return answeredOnce
    },
    setLayer(userId, substream) {
      layers.set(userId, substream)
      tellLayers()
    },
    disconnect(userId) {
      // The SFU drops a participant who left from the subscription (gone); the m-line stays.
      for (const [mid, owner] of owners) if (owner === userId) owners.delete(mid)
    },
    dropVideo() {
      publisher.dropVideo()
    },
    async stats() {
      const out = new Map<string, LinkStats>()
      let sent: LinkStats | null = null
      let got: LinkStats | null = null
      try {
        sent = await publisher.stats()
        got = subscription ? await subscription.stats() : null
      } catch {
        // A closing link has nothing to report.
      }
      if (!got) return out
      // The subscription measures each participant by their m-lines; the publication, our own microphone.
      const rttMs = Math.max(got.rttMs, sent?.rttMs ?? 0)
      for (const line of got.inbound ?? []) {
        const owner = owners.get(line.mid)
        if (!owner) continue
        const s = out.get(owner) ?? { audioLevel: 0, localAudioLevel: sent?.localAudioLevel ?? 0, rttMs, packetsLost: 0, packetsReceived: 0 }
        s.packetsLost += line.packetsLost
        s.packetsReceived += line.packetsReceived
        if (line.kind === 'audio') s.audioLevel = line.audioLevel
        out.set(owner, s)
      }
      return out
    },
    close() {
      closed = true
      subscription?.close()
      publisher.close()
    },
  }
}
