import type { CallEngineFactoryLoader } from '../deferredEngine'

export const loadTrtcCallEngine: CallEngineFactoryLoader = () => import(/* webpackChunkName: "trtc-engine" */ './web/webEngine').then(({ createWebTrtcEngine }) => createWebTrtcEngine)
