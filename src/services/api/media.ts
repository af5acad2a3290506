import type { CheckCallAnswer, DictEntry, IceConfig, MediaCallAnswer, MediaCallBody, UploadCallAnswer } from '@shared/call'
import { api } from './client'

/** messaging-app section 7 "Call server calls", plus ICE servers and the media switch of this server. */

/** A failed check aborts the call silently, so it shows no toast. */
export const checkCall = () => api.get<CheckCallAnswer>('/media/checkCall', undefined, { silent: true })
export const startCallRecord = (body: MediaCallBody) => api.post<MediaCallAnswer>('/media/call', body)
/** Heartbeat failures are counted, not shown. */
export const uploadCall = (callId: number, uploadStep = 1) => api.post<UploadCallAnswer>('/media/uploadCall', { callId, uploadStep }, { silent: true })
export const exitCall = (callId: number, uploadStep = 1) => api.post<0>('/media/exitCall', { callId, uploadStep }, { silent: true })
export const getIceConfig = () => api.get<IceConfig>('/media/iceServers', undefined, { silent: true })
export const getMediaSwitch = () => api.get<DictEntry>('/media/switch', undefined, { silent: true })
