import type { CallEngineFactoryLoader } from '../deferredEngine'
import { createWxTrtcEngine } from './wx/wxEngine'

export const loadTrtcCallEngine: CallEngineFactoryLoader = () => Promise.resolve(createWxTrtcEngine)
