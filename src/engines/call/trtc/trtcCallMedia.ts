import type { CallEngine, CallEngineDeps, TrtcAccess } from '../CallEngine'
import type { CallMedia } from '../callMedia'
import { CallSession } from '../session/CallSession'
import type { MediaPort } from '@/platform/media'
import type { LiveRoom, TrtcRoom } from './room'
import { trtcMedia } from './trtcMedia'
import { trtcPath } from './trtcPath'

/**
 * Media through a TRTC room: the TRTC SDK is the camera, microphone and players, and each call's
 * path is the room named after it. The caller enters the room as it dials; a callee when it
 * accepts. The mini-program's room also draws its live-pusher and live-players.
 */
export function trtcCallMedia(room: TrtcRoom & Partial<LiveRoom>, access: TrtcAccess, platform: MediaPort): CallMedia {
  return {
    port: trtcMedia(room, platform),
    openPath: ({ ref, caller, events }) => trtcPath(room, { inviteID: ref.inviteID, enterNow: caller, userSig: () => access.userSig() }, events),
    liveEvent: (event) => room.liveEvent?.(event),
    onLiveView: (listener) => void room.onLiveView?.(listener),
  }
}

/**
 * The call engine with TRTC carrying the media: the same call messages, records, limits, state
 * machine and screens as the self-hosted engine (the same call session), over a TRTC room.
 */
export function createTrtcCallEngine(deps: CallEngineDeps, room: TrtcRoom & Partial<LiveRoom>): CallEngine {
  if (!deps.trtc) throw new Error('the TRTC engine needs TRTC access')
  return new CallSession(deps, trtcCallMedia(room, deps.trtc, deps.media))
}
