import { MediaAccessError, type MediaPort } from '@/platform/media'
import type { TrtcRoom } from './room'
import { trtcStream } from './trtcPath'

const notHere = () => Promise.reject(new MediaAccessError('unsupported', 'Not available with TRTC'))

/**
 * The media port of the call engine when TRTC carries the media: capture, views, speaker and
 * devices go to the TRTC SDK; full screen and the host's OS stay the platform's. No peer links:
 * the TRTC path never asks for one. Blur and AI voice are WebRTC-path features (refused here, so
 * the call goes on without them, as when they cannot start).
 */
export function trtcMedia(room: TrtcRoom, platform: MediaPort): MediaPort {
  return {
    supportsWebRtc: () => true,
    async getLocalStream(opts) {
      await room.openLocal({ video: opts.video, resolution: opts.resolution })
      return trtcStream(room, '')
    },
    createPeerLink() {
      throw new MediaAccessError('unsupported', 'TRTC carries the media')
    },
    attach: (domId, stream, opts) => (stream ? room.view(stream.id === 'trtc-local' ? '' : stream.id.slice('trtc-'.length), domId, opts.objectFit) : false),
    setSpeakerMuted: (muted) => room.muteSpeaker(muted),
    listDevices: () => room.listDevices(),
    async switchInput(_stream, kind, choice) {
      if ('facingMode' in choice) await room.switchCamera(choice.facingMode === 'user' ? 'front' : 'back')
      else await room.switchDevice(kind, choice.deviceId)
    },
    setSpeakerDevice: (deviceId) => room.switchDevice('speaker', deviceId),
    setBackgroundBlur: notHere,
    setNoiseSuppression: (_stream, on) => (on ? notHere() : Promise.resolve()),
    setResolution: () => Promise.resolve(),
    toggleFullScreen: (domId) => platform.toggleFullScreen(domId),
    canFullScreen: () => platform.canFullScreen(),
    hostOs: () => platform.hostOs(),
  }
}
