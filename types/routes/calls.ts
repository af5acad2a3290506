import {
  CheckCallAnswer,
  ExitCallAnswer,
  GroupAttributesAnswer,
  GroupAttributesBody,
  IceConfig,
  MediaCallAnswer,
  MediaCallBody,
  MediaUploadBody,
  UploadCallAnswer,
} from '../call'
import { TrtcUserSig } from '../trtc'
import { route } from './route'

/** Messaging-app spec section 7 "Call server calls", the ICE servers and the group call attribute (/api/media). */
export const callRoutes = {
  checkCall: route({ method: 'GET', path: '/media/checkCall', summary: "Whether today's call limit is reached (1)", answer: CheckCallAnswer }),
  startCall: route({ method: 'POST', path: '/media/call', summary: 'Start a call record', body: MediaCallBody, answer: MediaCallAnswer }),
  uploadCall: route({ method: 'POST', path: '/media/uploadCall', summary: 'Heartbeat of a call (1: the limit is reached)', body: MediaUploadBody, answer: UploadCallAnswer }),
  exitCall: route({ method: 'POST', path: '/media/exitCall', summary: 'End a call record', body: MediaUploadBody, answer: ExitCallAnswer }),
  iceServers: route({ method: 'GET', path: '/media/iceServers', summary: 'ICE servers for RTCPeerConnection', answer: IceConfig }),
  trtcUserSig: route({ method: 'GET', path: '/media/trtc/userSig', summary: 'The TRTC UserSig of the logged-in user (501 without a TRTC application)', answer: TrtcUserSig }),
  groupAttributes: route({ method: 'POST', path: '/media/getGroupAttributes', summary: "The group's live call (inner_attr_kit_info)", body: GroupAttributesBody, answer: GroupAttributesAnswer }),
}
