import { Image, View } from '@tarojs/components'
import { useEffect } from 'react'
import { useApp, useAppStore } from '@/root/AppContext'
import { preloadCallScreen } from '@/root/deferredScreens'
import { hoverHint } from '@/components/common/hoverHint'
import { callIcons } from './callIcons'
import { useCallText } from './useCallText'

/**
 * Where the call entries would be, when this platform has no media path and the server no TRTC
 * application (the mini-program without TRTC): one line saying why there are none.
 */
export function CallsUnavailableNote() {
  const t = useCallText()
  return (
    <View className='chat-toolbar__note' data-testid='calls-unavailable'>
      {t('Calls need the web app')}
    </View>
  )
}

/**
 * 'Voice call' and 'Video call' in a one-to-one chat's toolbar (not in groups, rooms or
 * customer-service chats), shown when web_media_switch is on and the platform can call.
 */
export default function CallEntries({ peer }: { peer: string }) {
  const app = useApp()
  const { startCallFromChat } = app.calls
  const enabled = useAppStore((s) => s.callEntriesEnabled)
  const unavailable = useAppStore((s) => s.callsUnavailable)
  const t = useCallText()
  useEffect(() => {
    if (enabled) preloadCallScreen()
  }, [enabled])
  if (unavailable) return <CallsUnavailableNote />
  if (!enabled) return null
  const start = (type: 1 | 2) => void startCallFromChat(peer, type)
  return (
    <>
      <View className='chat-toolbar__tool' data-testid='tool-voiceCall' aria-label={t('Voice call')} {...hoverHint(t('Voice call'))} onClick={() => start(1)}>
        <Image className='chat-toolbar__icon' src={callIcons.phone} />
      </View>
      <View className='chat-toolbar__tool' data-testid='tool-videoCall' aria-label={t('Video call')} {...hoverHint(t('Video call'))} onClick={() => start(2)}>
        <Image className='chat-toolbar__icon' src={callIcons.videoCall} />
      </View>
    </>
  )
}
