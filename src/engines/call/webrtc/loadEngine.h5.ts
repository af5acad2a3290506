import type { CallEngineFactoryLoader } from '../deferredEngine'

export const loadWebRtcCallEngine: CallEngineFactoryLoader = () =>
  import(/* webpackChunkName: "call-engine" */ './webRtcMedia').then(({ createWebRtcCallEngine }) => createWebRtcCallEngine)
