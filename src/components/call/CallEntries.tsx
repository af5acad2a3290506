import { Image, View } from '@tarojs/components'
import { useEffect, type ReactNode } from 'react'
import { useApp, useAppStore } from '@/root/AppContext'
import { preloadCallScreen } from '@/root/deferredScreens'
import Tooltip from '@/components/common/Tooltip'
import { callIcons } from './callIcons'
import { useCallText } from './useCallText'
import { pressable } from '@/platform/focus'

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

/** One call entry as the chat draws it: a toolbar icon on desktops, a labelled tile in the phone's ＋ panel. */
export interface CallEntryView {
  testId: string
  label: string
  icon: string
  onPress(): void
}

export type RenderCallEntry = (entry: CallEntryView) => ReactNode

export function toolbarCallEntry({ testId, label, icon, onPress }: CallEntryView): ReactNode {
  return (
    <Tooltip key={testId} text={label}>
      <View {...pressable(label)} className='chat-toolbar__tool' data-testid={testId} onClick={onPress}>
        <Image nativeProps={{ alt: '' }} className='chat-toolbar__icon' src={icon} />
      </View>
    </Tooltip>
  )
}

/**
 * 'Voice call' and 'Video call' in a one-to-one chat's toolbar (not in groups, rooms or
 * customer-service chats), shown when web_media_switch is on and the platform can call.
 */
export default function CallEntries({ peer, renderEntry = toolbarCallEntry }: { peer: string; renderEntry?: RenderCallEntry }) {
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
      {renderEntry({ testId: 'tool-voiceCall', label: t('Voice call'), icon: callIcons.phone, onPress: () => start(1) })}
      {renderEntry({ testId: 'tool-videoCall', label: t('Video call'), icon: callIcons.videoCall, onPress: () => start(2) })}
    </>
  )
}
