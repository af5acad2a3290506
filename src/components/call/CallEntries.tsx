import { Image, View } from '@tarojs/components'
import { useEffect } from 'react'
import { media } from '@/platform/media'
import { useApp, useAppStore } from '@/root/AppContext'
import { preloadCallScreen } from '@/root/deferredScreens'
import { callIcons } from './callIcons'
import { useCallText } from './useCallText'

/**
 * 'Voice call' and 'Video call' in a one-to-one chat's toolbar (not in groups, rooms or
 * customer-service chats), shown when web_media_switch is on and the platform can call.
 */
export default function CallEntries({ peer }: { peer: string }) {
  const app = useApp()
  const { startCallFromChat } = app.calls
  const { toast } = app
  const enabled = useAppStore((s) => s.callEntriesEnabled)
  const t = useCallText()
  useEffect(() => {
    if (enabled) preloadCallScreen()
  }, [enabled])
  if (!enabled) return null
  // Without WebRTC (the mini-program) the entries explain that calls need the web app.
  const start = (type: 1 | 2) => (media.supportsWebRtc() ? void startCallFromChat(peer, type) : toast.info(t('Calls need the web app')))
  return (
    <>
      <View className='chat-toolbar__tool' data-testid='tool-voiceCall' aria-label={t('Voice call')} onClick={() => start(1)}>
        <Image className='chat-toolbar__icon' src={callIcons.phone} />
      </View>
      <View className='chat-toolbar__tool' data-testid='tool-videoCall' aria-label={t('Video call')} onClick={() => start(2)}>
        <Image className='chat-toolbar__icon' src={callIcons.videoCall} />
      </View>
    </>
  )
}
