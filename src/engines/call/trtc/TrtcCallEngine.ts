import type { IceServer } from '@shared/call'
import type { CallStream } from '@/platform/media'
import type { CallEngineDeps, TrtcAccess } from '../CallEngine'
import type { LiveEvent } from '../liveView'
import type { MediaPath, MediaPathEvents } from '../mediaPath'
import type { CallRef } from '../signaling'
import { CallRole } from '../state'
import { WebRtcCallEngine } from '../webrtc/WebRtcCallEngine'
import type { LiveRoom, TrtcRoom } from './room'
import { trtcMedia } from './trtcMedia'
import { trtcPath } from './trtcPath'

/**
 * The call engine with TRTC carrying the media: the same call messages, records, limits, state
 * machine and screens as the self-hosted engine (it is that engine), with the TRTC room as its
 * media path and the TRTC SDK as its camera, microphone and players. The caller enters the room
 * as it dials; a callee when it accepts.
 */
export class TrtcCallEngine extends WebRtcCallEngine {
  private readonly room: TrtcRoom & Partial<Pick<LiveRoom, 'liveEvent'>>
  private readonly access: TrtcAccess

  constructor(deps: CallEngineDeps, room: TrtcRoom & Partial<LiveRoom>) {
    if (!deps.trtc) throw new Error('the TRTC engine needs TRTC access')
    super({ ...deps, media: trtcMedia(room, deps.media) })
    this.room = room
    this.access = deps.trtc
    room.onLiveView?.((view) => this.events.emit('liveView', view))
  }

  protected override createMediaPath(ref: CallRef, _local: CallStream, _config: { iceServers: IceServer[]; sfu: boolean }, events: Omit<MediaPathEvents, 'send'>): MediaPath {
    const enterNow = this.getState().callRole === CallRole.Caller
    return trtcPath(this.room, { inviteID: ref.inviteID, enterNow, userSig: () => this.access.userSig() }, events)
  }

  override liveEvent(event: LiveEvent): void {
    this.room.liveEvent?.(event)
  }
}
