import TRTC from 'trtc-sdk-v5'
import type { CallEngine, CallEngineDeps } from '../../CallEngine'
import { createTrtcCallEngine } from '../trtcCallMedia'
import { webRoom } from './webRoom'

export const createWebTrtcEngine = (deps: CallEngineDeps): CallEngine => createTrtcCallEngine(deps, webRoom(TRTC))
