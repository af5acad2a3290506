import { Image, View } from '@tarojs/components'
import { messageKey } from '@/stores/chat/uiMessage'
import type { UiMessage } from '@/stores/slices/messages'
import { audioBubbleWidth } from '@/utils/media'
import { toggleAudio, usePlayingAudio } from '../audioPlayback'
import { chatIcons } from '../chatIcons'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** Icon, seconds label and padding around the part that grows with the length (spec: 10 px/s + 20 px). */
const AUDIO_CHROME_PX = 64

export default function AudioBubble({ message, own }: { message: UiMessage; own: boolean }) {
  const { markAudioPlayed, messageMediaUrl } = useApp().chat
  const playing = usePlayingAudio()
  const key = messageKey(message)
  const seconds = typeof message.payload.second === 'number' ? message.payload.second : 0
  const url = typeof message.payload.url === 'string' && message.payload.url ? messageMediaUrl(message.payload.url) : message.localUrl ?? ''
  const isPlaying = playing === key
  const unplayed = !own && message.status === 'success' && !message.played
  const width = audioBubbleWidth(seconds) + AUDIO_CHROME_PX
  return (
    <View className='bubble-audio-wrap'>
      <View {...pressable()}
        className={`bubble bubble--audio${own ? ' bubble--own' : ''}${isPlaying ? ' bubble--playing' : ''}`}
        data-testid='msg-audio'
        data-playing={isPlaying ? 'true' : 'false'}
        style={{ width: `${width}px`, maxWidth: '100%' }}
        onClick={() => {
          if (!url || message.status === 'unSend') return
          toggleAudio(key, url)
          if (unplayed) markAudioPlayed(message.conversationID, message.ID)
        }}
      >
        <Image nativeProps={{ alt: '' }} className='bubble-audio__wave' src={chatIcons.wave} />
        <View className='bubble-audio__seconds'>{`${Math.max(1, Math.round(seconds))}"`}</View>
      </View>
      {unplayed ? <View className='bubble-audio__unplayed' data-testid='msg-audio-unplayed' /> : null}
    </View>
  )
}
