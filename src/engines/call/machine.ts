import { CALL_LIMITS, CallMediaType } from '@shared/call'
import type { DeviceType } from '@/platform/media'
import { missingCase } from '@/utils/missingCase'
import { CallRole, CallStatus, configureState, formatDuration, initialCallState, type CallEvent, type CallState, type CallUser } from './state'

// The full call state machine (calling-widget section 4): only the call session runs it, so it is
// fetched with the session; the states, events and the configure step are in state.ts.

/**
 * The reset rule (calling-widget section 4): most fields go back to default; status, language,
 * isGroup, display mode, resolution, the float-window flag, local user info and the virtual
 * background option stay, and so does the AI voice choice (a setting of the widget, like the
 * virtual background). Remote users are cleared, the camera returns to front and the local
 * audio and video flags are cleared.
 */
export function resetState(s: CallState): CallState {
  const base = initialCallState()
  return {
    ...base,
    callStatus: CallStatus.Idle,
    language: s.language,
    isGroup: s.isGroup,
    displayMode: s.displayMode,
    videoResolution: s.videoResolution,
    enableFloatWindow: s.enableFloatWindow,
    enableVirtualBackground: s.enableVirtualBackground,
    enableAIVoice: s.enableAIVoice,
    allowedFullScreen: s.allowedFullScreen,
    localUserInfo: { ...s.localUserInfo, isAudioAvailable: false, isVideoAvailable: false, volume: 0 },
    remoteUserInfoList: [],
    cameraPosition: 'front',
  }
}

const patchUser = (list: CallUser[], userId: string, patch: Partial<CallUser>) => list.map((u) => (u.userId === userId ? { ...u, ...patch } : u))

/** One step of the machine. Events that do not apply in the current status leave it unchanged. */
export function reduce(s: CallState, e: CallEvent): CallState {
  switch (e.type) {
    case 'dial':
      if (s.callStatus !== CallStatus.Idle) return s
      return {
        ...s,
        callStatus: CallStatus.Calling,
        callRole: CallRole.Caller,
        callMediaType: e.mediaType,
        inviteID: e.inviteID,
        isGroup: e.isGroup,
        groupID: e.groupID,
        remoteUserInfoList: e.remotes,
        callerUserInfo: s.localUserInfo,
        localUserInfo: { ...s.localUserInfo, isAudioAvailable: true, isVideoAvailable: e.mediaType === CallMediaType.Video },
        bigScreenUserId: s.localUserInfo.userId,
        isMinimized: false,
      }
    case 'invited':
      if (s.callStatus !== CallStatus.Idle) return s
      return {
        ...s,
        callStatus: CallStatus.Calling,
        callRole: CallRole.Callee,
        callMediaType: e.mediaType,
        inviteID: e.inviteID,
        isGroup: e.isGroup,
        groupID: e.groupID,
        callerUserInfo: e.caller,
        remoteUserInfoList: [e.caller, ...e.others],
        bigScreenUserId: e.caller.userId,
        isMinimized: false,
      }
    case 'acceptStarted':
      return s.callStatus === CallStatus.Calling && s.callRole === CallRole.Callee ? { ...s, accepting: true } : s
    case 'connected':
      if (s.callStatus !== CallStatus.Calling) return s
      return {
        ...s,
        callStatus: CallStatus.Connected,
        connectedAt: e.at,
        callDuration: '00:00:00',
        callTips: '',
        accepting: false,
        localUserInfo: s.callRole === CallRole.Callee ? { ...s.localUserInfo, isAudioAvailable: true, isVideoAvailable: s.callMediaType === CallMediaType.Video } : s.localUserInfo,
        // In a one-to-one video call the remote user takes the big screen.
        bigScreenUserId: !s.isGroup && s.remoteUserInfoList[0] ? s.remoteUserInfoList[0].userId : s.bigScreenUserId,
      }
    case 'remoteAdded': {
      if (s.callStatus === CallStatus.Idle) return s
      const known = new Set([s.localUserInfo.userId, ...s.remoteUserInfoList.map((u) => u.userId)])
      const added = e.users.filter((u) => !known.has(u.userId))
      return added.length === 0 ? s : { ...s, remoteUserInfoList: [...s.remoteUserInfoList, ...added] }
    }
    case 'remoteEntered':
      return { ...s, remoteUserInfoList: patchUser(s.remoteUserInfoList, e.userId, { isEnter: true }) }
    case 'remoteMedia':
      return { ...s, remoteUserInfoList: patchUser(s.remoteUserInfoList, e.userId, { isAudioAvailable: e.audio, isVideoAvailable: e.video }) }
    case 'remoteLeft':
      return { ...s, remoteUserInfoList: s.remoteUserInfoList.filter((u) => u.userId !== e.userId) }
    case 'localMedia':
      return {
        ...s,
        localUserInfo: {
          ...s.localUserInfo,
          ...(e.audio === undefined ? {} : { isAudioAvailable: e.audio }),
          ...(e.video === undefined ? {} : { isVideoAvailable: e.video }),
        },
      }
    case 'tick':
      if (s.callStatus !== CallStatus.Connected) return s
      return { ...s, callDuration: formatDuration((e.now - s.connectedAt) / 1000) }
    case 'tip':
      return { ...s, callTips: e.text }
    case 'hangupStarted':
      return s.callStatus === CallStatus.Idle ? s : { ...s, hangingUp: true }
    case 'switchedToAudio':
      return {
        ...s,
        callMediaType: CallMediaType.Audio,
        localUserInfo: { ...s.localUserInfo, isVideoAvailable: false },
        remoteUserInfoList: s.remoteUserInfoList.map((u) => ({ ...u, isVideoAvailable: false })),
      }
    case 'toggleMinimize':
      return s.callStatus === CallStatus.Idle || !s.enableFloatWindow ? s : { ...s, isMinimized: !s.isMinimized }
    case 'toggleBigScreen': {
      if (s.isGroup || !s.remoteUserInfoList[0]) return s
      const remote = s.remoteUserInfoList[0].userId
      return { ...s, bigScreenUserId: s.bigScreenUserId === remote ? s.localUserInfo.userId : remote }
    }
    case 'cameraPosition':
      return { ...s, cameraPosition: e.position }
    case 'levels': {
      if (s.callStatus !== CallStatus.Connected) return s
      const vol = (u: CallUser) => (e.volumes[u.userId] === undefined ? u : { ...u, volume: e.volumes[u.userId]! })
      // In a one-to-one call a local quality of 4 or worse shows the poor-network tip.
      const local = e.network.find((n) => n.userId === s.localUserInfo.userId)?.quality ?? 0
      const poor = !s.isGroup && local >= CALL_LIMITS.poorNetworkQuality
      const callTips = poor ? e.poorTip : s.callTips === e.poorTip ? '' : s.callTips
      return { ...s, localUserInfo: vol(s.localUserInfo), remoteUserInfoList: s.remoteUserInfoList.map(vol), netWorkQualityList: e.network, callTips }
    }
    case 'devices': {
      const of = (t: DeviceType) => e.list.filter((d) => d.deviceType === t)
      return { ...s, deviceList: { camera: of('camera'), microphone: of('microphone'), speaker: of('speaker'), current: s.deviceList.current } }
    }
    case 'currentDevice':
      return { ...s, deviceList: { ...s.deviceList, current: { ...s.deviceList.current, [e.deviceType]: e.deviceId } } }
    case 'settings':
    case 'selfInfo':
    case 'muteSpeaker':
      return configureState(s, e)
    case 'answerElsewhere':
      if (s.callStatus !== CallStatus.Calling || s.callRole !== CallRole.Callee) return s
      return { ...s, answerElsewhere: true, callTips: e.tip }
    case 'reset':
      return resetState(s)
    case 'permissionTip':
      return { ...s, showPermissionTip: e.show, permissionTipKind: e.kind ?? s.permissionTipKind }
    default:
      return missingCase(e, 'call case')
  }
}
