import { Image, View } from '@tarojs/components'
import { startCallFromChat } from '@/services/call/runtime'
import { useAppStore } from '@/stores'
import { callIcons } from './callIcons'
import { useCallText } from './useCallText'

/**
 * 'Voice call' and 'Video call' in a one-to-one chat's toolbar (not in groups, rooms or
 * customer-service chats), shown when web_media_switch is on and the platform can call.
 */
export default function CallEntries({ peer }: { peer: string }) {
  const enabled = useAppStore((s) => s.callEntriesEnabled)
  const t = useCallText()
  if (!enabled) return null
  return (
    <>
      <View className='chat-toolbar__tool' data-testid='tool-voiceCall' aria-label={t('Voice call')} onClick={() => void startCallFromChat(peer, 1)}>
        <Image className='chat-toolbar__icon' src={callIcons.phone} />
      </View>
      <View className='chat-toolbar__tool' data-testid='tool-videoCall' aria-label={t('Video call')} onClick={() => void startCallFromChat(peer, 2)}>
        <Image className='chat-toolbar__icon' src={callIcons.videoCall} />
      </View>
    </>
  )
}
