import { MediaAccessError } from './mediaAccess'
import type { NoiseSuppressionPort } from './noiseSuppression'

/** The mini-program has neither WebRTC nor AudioWorklet. */
export const noiseSuppression: NoiseSuppressionPort = {
  supported: () => false,
  start: () => Promise.reject(new MediaAccessError('unsupported', 'Noise suppression is not supported here')),
}
