import type { CallEngineFactoryLoader } from '../deferredEngine'

/**
 * The WebRTC call engine with its media paths: the H5 build fetches it when the first call signal
 * arrives or the user starts a call (see DeferredCallEngine); the mini-program bundles it.
 */
export declare const loadWebRtcCallEngine: CallEngineFactoryLoader
