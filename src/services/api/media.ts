import { MEDIA_SWITCH_DICT, type CheckCallAnswer, type IceConfig, type MediaCallAnswer, type MediaCallBody, type UploadCallAnswer } from '@shared/call'
import type { DictEntry } from '@shared/complaint'
import { api } from './client'

/** messaging-app section 7 "Call server calls", plus ICE servers of this server and the media switch. */

/** A failed check aborts the call silently, so it shows no toast. */
export const checkCall = () => api.get<CheckCallAnswer>('/media/checkCall', undefined, { silent: true })
export const startCallRecord = (body: MediaCallBody) => api.post<MediaCallAnswer>('/media/call', body)
/** Heartbeat failures are counted, not shown. */
export const uploadCall = (callId: number, uploadStep = 1) => api.post<UploadCallAnswer>('/media/uploadCall', { callId, uploadStep }, { silent: true })
export const exitCall = (callId: number, uploadStep = 1) => api.post<0>('/media/exitCall', { callId, uploadStep }, { silent: true })
export const getIceConfig = () => api.get<IceConfig>('/media/iceServers', undefined, { silent: true })
/** The web_media_switch dictionary entries; a failure only turns the call entries off, so it shows no toast. */
export const getMediaSwitchEntries = () => api.post<DictEntry[]>('/dict/data/getListByDictType', { dictType: MEDIA_SWITCH_DICT }, { silent: true })
