import type { CallStream, InputChoice, LinkStats, MediaDevice, MediaPort, PeerLink, PeerLinkEvents, PeerLinkOptions } from './media'
import { MediaAccessError } from './mediaAccess'
import { startBlur, type BlurPipeline } from './mediaBlur.h5'
import { noiseSuppression, type NoiseSuppressor } from './noiseSuppression'

// The port's contract (media.ts) exports the error class the engines test for.
export { MediaAccessError, type MediaErrorKind } from './mediaAccess'

const RESOLUTIONS = { '480p': { width: 640, height: 480 }, '720p': { width: 1280, height: 720 }, '1080p': { width: 1920, height: 1080 } } as const

class H5Stream implements CallStream {
  /** The connections sending this stream, so a replaced track reaches every peer. */
  readonly links = new Set<RTCPeerConnection>()
  /** Set while the background is blurred: the stream then holds the blurred track, not the camera's. */
  blur: BlurPipeline | null = null
  /** Set while the microphone is noise-suppressed: the stream then holds the processed track. */
  noise: NoiseSuppressor | null = null
  /** The last choice asked for, so a suppression that finishes loading after an "off" is dropped. */
  noiseWanted = false
  constructor(readonly raw: MediaStream) {}
  get id() {
    return this.raw.id
  }
  setEnabled(kind: 'audio' | 'video', enabled: boolean) {
    for (const t of kind === 'audio' ? this.raw.getAudioTracks() : this.raw.getVideoTracks()) t.enabled = enabled
  }
  stop() {
    if (this.blur) {
      this.blur.stop()
      this.blur.source.stop()
      this.blur = null
    }
    if (this.noise) {
      this.noise.stop()
      this.noise.source.stop()
      this.noise = null
    }
    for (const t of this.raw.getTracks()) t.stop()
  }
}

/** Puts `track` in place of the stream's video or audio track, on every link and in the local preview. */
async function swapTrack(local: H5Stream, track: MediaStreamTrack): Promise<MediaStreamTrack | undefined> {
  const old = (track.kind === 'video' ? local.raw.getVideoTracks() : local.raw.getAudioTracks())[0]
  track.enabled = old ? old.enabled : true
  for (const pc of local.links) {
    for (const sender of pc.getSenders()) if (sender.track?.kind === track.kind || (old && sender.track === old)) await sender.replaceTrack(track)
  }
  if (old) local.raw.removeTrack(old)
  local.raw.addTrack(track)
  return old
}

async function microphoneGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName })
    return status.state === 'granted'
  } catch {
    return false
  }
}

async function accessError(err: unknown, video: boolean): Promise<MediaAccessError> {
  const name = (err as { name?: string })?.name ?? ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return new MediaAccessError('denied', 'Device access denied', await microphoneGranted())
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return video ? new MediaAccessError('noCamera', 'No camera found') : new MediaAccessError('noMic', 'No mic found')
  return new MediaAccessError('denied', (err as Error)?.message || 'Device access denied')
}

/** The microphone as captured goes back on every link and the suppression stops. */
async function plainMicrophone(local: H5Stream, noise: NoiseSuppressor): Promise<void> {
  if (local.noise !== noise) return
  local.noise = null
  await swapTrack(local, noise.source)
  noise.stop()
}

/** Elements playing remote audio or video, so the speaker switch can mute them all. */
let speakerMuted = false
let speakerDevice = ''

type SinkVideo = HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }

/**
 * The publication's video in three simulcast layers, highest first (the order Janus reads the
 * rids in): a subscriber's tile size picks one (layer 0 low … 2 high).
 */
const SIMULCAST_LAYERS: RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: 900_000 },
  { rid: 'm', maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: 120_000, scaleResolutionDownBy: 4 },
]

const DEVICE_TYPES: Partial<Record<MediaDeviceKind, MediaDevice['deviceType']>> = { videoinput: 'camera', audioinput: 'microphone', audiooutput: 'speaker' }

/** Captures a new camera or microphone track and swaps it in for the old one, in the stream and on every link. */
async function recapture(local: H5Stream, video: boolean, constraints: MediaTrackConstraints): Promise<void> {
  const fresh = await navigator.mediaDevices.getUserMedia(video ? { video: constraints } : { audio: constraints })
  const track = (video ? fresh.getVideoTracks() : fresh.getAudioTracks())[0]
  if (!track) return
  // A blurred stream keeps sending the canvas, a suppressed one the processed sound: they read the new input instead.
  if (video && local.blur) {
    local.blur.setSource(track)
    return
  }
  if (!video && local.noise) {
    local.noise.setSource(track)
    return
  }
  const old = await swapTrack(local, track)
  old?.stop()
}

export const media: MediaPort = {
  supportsWebRtc: () => typeof RTCPeerConnection !== 'undefined' && !!navigator.mediaDevices?.getUserMedia,

  async getLocalStream({ audio, video, resolution }) {
    if (!media.supportsWebRtc()) throw new MediaAccessError('unsupported', 'Your current environment does not support WebRTC')
    const devices = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[])
    if (devices.length && audio && !devices.some((d) => d.kind === 'audioinput')) throw new MediaAccessError('noMic', 'No mic found')
    if (devices.length && video && !devices.some((d) => d.kind === 'videoinput')) throw new MediaAccessError('noCamera', 'No camera found')
    try {
      const raw = await navigator.mediaDevices.getUserMedia({ audio, video: video ? RESOLUTIONS[resolution] : false })
      return new H5Stream(raw)
    } catch (err) {
      throw await accessError(err, video)
    }
  },

  createPeerLink({ iceServers, local, role = 'peer', streamOf }: PeerLinkOptions, events: PeerLinkEvents): PeerLink {
    // One transport for audio and video from the start (every peer and Janus bundle anyway):
    // half the candidates to gather, trickle and check before the first frame.
    const pc = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' })
    const raw = (local as H5Stream).raw
    if (role === 'peer') for (const track of raw.getTracks()) pc.addTrack(track, raw)
    if (role === 'publish') {
      for (const track of raw.getTracks()) {
        pc.addTransceiver(track, { direction: 'sendonly', streams: [raw], ...(track.kind === 'video' ? { sendEncodings: SIMULCAST_LAYERS } : {}) })
      }
    }
    // Device switches and blur replace the tracks of every link that sends them.
    if (role !== 'subscribe') (local as H5Stream).links.add(pc)
    pc.onicecandidate = (e) => {
      if (e.candidate) events.onIceCandidate({ candidate: e.candidate.candidate, sdpMid: e.candidate.sdpMid, sdpMLineIndex: e.candidate.sdpMLineIndex })
    }
    let remote: MediaStream | null = null
    const byKey = new Map<string, MediaStream>()
    /** The key each m-line's received track was last filed under. */
    const filedAs = new Map<string, string>()
    const file = (mid: string, track: MediaStreamTrack) => {
      const key = streamOf!(mid)
      if (!key) return
      filedAs.set(mid, key)
      let stream = byKey.get(key)
      if (!stream) byKey.set(key, (stream = new MediaStream()))
      // A renegotiation may bring a person's track anew (they published again).
      for (const old of stream.getTracks()) if (old.kind === track.kind && old !== track) stream.removeTrack(old)
      if (!stream.getTracks().includes(track)) stream.addTrack(track)
      events.onRemoteStream(new H5Stream(stream), key)
    }
    pc.ontrack = (e) => {
      if (streamOf) return file(e.transceiver.mid ?? '', e.track)
      const stream = e.streams[0] ?? (remote ??= new MediaStream())
      if (!e.streams[0]) stream.addTrack(e.track)
      if (remote !== stream) remote = stream
      events.onRemoteStream(new H5Stream(stream))
    }
    pc.onconnectionstatechange = () => events.onStateChange(pc.connectionState)
    // Candidates that arrive before the remote description wait for it.
    const early: RTCIceCandidateInit[] = []
    const flushEarly = async () => {
      for (const c of early.splice(0)) await pc.addIceCandidate(c).catch(() => undefined)
    }
    return {
      async createOffer() {
        const offer = await pc.createOffer()
        await pc.setLocalDescription(offer)
        return offer.sdp ?? ''
      },
      localSdp() {
        return pc.localDescription?.sdp ?? ''
      },
      async acceptOffer(sdp) {
        await pc.setRemoteDescription({ type: 'offer', sdp })
        // An m-line that was receiving already gets no new track event when the offer gives it to
        // someone else (a line held for a ringing invitee, or left by someone who went): filed anew.
        if (streamOf) for (const t of pc.getTransceivers()) if (t.mid !== null && streamOf(t.mid) && filedAs.get(t.mid) !== streamOf(t.mid)) file(t.mid, t.receiver.track)
        await flushEarly()
        const answer = await pc.createAnswer()
        await pc.setLocalDescription(answer)
        return answer.sdp ?? ''
      },
      async acceptAnswer(sdp) {
        await pc.setRemoteDescription({ type: 'answer', sdp })
        await flushEarly()
      },
      async addCandidate(c) {
        if (!pc.remoteDescription) early.push(c)
        else await pc.addIceCandidate(c).catch(() => undefined)
      },
      dropVideo() {
        for (const sender of pc.getSenders()) if (sender.track?.kind === 'video') void sender.replaceTrack(null)
      },
      refile(mids) {
        if (!streamOf) return
        for (const t of pc.getTransceivers()) if (t.mid !== null && mids.includes(t.mid)) file(t.mid, t.receiver.track)
      },
      async stats() {
        const out: LinkStats = { audioLevel: 0, localAudioLevel: 0, rttMs: 0, packetsLost: 0, packetsReceived: 0 }
        const report = await pc.getStats()
        const inbound: NonNullable<LinkStats['inbound']> = []
        report.forEach((r: Record<string, unknown>) => {
          const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : 0)
          if (r.type === 'inbound-rtp') {
            out.packetsLost += num('packetsLost')
            out.packetsReceived += num('packetsReceived')
            if (r.kind === 'audio') out.audioLevel = num('audioLevel')
            if (typeof r.mid === 'string') inbound.push({ mid: r.mid, kind: r.kind === 'audio' ? 'audio' : 'video', audioLevel: num('audioLevel'), packetsLost: num('packetsLost'), packetsReceived: num('packetsReceived') })
          } else if (r.type === 'media-source' && r.kind === 'audio') {
            out.localAudioLevel = num('audioLevel')
          } else if (r.type === 'candidate-pair' && r.state === 'succeeded' && r.nominated) {
            out.rttMs = num('currentRoundTripTime') * 1000
          }
        })
        if (streamOf) out.inbound = inbound
        return out
      },
      close() {
        ;(local as H5Stream).links.delete(pc)
        pc.onicecandidate = null
        pc.ontrack = null
        pc.onconnectionstatechange = null
        pc.close()
      },
    }
  },

  attach(domId, stream, { muted, objectFit }) {
    const el = document.getElementById(domId)
    if (!el) return false
    let video = el instanceof HTMLVideoElement ? el : el.querySelector('video')
    if (!video) {
      video = document.createElement('video')
      video.autoplay = true
      video.playsInline = true
      video.style.width = '100%'
      video.style.height = '100%'
      el.appendChild(video)
    }
    video.style.objectFit = objectFit
    video.muted = muted || speakerMuted
    video.dataset.local = muted ? '1' : '0'
    const raw = stream ? (stream as H5Stream).raw : null
    if (video.srcObject !== raw) video.srcObject = raw
    if (raw) void video.play().catch(() => undefined)
    if (!muted && speakerDevice) void (video as SinkVideo).setSinkId?.(speakerDevice).catch(() => undefined)
    return true
  },

  async listDevices() {
    const all = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[])
    return all.flatMap((d) => {
      const deviceType = DEVICE_TYPES[d.kind]
      return deviceType ? [{ deviceId: d.deviceId, label: d.label || d.deviceId, deviceType }] : []
    })
  },

  async switchInput(stream, kind, choice: InputChoice, resolution) {
    const constraints: MediaTrackConstraints = 'deviceId' in choice ? { deviceId: { exact: choice.deviceId } } : { facingMode: choice.facingMode }
    await recapture(stream as H5Stream, kind === 'camera', kind === 'camera' ? { ...RESOLUTIONS[resolution], ...constraints } : constraints)
  },

  async setSpeakerDevice(deviceId) {
    speakerDevice = deviceId
    const remotes = document.querySelectorAll<SinkVideo>('video[data-local="0"]')
    await Promise.all([...remotes].map((v) => v.setSinkId?.(deviceId).catch(() => undefined)))
  },

  async setBackgroundBlur(stream, on, strength) {
    const local = stream as H5Stream
    if (on === !!local.blur) return
    if (on) {
      const camera = local.raw.getVideoTracks()[0]
      if (!camera) return
      const blur = await startBlur(camera, strength)
      // The call ended while the model loaded.
      if (camera.readyState === 'ended' || local.blur) {
        blur.stop()
        return
      }
      local.blur = blur
      await swapTrack(local, blur.output)
      return
    }
    const blur = local.blur!
    local.blur = null
    await swapTrack(local, blur.source)
    blur.stop()
  },

  async setNoiseSuppression(stream, on) {
    const local = stream as H5Stream
    local.noiseWanted = on
    if (on === !!local.noise) return
    if (!on) {
      await plainMicrophone(local, local.noise!)
      return
    }
    const microphone = local.raw.getAudioTracks()[0]
    if (!microphone) return
    const noise: NoiseSuppressor = await noiseSuppression.start(microphone, () => void plainMicrophone(local, noise))
    // The call ended, the microphone changed or suppression was turned off while the model loaded.
    if (microphone.readyState === 'ended' || !local.noiseWanted || local.noise || !local.raw.getAudioTracks().includes(microphone)) {
      noise.stop()
      return
    }
    local.noise = noise
    await swapTrack(local, noise.output)
    // Mute now acts on the processed track; the microphone behind it keeps capturing.
    microphone.enabled = true
  },

  async setResolution(stream, resolution) {
    // The camera scales to the new size where it can; a camera shared at another size keeps it.
    const local = stream as H5Stream
    for (const t of local.blur ? [local.blur.source] : local.raw.getVideoTracks()) await t.applyConstraints(RESOLUTIONS[resolution]).catch((err: unknown) => console.warn('resolution not applied', err))
  },

  hostOs: () => (/Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent) ? 'mac' : 'windows'),

  canFullScreen: () => typeof document !== 'undefined' && !!document.fullscreenEnabled,

  async toggleFullScreen(domId) {
    if (document.fullscreenElement) {
      await document.exitFullscreen().catch(() => undefined)
      return true
    }
    const el = document.getElementById(domId)
    if (!el || !document.fullscreenEnabled) return false
    try {
      await el.requestFullscreen()
      return true
    } catch {
      return false
    }
  },

  setSpeakerMuted(muted) {
    speakerMuted = muted
    document.querySelectorAll<HTMLVideoElement>('video[data-local="0"]').forEach((v) => (v.muted = muted))
  },
}
