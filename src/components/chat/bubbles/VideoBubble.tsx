import { Image, Video, View } from '@tarojs/components'
import { useState } from 'react'
import type { UiMessage } from '@/stores/slices/messages'
import { fitVideo } from '@/utils/media'
import { chatIcons } from '../chatIcons'
import { useChatScreen } from '../chatContext'
import UploadProgress from './UploadProgress'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/**
 * A poster with a play button; the player is only created when asked for, so long lists stay light,
 * and stays once created so the video can be replayed with its controls.
 */
export default function VideoBubble({ message }: { message: UiMessage }) {
  const { messageMediaUrl } = useApp().chat
  const { fit } = useChatScreen()
  const [playing, setPlaying] = useState(false)
  const p = message.payload
  const box = fitVideo({ width: num(p.snapshotWidth), height: num(p.snapshotHeight) }, fit)
  const videoSrc = typeof p.videoUrl === 'string' && p.videoUrl ? messageMediaUrl(p.videoUrl) : message.localUrl ?? ''
  const poster = typeof p.snapshotUrl === 'string' && p.snapshotUrl ? messageMediaUrl(p.snapshotUrl) : ''
  const uploading = message.status === 'unSend'
  const style = { width: `${box.width}px`, height: `${box.height}px` }
  if (playing && videoSrc) {
    return (
      <View className='bubble-media bubble-media--video' data-testid='msg-video' data-playing='true' style={style}>
        <Video className='bubble-media__video' src={videoSrc} poster={poster} controls autoplay objectFit='contain' />
      </View>
    )
  }
  return (
    <View {...pressable()}
      className='bubble-media bubble-media--video bubble-media--clickable'
      data-testid='msg-video'
      style={style}
      onClick={() => {
        if (!uploading && videoSrc) setPlaying(true)
      }}
    >
      {poster ? <Image nativeProps={{ alt: '' }} className='bubble-media__img' src={poster} mode='aspectFill' /> : null}
      {uploading ? (
        <UploadProgress progress={message.progress} />
      ) : (
        <View className='bubble-media__play'>
          <Image nativeProps={{ alt: '' }} className='bubble-media__play-icon' src={chatIcons.play} />
        </View>
      )}
      {num(p.videoSecond) > 0 ? <View className='bubble-media__duration'>{formatDuration(num(p.videoSecond))}</View> : null}
    </View>
  )
}
