import { MEDIA_SWITCH_DICT, type MediaCallBody } from '@shared/call'
import { callRoutes } from '@shared/routes/calls'
import { miscRoutes } from '@shared/routes/misc'
import type { RouteClient } from './client'

/** messaging-app section 7 "Call server calls", plus ICE servers of this server and the media switch. */

export function createMediaApi(api: RouteClient) {
  /** A failed check aborts the call silently, so it shows no toast. */
  const checkCall = () => api.call(callRoutes.checkCall, undefined, { silent: true })
  const startCallRecord = (body: MediaCallBody) => api.call(callRoutes.startCall, body)
  /** Heartbeat failures are counted, not shown. */
  const uploadCall = (callId: number, uploadStep = 1) => api.call(callRoutes.uploadCall, { callId, uploadStep }, { silent: true })
  const exitCall = (callId: number, uploadStep = 1) => api.call(callRoutes.exitCall, { callId, uploadStep }, { silent: true })
  const getIceConfig = () => api.call(callRoutes.iceServers, undefined, { silent: true })
  /** The web_media_switch dictionary entries; a failure only turns the call entries off, so it shows no toast. */
  const getMediaSwitchEntries = () => api.call(miscRoutes.dictList, { dictType: MEDIA_SWITCH_DICT }, { silent: true })

  /** The TRTC UserSig of the logged-in user (501 without a TRTC application); asked for each call. */
  const getTrtcUserSig = () => api.call(callRoutes.trtcUserSig, undefined, { silent: true })

  return { checkCall, startCallRecord, uploadCall, exitCall, getIceConfig, getMediaSwitchEntries, getTrtcUserSig }
}
