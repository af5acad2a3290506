import { View } from '@tarojs/components'
import { CallMediaType } from '@shared/call'
import Avatar from '@/components/layout/Avatar'
import { CallStatus, displayName, type CallState } from '@/engines/call/state'
import { GRID_COLUMNS, gridArea } from './groupLayout'
import { NetworkBadge, VolumeBar } from './Levels'
import { useCallText } from './useCallText'
import { callGrid } from './useTileLayers'
import VideoView from './VideoView'
import { pressable } from '@/platform/focus'

interface Props {
  s: CallState
  /** Mobile: the focused tile's user ('' when none). */
  focus: string
  onFocus?: (userId: string) => void
}

/** The group media grid: one big view plus small tiles up to 4 people, 3 columns from 5. */
export default function GroupMedia({ s, focus, onFocus }: Props) {
  const t = useCallText()
  const self = s.localUserInfo
  const { people, items } = callGrid(s, focus)
  const rows = Math.max(1, ...items.map((i) => i.y + i.h))
  const video = s.callMediaType === CallMediaType.Video
  return (
    <View
      className='call-grid'
      data-testid='call-grid'
      data-count={people.length}
      style={{ gridTemplateColumns: `repeat(${GRID_COLUMNS}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)` }}
    >
      {items.map((item) => {
        const u = people.find((p) => p.userId === item.name)!
        const isSelf = u.userId === self.userId
        const showVideo = video && u.isVideoAvailable && (isSelf || u.isEnter)
        const waiting = !isSelf && !u.isEnter
        return (
          <View {...pressable()}
            key={u.userId}
            className={`call-tile${item.props.big ? ' call-tile--big' : ''}${waiting ? ' call-tile--waiting' : ''}`}
            style={{ gridArea: gridArea(item) }}
            data-testid='call-tile'
            data-user={u.userId}
            data-big={String(item.props.big)}
            data-entered={String(isSelf || u.isEnter)}
            data-audio={String(u.isAudioAvailable)}
            data-video={String(u.isVideoAvailable)}
            onClick={() => onFocus?.(focus === u.userId ? '' : u.userId)}
          >
            {isSelf || s.callStatus === CallStatus.Connected ? (
              <VideoView userId={u.userId} domId={u.domId} className={showVideo ? 'call-video--tile' : 'call-video--hidden'} testId={isSelf ? 'call-video-local' : 'call-video-remote'} />
            ) : null}
            {!showVideo ? (
              <View className='call-tile__avatar'>
                <Avatar src={u.avatar} size={item.props.big ? 80 : 48} />
              </View>
            ) : null}
            <View className='call-tile__name'>
              {isSelf ? t('me') : displayName(u)}
              {!u.isAudioAvailable && (isSelf || u.isEnter) ? <View className='call-tile__muted' data-testid='call-tile-muted' /> : null}
            </View>
            {waiting ? <View className='call-tile__wait'>{t('Connecting...')}</View> : null}
            <View className='call-levels'>
              <VolumeBar user={u} />
              <NetworkBadge s={s} userId={u.userId} />
            </View>
          </View>
        )
      })}
    </View>
  )
}
