import type { TrtcUserSig } from '@shared/trtc'
import type { DeviceType, MediaDevice } from '@/platform/media'
import type { LiveEvent, LiveView } from '../liveView'

/** What a TRTC room reports, in the SDK-neutral words of our call engine. */
export interface TrtcRoomEvents {
  remoteJoined(userId: string): void
  remoteLeft(userId: string): void
  remoteMedia(userId: string, kind: 'audio' | 'video', available: boolean): void
  /** Volumes 0..100 by user ID ('' for the local microphone). */
  volumes(volumes: Record<string, number>): void
  /** Round trip and loss (0..1) of the link as TRTC measured it; '' for our own upstream. */
  network(userId: string, link: { rttMs: number; loss: number }): void
  /** The room is lost for good (kicked out, a fatal SDK error): the call cannot go on. */
  failed(reason: string): void
}

/**
 * One TRTC SDK (trtc-sdk-v5 in the browser, trtc-wx-sdk with live-pusher and live-player in the
 * mini-program) reduced to what a call needs. The engine knows only this.
 */
export interface TrtcRoom {
  /** Opens the camera (video) and microphone before the room: rejects with a MediaAccessError. */
  openLocal(opts: { video: boolean; resolution: '480p' | '720p' | '1080p' }): Promise<void>
  setLocalEnabled(kind: 'audio' | 'video', enabled: boolean): void
  /** Enters the call's room and publishes what openLocal opened. */
  enter(auth: TrtcUserSig, roomId: string, events: TrtcRoomEvents): Promise<void>
  /** Leaves the room (if entered) and releases camera and microphone; a second call does nothing. */
  exit(): Promise<void>
  /** Shows a participant's video ('' for the local one) in the element `domId`; false while it does not exist. */
  view(userId: string, domId: string, objectFit: 'contain' | 'cover' | 'fill'): boolean
  /** Remote sound off or on. */
  muteSpeaker(muted: boolean): void
  switchCamera(position: 'front' | 'back'): Promise<void>
  listDevices(): Promise<MediaDevice[]>
  switchDevice(kind: DeviceType, deviceId: string): Promise<void>
}

/** A mini-program room also draws the live-pusher and live-players and takes their events. */
export interface LiveRoom extends TrtcRoom {
  onLiveView(listener: (view: LiveView | null) => void): () => void
  liveEvent(event: LiveEvent): void
}
