import type { CallEngineFactoryLoader } from '../deferredEngine'

/**
 * The call session with WebRTC media (peer to peer, or the SFU): the H5 build fetches it when the
 * first call signal arrives or the user starts a call (see DeferredCallEngine); the mini-program
 * bundles it.
 */
export declare const loadWebRtcCallEngine: CallEngineFactoryLoader
