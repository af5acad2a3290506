import type { MediaPort } from './media'
import { MediaAccessError } from './mediaAccess'
import { noiseSuppression } from './noiseSuppression'

// The port's contract (media.ts) exports the error class the engines test for.
export { MediaAccessError, type MediaErrorKind } from './mediaAccess'

/** The mini-program has no WebRTC: calls need the web app (or a TRTC configuration). */
export const media: MediaPort = {
  supportsWebRtc: () => false,
  getLocalStream: () => Promise.reject(new MediaAccessError('unsupported', 'Your current environment does not support WebRTC')),
  createPeerLink() {
    throw new MediaAccessError('unsupported', 'Your current environment does not support WebRTC')
  },
  attach: () => false,
  setSpeakerMuted: () => undefined,
  listDevices: () => Promise.resolve([]),
  switchInput: () => Promise.reject(new MediaAccessError('unsupported', 'Your current environment does not support WebRTC')),
  setSpeakerDevice: () => Promise.resolve(),
  setBackgroundBlur: () => Promise.reject(new MediaAccessError('unsupported', 'Your current environment does not support WebRTC')),
  async setNoiseSuppression(_stream, on) {
    if (on && !noiseSuppression.supported()) throw new MediaAccessError('unsupported', 'Noise suppression is not supported here')
  },
  setResolution: () => Promise.resolve(),
  toggleFullScreen: () => Promise.resolve(false),
  canFullScreen: () => false,
  hostOs: () => 'windows',
}
