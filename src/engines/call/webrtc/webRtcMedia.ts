import type { MediaPort } from '@/platform/media'
import type { CallEngine, CallEngineDeps } from '../CallEngine'
import type { CallMedia } from '../callMedia'
import { peerToPeerPath, sfuPath } from '../mediaPath'
import { CallSession } from '../session/CallSession'

/**
 * Media over WebRTC from the platform's media port: group calls publish once to the SFU when the
 * server has one (JANUS_URL); one-to-one calls, and group calls without it, link peer to peer.
 */
export function webRtcMedia(port: MediaPort): CallMedia {
  return {
    port,
    openPath({ ref, local, config, events, afterAccept, sendRtc, sendSfu }) {
      if (ref.groupID && config.sfu) {
        return sfuPath(port, local, config.iceServers, {
          ...events,
          remoteStream: (userId, stream) => afterAccept(() => events.remoteStream(userId, stream)),
          linkState: (userId, state) => afterAccept(() => events.linkState(userId, state)),
          sfu: sendSfu,
        })
      }
      return peerToPeerPath(port, local, config.iceServers, { ...events, send: sendRtc })
    },
    liveEvent() {
      // WebRTC has no native live components.
    },
    onLiveView() {
      // Nor a live view to draw.
    },
  }
}

/** The self-hosted call engine: the call session with WebRTC carrying its media. */
export const createWebRtcCallEngine = (deps: CallEngineDeps): CallEngine => new CallSession(deps, webRtcMedia(deps.media))
