import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import { CALL_LIMITS, CallMediaType } from '@shared/call'
import Avatar from '@/components/layout/Avatar'
import Tooltip from '@/components/common/Tooltip'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { CallRole, CallStatus, displayName, layoutOf, type CallState, type CallUser } from '@/engines/call/state'
import type { CallTextKey } from '@/i18n/call'
import type { DeviceType } from '@/platform/media'
import type { CallEngine } from '@/engines/call/CallEngine'
import { useApp, useAppStore } from '@/root/AppContext'
import { panelButtons, type ButtonName, type PanelButton } from './buttons'
import DevicePopover from './DevicePopover'
import GroupMedia from './GroupMedia'
import LiveMedia from './LiveMedia'
import MemberPicker from './MemberPicker'
import { callIcons } from './callIcons'
import { NetworkBadge, VolumeBar } from './Levels'
import { useCallText } from './useCallText'
import { useTileLayers } from './useTileLayers'
import VideoView from './VideoView'
import { pressable } from '@/platform/focus'

const ICONS: Record<PanelButton['name'], { on: string; off: string }> = {
  microphone: { on: callIcons.mic, off: callIcons.micOff },
  camera: { on: callIcons.camera, off: callIcons.cameraOff },
  speaker: { on: callIcons.speaker, off: callIcons.speakerOff },
  hangup: { on: callIcons.hangup, off: callIcons.hangup },
  reject: { on: callIcons.hangup, off: callIcons.hangup },
  accept: { on: callIcons.accept, off: callIcons.accept },
  switchCamera: { on: callIcons.switchCamera, off: callIcons.switchCamera },
  virtualBackground: { on: callIcons.blur, off: callIcons.blurOff },
  inviteUser: { on: callIcons.phone, off: callIcons.phone },
  switchToAudio: { on: callIcons.phone, off: callIcons.phone },
}

const DEVICE_OF: Partial<Record<PanelButton['name'], DeviceType>> = { camera: 'camera', microphone: 'microphone', speaker: 'speaker' }

/** A remote user shows in the floating window while speaking at least this loud. */
const FLOAT_TILE_MIN_VOLUME = 10

/** The call screen's element, for full screen. */
const SCREEN_ID = 'call-screen-root'

function press(engine: CallEngine, button: PanelButton, s: CallState): void {
  if (button.appearance === 'disabled' || button.appearance === 'loading') return
  switch (button.name) {
    case 'microphone':
      return s.localUserInfo.isAudioAvailable ? engine.closeMicrophone() : engine.openMicrophone()
    case 'camera':
      return s.localUserInfo.isVideoAvailable ? engine.closeCamera() : engine.openCamera()
    case 'speaker':
      return s.isMuteSpeaker ? engine.unMuteSpeaker() : engine.muteSpeaker()
    case 'hangup':
      return void engine.hangup()
    case 'reject':
      return void engine.reject()
    case 'accept':
      return void engine.accept().catch(() => undefined)
    case 'switchCamera':
      return void engine.switchCamera()
    case 'virtualBackground':
      return void engine.setBlurBackground(!s.enableVirtualBackground)
    case 'switchToAudio':
      return void engine.switchToAudio()
    case 'inviteUser':
      return
    default:
      return
  }
}

/** Buttons that switch something on and off: screen readers hear them as pressed or not. */
const TOGGLES = new Set<ButtonName>(['microphone', 'camera', 'speaker', 'virtualBackground'])

function ButtonPanel({ s, mobile, docked }: { s: CallState; mobile: boolean; docked: boolean }) {
  const { callEngine } = useApp()
  const t = useCallText()
  return (
    <View className={`call-panel${docked ? ' call-panel--docked' : ''}`} data-testid='call-panel'>
      {panelButtons(s, mobile).map((b) => {
        const button = (
        <View {...pressable()}
          key={b.name}
          className={`call-btn call-btn--${b.name} call-btn--${b.appearance}`}
          data-testid={`call-btn-${b.name}`}
          data-appearance={b.appearance}
          aria-label={t(b.label)}
          aria-disabled={b.appearance === 'disabled' || b.appearance === 'loading'}
          aria-pressed={TOGGLES.has(b.name) ? (b.appearance === 'closed' ? 'false' : 'true') : undefined}
          onClick={() => press(callEngine, b, s)}
        >
          <View className='call-btn__icon'>{b.appearance === 'loading' ? <View className='call-btn__spinner' /> : <Image nativeProps={{ alt: '' }} className='call-btn__img' src={b.appearance === 'closed' || (b.name === 'virtualBackground' && b.appearance === 'disabled') ? ICONS[b.name].off : ICONS[b.name].on} />}</View>
          <View className='call-btn__label'>{t(b.label)}</View>
        </View>
        )
        const device = DEVICE_OF[b.name]
        // Device popovers are a desktop affordance (hover), once the call is connected: while it
        // rings they would open over 等待对方接受邀请 whenever the pointer crosses the panel.
        return device && !mobile && s.callStatus === CallStatus.Connected ? (
          <DevicePopover key={b.name} s={s} deviceType={device}>
            {button}
          </DevicePopover>
        ) : (
          button
        )
      })}
    </View>
  )
}

function GroupWaiting({ s, mobile }: { s: CallState; mobile: boolean }) {
  const t = useCallText()
  const caller = s.callerUserInfo
  const others = s.remoteUserInfoList.filter((u) => u.userId !== caller?.userId)
  return (
    <View className='call-waiting' data-testid='call-waiting'>
      <Avatar src={caller?.avatar ?? ''} size={96} />
      <View className='call-waiting__name' data-testid='call-waiting-name'>
        {caller ? displayName(caller) : ''}
      </View>
      <View className='call-waiting__hint'>{t('Invited group call')}</View>
      {mobile && others.length > 0 ? (
        <View className='call-waiting__group' data-testid='call-waiting-group'>
          <View className='call-waiting__count'>
            {s.remoteUserInfoList.length + 1} {t('people in the call')}
          </View>
          <View className='call-waiting__avatars'>
            {others.map((u) => (
              <Avatar key={u.userId} src={u.avatar} size={32} />
            ))}
          </View>
        </View>
      ) : null}
    </View>
  )
}

/**
 * The one-to-one waiting view. A tip while it shows (对方暂时无法在小程序接听…) is a line of the view,
 * under 等待对方接受邀请, so it can never lie over it whatever the screen's height.
 */
function Waiting({ s, tip }: { s: CallState; tip: string }) {
  const t = useCallText()
  const other: CallUser | undefined = s.callRole === CallRole.Callee ? s.callerUserInfo ?? undefined : s.remoteUserInfoList[0]
  const hint = s.callRole === CallRole.Callee ? t(s.callMediaType === CallMediaType.Video ? 'Invited you to a video call' : 'Invited you to a voice call') : t('Waiting for the other party to answer')
  return (
    <View className='call-waiting' data-testid='call-waiting'>
      <Avatar src={other?.avatar ?? ''} size={96} />
      <View className='call-waiting__name' data-testid='call-waiting-name'>
        {other ? displayName(other) : ''}
      </View>
      <View className='call-waiting__hint'>{hint}</View>
      {tip ? (
        <View className='call-tip call-tip--inline' data-testid='call-tip'>
          {tip}
        </View>
      ) : null}
    </View>
  )
}

function Media({ s }: { s: CallState }) {
  const { callEngine } = useApp()
  const remote = s.remoteUserInfoList[0]
  const self = s.localUserInfo
  if (s.callMediaType !== CallMediaType.Video || !remote) {
    return s.callStatus === CallStatus.Connected && remote ? (
      <View className='call-audio' data-testid='call-audio'>
        <Avatar src={remote.avatar} size={96} />
        <View className='call-waiting__name'>{displayName(remote)}</View>
        <View className='call-levels call-levels--inline'>
          <VolumeBar user={remote} />
          <NetworkBadge s={s} userId={remote.userId} />
        </View>
        <VideoView userId={remote.userId} domId={remote.domId} className='call-video--hidden' testId='call-video-remote' />
      </View>
    ) : null
  }
  const bigIsRemote = s.bigScreenUserId !== self.userId
  const big = bigIsRemote ? remote : self
  const small = bigIsRemote ? self : remote
  const toggle = () => callEngine.toggleBigScreen()
  const whose = (user: typeof self) => (user === self ? '我' : '对方')
  // While calling only the local preview shows, behind the waiting view.
  if (s.callStatus === CallStatus.Calling) {
    return <VideoView userId={self.userId} domId={self.domId} className='call-video--big call-video--dim' testId='call-video-local' />
  }
  return (
    <View className='call-media'>
      <View {...pressable(`${whose(big)}的大画面`)} className='call-media__big' data-testid='call-big' data-user={big.userId} onClick={toggle}>
        <VideoView userId={big.userId} domId={big.domId} className='call-video--big' testId={big === remote ? 'call-video-remote' : 'call-video-local'} />
        {!big.isVideoAvailable ? <View className='call-media__off' data-testid='call-video-off' data-user={big.userId} /> : null}
        <View className='call-levels'>
          <VolumeBar user={big} />
          <NetworkBadge s={s} userId={big.userId} />
        </View>
      </View>
      <View {...pressable(`${whose(small)}的小画面，点按换成大画面`)} className='call-media__small' data-testid='call-small' data-user={small.userId} onClick={toggle}>
        <VideoView userId={small.userId} domId={small.domId} className='call-video--small' testId={small === remote ? 'call-video-remote' : 'call-video-local'} />
        {!small.isVideoAvailable ? <View className='call-media__off' data-testid='call-video-off' data-user={small.userId} /> : null}
        <View className='call-levels'>
          <VolumeBar user={small} />
        </View>
      </View>
      <View className='call-peer-state' data-testid='call-peer-state' data-audio={String(remote.isAudioAvailable)} data-video={String(remote.isVideoAvailable)} />
    </View>
  )
}

function FloatWindow({ s, mobile }: { s: CallState; mobile: boolean }) {
  const t = useCallText()
  const engine = useApp().callEngine
  const calleeRinging = s.callStatus === CallStatus.Calling && s.callRole === CallRole.Callee
  return (
    <View className={`call-float${mobile ? ' call-float--mobile' : ''}`} data-testid='call-float' style={{ zIndex: CALL_LIMITS.overlayZIndex }}>
      {s.remoteUserInfoList
        .filter((u) => u.volume >= FLOAT_TILE_MIN_VOLUME)
        .map((u) => (
          <View key={u.userId} className='call-float__speaker' data-testid='call-float-speaker' data-user={u.userId}>
            <Avatar src={u.avatar} size={28} />
          </View>
        ))}
      <View className='call-float__time' data-testid='call-float-timer'>
        {s.callStatus === CallStatus.Connected ? s.callDuration : t('wait to be called')}
      </View>
      {!mobile ? (
        <View className='call-float__controls'>
          <Tooltip text={calleeRinging ? '拒绝' : '挂断'}>
            <View {...pressable(calleeRinging ? '拒绝' : '挂断')} className='call-btn call-btn--small call-btn--hangup' data-testid='call-float-hangup' onClick={() => void (calleeRinging ? engine.reject() : engine.hangup())}>
              <Image nativeProps={{ alt: '' }} className='call-btn__img' src={callIcons.hangup} />
            </View>
          </Tooltip>
          <Tooltip text='麦克风'>
            <View {...pressable('麦克风')} aria-pressed={s.localUserInfo.isAudioAvailable ? 'true' : 'false'} className='call-btn call-btn--small' data-testid='call-float-mic' onClick={() => (s.localUserInfo.isAudioAvailable ? engine.closeMicrophone() : engine.openMicrophone())}>
              <Image nativeProps={{ alt: '' }} className='call-btn__img' src={s.localUserInfo.isAudioAvailable ? callIcons.mic : callIcons.micOff} />
            </View>
          </Tooltip>
        </View>
      ) : null}
      <Tooltip text={t('restore')}>
        <View {...pressable(t('restore'))} className='call-btn call-btn--small' data-testid='call-btn-restore' onClick={() => engine.toggleMinimize()}>
          <Image nativeProps={{ alt: '' }} className='call-btn__img' src={callIcons.restore} />
        </View>
      </Tooltip>
    </View>
  )
}

/** The one-to-one call screen: top bar, waiting view, media, tip and button panel; or the floating window. */
export default function CallScreen({ s }: { s: CallState }) {
  const { callEngine, calls } = useApp()
  const mobile = useNarrowScreen()
  const t = useCallText()
  const [focus, setFocus] = useState('')
  const [inviting, setInviting] = useState(false)
  const groupNumber = useAppStore((st) => st.conversations[`GROUP${s.groupID}`]?.groupProfile?.groupNumber ?? '')
  useTileLayers(s, mobile ? focus : '', mobile)
  if (s.isMinimized) return <FloatWindow s={s} mobile={mobile} />
  const calleeRinging = s.callStatus === CallStatus.Calling && s.callRole === CallRole.Callee
  // Everyone on a group call may invite (the caller already while calling).
  const canInvite = s.isGroup && !calleeRinging && !!groupNumber
  // On mobile a focused tile closes the button panel; clearing the focus opens it.
  const panelOpen = !(mobile && focus)
  const showGrid = s.isGroup && !calleeRinging
  const waiting = !(calleeRinging && s.isGroup) && s.callStatus === CallStatus.Calling && !s.isGroup
  return (
    <View
      id={SCREEN_ID}
      className={`call-screen${mobile ? ' call-screen--mobile' : ' call-screen--desktop'}`}
      data-testid='call-screen'
      data-layout={layoutOf(s)}
      data-status={s.callStatus}
      data-camera={s.cameraPosition}
      style={{ zIndex: CALL_LIMITS.overlayZIndex }}
    >
      <View className='call-top'>
        <View className='call-top__side' />
        <View className='call-top__timer' data-testid='call-timer'>
          {s.callStatus === CallStatus.Connected ? s.callDuration : ''}
        </View>
        <View className='call-top__side'>
          {canInvite ? (
            <Tooltip text={t('inviteUser')} below>
              <View {...pressable(t('inviteUser'))} className='call-top__btn' data-testid='call-btn-inviteUser' onClick={() => setInviting(true)}>
                <Image nativeProps={{ alt: '' }} className='call-btn__img' src={callIcons.invite} />
              </View>
            </Tooltip>
          ) : null}
          {!mobile && s.allowedFullScreen ? (
            <Tooltip text={t('fullScreen')} below>
              <View {...pressable(t('fullScreen'))} className='call-top__btn' data-testid='call-btn-fullScreen' onClick={() => void callEngine.toggleFullScreen(SCREEN_ID)}>
                <Image nativeProps={{ alt: '' }} className='call-btn__img' src={callIcons.fullScreen} />
              </View>
            </Tooltip>
          ) : null}
          {s.enableFloatWindow ? (
            <Tooltip text={t('minimize')} below>
              <View {...pressable(t('minimize'))} className='call-top__btn' data-testid='call-btn-minimize' onClick={() => callEngine.toggleMinimize()}>
                <Image nativeProps={{ alt: '' }} className='call-btn__img' src={callIcons.minimize} />
              </View>
            </Tooltip>
          ) : null}
        </View>
      </View>
      <LiveMedia />
      {showGrid ? <GroupMedia s={s} focus={mobile ? focus : ''} onFocus={mobile ? setFocus : undefined} /> : s.isGroup ? null : <Media s={s} />}
      {calleeRinging && s.isGroup ? <GroupWaiting s={s} mobile={mobile} /> : waiting ? <Waiting s={s} tip={s.callTips ? t(s.callTips as CallTextKey) : ''} /> : null}
      {s.callTips && !waiting ? (
        <View className='call-tip' data-testid='call-tip'>
          {t(s.callTips as CallTextKey)}
        </View>
      ) : null}
      {panelOpen ? <ButtonPanel s={s} mobile={mobile} docked={showGrid} /> : null}
      {inviting ? (
        <MemberPicker
          groupNumber={groupNumber}
          selfId={s.localUserInfo.userId}
          disabledIds={s.remoteUserInfoList.map((u) => u.userId)}
          onCancel={() => setInviting(false)}
          onDone={(ids) => {
            setInviting(false)
            calls.kit.inviteUser({ userIDList: ids }).catch((err: unknown) => console.warn('invite failed', err))
          }}
        />
      ) : null}
    </View>
  )
}
