import type { CallEngineFactoryLoader } from '../deferredEngine'
import { WebRtcCallEngine } from './WebRtcCallEngine'

export const loadWebRtcCallEngine: CallEngineFactoryLoader = () => Promise.resolve((deps) => new WebRtcCallEngine(deps))
