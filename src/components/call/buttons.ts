import { CallMediaType } from '@shared/call'
import type { CallTextKey } from '@/i18n/call'
import { CallRole, CallStatus, type CallState } from '@/engines/call/state'
import { missingCase } from '@/utils/missingCase'

/** The button panel rules (calling-widget sections 2 and 4). */

export type ButtonName = 'camera' | 'microphone' | 'speaker' | 'hangup' | 'reject' | 'accept' | 'switchCamera' | 'virtualBackground' | 'switchToAudio' | 'inviteUser'
export type Appearance = 'basic' | 'closed' | 'loading' | 'disabled'

export interface PanelButton {
  name: ButtonName
  appearance: Appearance
  /** The label under the icon. */
  label: CallTextKey
}

type PanelState = Pick<CallState, 'callStatus' | 'callRole' | 'callMediaType' | 'isGroup' | 'localUserInfo' | 'isMuteSpeaker' | 'accepting' | 'hangingUp' | 'enableVirtualBackground'> & Partial<Pick<CallState, 'answerElsewhere'>>

function names(s: PanelState, mobile: boolean): ButtonName[] {
  const video = s.callMediaType === CallMediaType.Video
  if (s.callStatus === CallStatus.Calling) {
    if (s.callRole === CallRole.Callee) return s.answerElsewhere ? ['reject'] : ['reject', 'accept']
    return video ? ['microphone', 'hangup', 'camera'] : ['microphone', 'hangup', 'speaker']
  }
  if (s.callStatus === CallStatus.Connected) {
    if (!video) return ['microphone', 'hangup', 'speaker']
    // The switch to audio is offered in one-to-one calls; it goes one way only (video to audio).
    const toAudio: ButtonName[] = s.isGroup ? [] : ['switchToAudio']
    return mobile ? ['microphone', 'hangup', 'camera', 'speaker', 'switchCamera', 'virtualBackground', ...toAudio] : ['microphone', 'hangup', 'camera', 'speaker', 'virtualBackground', ...toAudio]
  }
  return []
}

function appearanceOf(name: ButtonName, s: PanelState): Appearance {
  switch (name) {
    case 'microphone':
      return s.localUserInfo.isAudioAvailable ? 'basic' : 'closed'
    case 'camera':
      return s.localUserInfo.isVideoAvailable ? 'basic' : 'closed'
    case 'speaker':
      return s.isMuteSpeaker ? 'closed' : 'basic'
    case 'accept':
      return s.accepting ? 'loading' : 'basic'
    case 'hangup':
    case 'reject':
      return s.hangingUp ? 'disabled' : 'basic'
    case 'switchCamera':
      return s.localUserInfo.isVideoAvailable ? 'basic' : 'disabled'
    case 'virtualBackground':
      if (!s.localUserInfo.isVideoAvailable) return 'disabled'
      return s.enableVirtualBackground ? 'basic' : 'closed'
    case 'inviteUser':
    case 'switchToAudio':
      return 'basic'
    default:
      return missingCase(name, 'button')
  }
}

function labelOf(name: ButtonName, appearance: Appearance): CallTextKey {
  if (appearance === 'closed') {
    if (name === 'camera') return 'camera off'
    if (name === 'microphone') return 'microphone off'
    if (name === 'speaker') return 'speaker off'
  }
  return name
}

export function panelButtons(s: PanelState, mobile: boolean): PanelButton[] {
  return names(s, mobile).map((name) => {
    const appearance = appearanceOf(name, s)
    return { name, appearance, label: labelOf(name, appearance) }
  })
}
