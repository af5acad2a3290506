import type { IceServer, RtcPayload } from '@shared/call'
import type { CallStream, LinkStats, MediaPort, PeerLink } from '@/platform/media'

/**
 * How media flows between the participants of a call. The engine only knows this interface: the
 * peer-to-peer path below links each pair of browsers directly (one link for a one-to-one call,
 * a mesh for small groups); an SFU path would publish once and subscribe to each remote user.
 */
export interface MediaPath {
  /** Starts media with `userId`; the offerer creates the offer. */
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
}

export function peerToPeerPath(media: MediaPort, local: CallStream, iceServers: IceServer[], events: MediaPathEvents): MediaPath {
  const links = new Map<string, PeerLink>()

  function linkFor(userId: string): PeerLink {
    let link = links.get(userId)
    if (!link) {
      link = media.createPeerLink(
        { iceServers, local },
        {
          onIceCandidate: (c) => events.send(userId, { kind: 'candidate', ...c }),
          onRemoteStream: (stream) => events.remoteStream(userId, stream),
          onStateChange: (state) => {
            if (state === 'connected') events.linkState(userId, 'connected')
            else if (state === 'failed') events.linkState(userId, 'failed')
          },
        },
      )
      links.set(userId, link)
    }
    return link
  }

  return {
    async connect(userId, asOfferer) {
      const link = linkFor(userId)
      if (asOfferer) events.send(userId, { kind: 'offer', sdp: await link.createOffer() })
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
