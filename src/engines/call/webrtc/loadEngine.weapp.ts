import type { CallEngineFactoryLoader } from '../deferredEngine'
import { createWebRtcCallEngine } from './webRtcMedia'

export const loadWebRtcCallEngine: CallEngineFactoryLoader = () => Promise.resolve(createWebRtcCallEngine)
