/**
 * Camera, microphone and WebRTC for calls. Only the H5 build has them; the mini-program has no
 * WebRTC, so there every capability answers "unsupported" and calls point to the web app.
 */

export { MediaAccessError, type MediaErrorKind } from './mediaAccess'

/** An opaque local or remote media stream; only platform code looks inside. */
export interface CallStream {
  readonly id: string
  /** Turns the tracks of a kind on or off without renegotiating. */
  setEnabled(kind: 'audio' | 'video', enabled: boolean): void
  stop(): void
}

export type PeerLinkRole = 'peer' | 'publish' | 'subscribe'

export interface PeerLinkEvents {
  onIceCandidate(c: { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null }): void
  /** A remote stream, and on a link made with `streamOf` the key its tracks were filed under. */
  onRemoteStream(stream: CallStream, key?: string): void
  /** 'connected', 'failed', 'closed'… (RTCPeerConnection.connectionState). */
  onStateChange(state: string): void
}

/** What a link measured so far: audio levels 0..1, round trip and packet counts since it started. */
export interface LinkStats {
  audioLevel: number
  localAudioLevel: number
  rttMs: number
  packetsLost: number
  packetsReceived: number
  /** The same, per received m-line (a link that carries several people's media). */
  inbound?: Array<{ mid: string; kind: 'audio' | 'video'; audioLevel: number; packetsLost: number; packetsReceived: number }>
}

/** One peer connection, reduced to what signaling needs. */
export interface PeerLink {
  createOffer(): Promise<string>
  /**
   * The local description as it stands: after createOffer it also lists the ICE candidates
   * gathered since, so an offer prepared ahead goes out whole and needs no trickle for them.
   */
  localSdp(): string
  /** Applies the remote offer and answers it. */
  acceptOffer(sdp: string): Promise<string>
  acceptAnswer(sdp: string): Promise<void>
  addCandidate(c: { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null }): Promise<void>
  /** Stops sending video (a switch to audio) without renegotiating. */
  dropVideo(): void
  /**
   * On a link made with `streamOf`: files the received tracks of these m-lines again (their key
   * changed without a new description), through onRemoteStream.
   */
  refile(mids: string[]): void
  stats(): Promise<LinkStats>
  close(): void
}

export type DeviceType = 'camera' | 'microphone' | 'speaker'

export interface MediaDevice {
  deviceId: string
  label: string
  deviceType: DeviceType
}

/** Which input to capture from when replacing a local track. */
export type InputChoice = { deviceId: string } | { facingMode: 'user' | 'environment' }

export interface PeerLinkOptions {
  iceServers: Array<{ urls: string[]; username?: string; credential?: string }>
  local: CallStream
  role?: PeerLinkRole
  /**
   * A link that receives several people (the SFU's subscription): the key (a user ID) each
   * received m-line belongs to, by its mid; tracks of one key make one remote stream. '' drops it.
   */
  streamOf?: (mid: string) => string
}

export interface MediaPort {
  supportsWebRtc(): boolean
  /** Rejects with a MediaAccessError. */
  getLocalStream(opts: { audio: boolean; video: boolean; resolution: '480p' | '720p' | '1080p' }): Promise<CallStream>
  /**
   * A peer connection: 'peer' sends and receives (one-to-one and the mesh), 'publish' sends the
   * local tracks once to the SFU (video in three simulcast layers), 'subscribe' only receives one
   * publisher's feed from the SFU.
   */
  createPeerLink(opts: PeerLinkOptions, events: PeerLinkEvents): PeerLink
  /** Shows a stream in the element with this id (a video element, or a container for one); false when there is no such element yet. */
  attach(domId: string, stream: CallStream | null, opts: { muted: boolean; objectFit: 'contain' | 'cover' | 'fill' }): boolean
  setSpeakerMuted(muted: boolean): void
  /** Cameras, microphones and speakers (labels once access was granted). */
  listDevices(): Promise<MediaDevice[]>
  /** Captures the camera or microphone anew and swaps it into the stream and every link sending it. */
  switchInput(stream: CallStream, kind: 'camera' | 'microphone', choice: InputChoice, resolution: '480p' | '720p' | '1080p'): Promise<void>
  /** Plays remote media through this output device ('' for the default). */
  setSpeakerDevice(deviceId: string): Promise<void>
  /** Blurs the background of the stream's camera video (by `strength` pixels) on every link and in the preview, or sends the camera as captured again. */
  setBackgroundBlur(stream: CallStream, on: boolean, strength: number): Promise<void>
  /**
   * Sends the stream's microphone through noise suppression on every link (on), or the microphone
   * as captured again (off). Rejects when suppression cannot start; the microphone then keeps
   * sending as captured.
   */
  setNoiseSuppression(stream: CallStream, on: boolean): Promise<void>
  /** Changes the captured video size of a live stream. */
  setResolution(stream: CallStream, resolution: '480p' | '720p' | '1080p'): Promise<void>
  /** Full screen for the element with this id (desktop browsers); false when not allowed. */
  toggleFullScreen(domId: string): Promise<boolean>
  canFullScreen(): boolean
  /** Which desktop the permission tip pictures. */
  hostOs(): 'mac' | 'windows'
}

export declare const media: MediaPort
