import type { TrtcUserSig } from '@shared/trtc'
import { trtcRoomOf } from '@shared/trtc'
import type { CallStream, LinkStats } from '@/platform/media'
import type { MediaPath, MediaPathEvents } from '../mediaPath'
import type { TrtcRoom } from './room'

/**
 * The stream handle of a TRTC participant: the SDK captures and plays; the handle only names it.
 * Stopping the local one releases camera and microphone even when no room was entered (a call
 * that failed before its media path existed).
 */
export function trtcStream(room: TrtcRoom, userId: string): CallStream {
  return {
    id: `trtc-${userId || 'local'}`,
    setEnabled: (kind, enabled) => {
      if (!userId) room.setLocalEnabled(kind, enabled)
    },
    stop: () => {
      if (!userId) void room.exit().catch((err: unknown) => console.warn('TRTC devices not released', err))
    },
  }
}

/**
 * A call's media through a TRTC room named after its inviteID. Nothing is negotiated between the
 * participants: the room is entered when this side may send (the caller at once, the callee on
 * its accept, see `connect`), TRTC tells who entered and what they publish, and those reports
 * become the path's events. The signalling (invite, accept, hang-up, records) stays ours.
 */
export function trtcPath(room: TrtcRoom, opts: { inviteID: string; enterNow: boolean; userSig: () => Promise<TrtcUserSig> }, events: Omit<MediaPathEvents, 'send'>): MediaPath {
  const measured = new Map<string, LinkStats>()
  const present = new Map<string, { audio: boolean; video: boolean }>()
  let entering: Promise<void> | null = null
  let closed = false
  let localVolume = 0

  function statsOf(userId: string): LinkStats {
    let s = measured.get(userId)
    if (!s) {
      s = { audioLevel: 0, localAudioLevel: 0, rttMs: 0, packetsLost: 0, packetsReceived: 0 }
      measured.set(userId, s)
    }
    return s
  }

  function enter(): Promise<void> {
    entering ??= opts.userSig().then((auth) => {
      if (closed) return
      return room.enter(auth, trtcRoomOf(opts.inviteID), {
        remoteJoined(userId) {
          present.set(userId, { audio: false, video: false })
          events.remoteStream(userId, trtcStream(room, userId))
          events.linkState(userId, 'connected')
        },
        remoteLeft(userId) {
          present.delete(userId)
          measured.delete(userId)
          events.linkState(userId, 'failed')
        },
        remoteMedia(userId, kind, available) {
          const now = { ...(present.get(userId) ?? { audio: false, video: false }), [kind]: available }
          present.set(userId, now)
          events.remoteMedia?.(userId, now)
        },
        volumes(volumes) {
          for (const [userId, volume] of Object.entries(volumes)) {
            if (!userId) localVolume = volume / 100
            else if (present.has(userId)) statsOf(userId).audioLevel = volume / 100
          }
        },
        network(userId, link) {
          // Loss comes as a share; the quality scale reads it from packet counts, per 10,000.
          const lost = Math.round(link.loss * 10_000)
          const targets = userId ? [userId] : [...present.keys()]
          for (const u of targets) Object.assign(statsOf(u), { rttMs: link.rttMs, packetsLost: lost, packetsReceived: 10_000 - lost })
        },
        failed(reason) {
          console.warn('TRTC room lost', reason)
          if (present.size === 0) events.pathFailed?.(reason)
          for (const userId of present.keys()) events.linkState(userId, 'failed')
        },
      })
    })
    return entering
  }

  /** Entering was refused (the UserSig could not be had, or TRTC said no): the call cannot carry media. */
  function refused(err: unknown): void {
    console.warn('TRTC room not entered', err)
    if (!closed && present.size === 0) events.pathFailed?.(err instanceof Error ? err.message : String(err))
  }

  if (opts.enterNow) enter().catch(refused)

  return {
    async prepare() {
      // A ringing callee has its camera open already; entering the room waits for the accept.
    },
    async connect() {
      // A callee's refused entry fails its accept, which ends the call with 'Accept failed'.
      await enter()
    },
    async handle() {
      // TRTC negotiates with its own servers; no frames between participants.
    },
    disconnect(userId) {
      present.delete(userId)
      measured.delete(userId)
    },
    dropVideo() {
      room.setLocalEnabled('video', false)
    },
    async stats() {
      const out = new Map<string, LinkStats>()
      for (const userId of present.keys()) out.set(userId, { ...statsOf(userId), localAudioLevel: localVolume })
      return out
    },
    close() {
      closed = true
      present.clear()
      void room.exit().catch((err: unknown) => console.warn('TRTC exit failed', err))
    },
  }
}
