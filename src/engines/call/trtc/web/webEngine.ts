import TRTC from 'trtc-sdk-v5'
import type { CallEngine, CallEngineDeps } from '../../CallEngine'
import { TrtcCallEngine } from '../TrtcCallEngine'
import { webRoom } from './webRoom'

export const createWebTrtcEngine = (deps: CallEngineDeps): CallEngine => new TrtcCallEngine(deps, webRoom(TRTC))
