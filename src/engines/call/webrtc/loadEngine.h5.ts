import type { CallEngineFactoryLoader } from '../deferredEngine'

export const loadWebRtcCallEngine: CallEngineFactoryLoader = () =>
  import(/* webpackChunkName: "call-engine" */ './WebRtcCallEngine').then(({ WebRtcCallEngine }) => (deps) => new WebRtcCallEngine(deps))
