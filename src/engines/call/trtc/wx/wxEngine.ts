import TRTC from 'trtc-wx-sdk'
import { callDevices } from '@/platform/callDevices'
import type { CallEngine, CallEngineDeps } from '../../CallEngine'
import { createTrtcCallEngine } from '../trtcCallMedia'
import { wxRoom } from './wxRoom'

export const createWxTrtcEngine = (deps: CallEngineDeps): CallEngine => createTrtcCallEngine(deps, wxRoom({ create: () => new TRTC(undefined), authorize: (video) => callDevices.authorize(video) }))
