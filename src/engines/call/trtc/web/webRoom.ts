import type TRTC from 'trtc-sdk-v5'
import { MediaAccessError } from '@/platform/mediaAccess'
import type { MediaDevice } from '@/platform/media'
import type { TrtcRoom, TrtcRoomEvents } from '../room'

/** The parts of trtc-sdk-v5's TRTC class (an instance, and its statics) the call uses, typed by the SDK's own declarations. */
export type WebTrtc = Pick<
  TRTC,
  'enterRoom' | 'exitRoom' | 'destroy' | 'startLocalAudio' | 'startLocalVideo' | 'updateLocalAudio' | 'updateLocalVideo' | 'stopLocalAudio' | 'stopLocalVideo' | 'startRemoteVideo' | 'muteRemoteAudio' | 'enableAudioVolumeEvaluation' | 'on' | 'off'
>
export interface WebTrtcSdk {
  create(): WebTrtc
  getCameraList: (typeof TRTC)['getCameraList']
  getMicrophoneList: (typeof TRTC)['getMicrophoneList']
  getSpeakerList: (typeof TRTC)['getSpeakerList']
  setCurrentSpeaker: (typeof TRTC)['setCurrentSpeaker']
}

/** The SDK types the stream as a const enum, which a per-file compile (babel) cannot read; its value is 'main'. */
const MAIN_STREAM = 'main' as unknown as Parameters<TRTC['startRemoteVideo']>[0]['streamType']

const PROFILE = { '480p': '480p', '720p': '720p', '1080p': '1080p' } as const

/** A refused or missing device, in the words of the call engine (its toasts and codes). */
function accessError(err: unknown, video: boolean): MediaAccessError {
  const origin = (err as { originError?: { name?: string } } | null)?.originError?.name ?? (err as { name?: string } | null)?.name ?? ''
  if (origin === 'NotAllowedError' || origin === 'SecurityError') return new MediaAccessError('denied', String(err))
  if (origin === 'NotFoundError' || origin === 'OverconstrainedError') return new MediaAccessError(video ? 'noCamera' : 'noMic', String(err))
  return new MediaAccessError('unsupported', String(err))
}

/**
 * A call's TRTC room in the browser (trtc-sdk-v5): the SDK captures, publishes and plays; this
 * turns its events into the room events of the engine. Remote views asked for before the user's
 * video is published are started when it is.
 */
export function webRoom(sdk: WebTrtcSdk): TrtcRoom {
  let trtc: WebTrtc | null = null
  let video = false
  let localView = ''
  let speakerMuted = false
  const views = new Map<string, { domId: string; objectFit: 'contain' | 'cover' | 'fill' }>()
  const videoOn = new Set<string>()
  const client = () => (trtc ??= sdk.create())

  function playRemote(userId: string): void {
    const want = views.get(userId)
    if (!want || !videoOn.has(userId)) return
    client()
      .startRemoteVideo({ userId, streamType: MAIN_STREAM, view: want.domId, option: { fillMode: want.objectFit } })
      .catch((err: unknown) => console.warn('remote video not shown', err))
  }

  return {
    async openLocal(opts) {
      video = opts.video
      try {
        await client().startLocalAudio()
      } catch (err) {
        throw accessError(err, false)
      }
      if (!video) return
      try {
        await client().startLocalVideo({ view: localView || null, option: { profile: PROFILE[opts.resolution] } })
      } catch (err) {
        const e = accessError(err, true)
        throw e.kind === 'denied' ? new MediaAccessError('denied', e.message, true) : e
      }
    },
    setLocalEnabled(kind, enabled) {
      if (!trtc) return
      const update = kind === 'audio' ? trtc.updateLocalAudio({ mute: !enabled }) : video ? trtc.updateLocalVideo({ mute: !enabled }) : Promise.resolve()
      update.catch((err: unknown) => console.warn('local media not switched', err))
    },
    async enter(auth, roomId, events: TrtcRoomEvents) {
      const t = client()
      t.on('remote-user-enter', (({ userId }: { userId: string }) => events.remoteJoined(userId)))
      t.on('remote-user-exit', (({ userId }: { userId: string }) => {
        videoOn.delete(userId)
        events.remoteLeft(userId)
      }))
      t.on('remote-audio-available', (({ userId }: { userId: string }) => events.remoteMedia(userId, 'audio', true)))
      t.on('remote-audio-unavailable', (({ userId }: { userId: string }) => events.remoteMedia(userId, 'audio', false)))
      t.on('remote-video-available', (({ userId }: { userId: string }) => {
        videoOn.add(userId)
        events.remoteMedia(userId, 'video', true)
        playRemote(userId)
      }))
      t.on('remote-video-unavailable', (({ userId }: { userId: string }) => {
        videoOn.delete(userId)
        events.remoteMedia(userId, 'video', false)
      }))
      t.on('audio-volume', (({ result }: { result: Array<{ userId: string; volume: number }> }) => {
        events.volumes(Object.fromEntries(result.map((r) => [r.userId, r.volume])))
      }))
      t.on('network-quality', ((q: { uplinkRTT: number; uplinkLoss: number; downlinkRTT: number; downlinkLoss: number }) => {
        // TRTC measures the two directions of our own link; each remote user is reached through both.
        events.network('', { rttMs: Math.max(q.uplinkRTT, q.downlinkRTT), loss: Math.max(q.uplinkLoss, q.downlinkLoss) / 100 })
      }))
      t.on('kicked-out', (({ reason }: { reason: string }) => events.failed(`kicked out: ${reason}`)))
      t.on('error', ((err: { code: number; message: string }) => events.failed(`error ${err.code}: ${err.message}`)))
      t.enableAudioVolumeEvaluation(1000)
      await t.enterRoom({ sdkAppId: auth.sdkAppId, userId: auth.userId, userSig: auth.userSig, strRoomId: roomId })
      if (speakerMuted) await t.muteRemoteAudio('*', true)
    },
    async exit() {
      const t = trtc
      trtc = null
      views.clear()
      videoOn.clear()
      localView = ''
      speakerMuted = false
      if (!t) return
      try {
        await t.exitRoom()
      } finally {
        await t.stopLocalAudio().catch(() => undefined)
        await t.stopLocalVideo().catch(() => undefined)
        t.destroy()
      }
    },
    view(userId, domId, objectFit) {
      if (!userId) {
        if (localView === domId) return true
        localView = domId
        if (video && trtc) trtc.updateLocalVideo({ view: domId }).catch((err: unknown) => console.warn('local video not shown', err))
        return true
      }
      views.set(userId, { domId, objectFit })
      playRemote(userId)
      return true
    },
    muteSpeaker(muted) {
      speakerMuted = muted
      trtc?.muteRemoteAudio('*', muted).catch((err: unknown) => console.warn('speaker not switched', err))
    },
    async switchCamera(position) {
      await client().updateLocalVideo({ option: { useFrontCamera: position === 'front' } })
    },
    async listDevices() {
      const as = (kind: MediaDevice['deviceType']) => (d: MediaDeviceInfo): MediaDevice => ({ deviceId: d.deviceId, label: d.label, deviceType: kind })
      const [cameras, microphones, speakers] = await Promise.all([sdk.getCameraList(), sdk.getMicrophoneList(), sdk.getSpeakerList()])
      return [...cameras.map(as('camera')), ...microphones.map(as('microphone')), ...speakers.map(as('speaker'))]
    },
    async switchDevice(kind, deviceId) {
      if (kind === 'speaker') await sdk.setCurrentSpeaker(deviceId)
      else if (kind === 'camera') await client().updateLocalVideo({ option: { cameraId: deviceId } })
      else await client().updateLocalAudio({ option: { microphoneId: deviceId } })
    },
  }
}
