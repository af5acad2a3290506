import type { CallEngineFactoryLoader } from '../deferredEngine'

/**
 * The call engine over TRTC: trtc-sdk-v5 in its own chunk on H5, fetched only once the server
 * says it holds a TRTC application; trtc-wx-sdk with live-pusher and live-player in the
 * mini-program.
 */
export declare const loadTrtcCallEngine: CallEngineFactoryLoader
