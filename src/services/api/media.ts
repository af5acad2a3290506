import { MEDIA_SWITCH_DICT, type CheckCallAnswer, type IceConfig, type MediaCallAnswer, type MediaCallBody, type UploadCallAnswer } from '@shared/call'
import type { DictEntry } from '@shared/complaint'
import type { ApiClient } from './client'

/** messaging-app section 7 "Call server calls", plus ICE servers of this server and the media switch. */

export function createMediaApi(api: ApiClient) {
  /** A failed check aborts the call silently, so it shows no toast. */
  const checkCall = () => api.get<CheckCallAnswer>('/media/checkCall', undefined, { silent: true })
  const startCallRecord = (body: MediaCallBody) => api.post<MediaCallAnswer>('/media/call', body)
  /** Heartbeat failures are counted, not shown. */
  const uploadCall = (callId: number, uploadStep = 1) => api.post<UploadCallAnswer>('/media/uploadCall', { callId, uploadStep }, { silent: true })
  const exitCall = (callId: number, uploadStep = 1) => api.post<0>('/media/exitCall', { callId, uploadStep }, { silent: true })
  const getIceConfig = () => api.get<IceConfig>('/media/iceServers', undefined, { silent: true })
  /** The web_media_switch dictionary entries; a failure only turns the call entries off, so it shows no toast. */
  const getMediaSwitchEntries = () => api.post<DictEntry[]>('/dict/data/getListByDictType', { dictType: MEDIA_SWITCH_DICT }, { silent: true })

  return { checkCall, startCallRecord, uploadCall, exitCall, getIceConfig, getMediaSwitchEntries }
}
