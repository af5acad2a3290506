import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { useApp, useAppStore } from '@/root/AppContext'
import { useChatScreen } from '../chatContext'
import './ops.scss'
import { pressable } from '@/platform/focus'

const EMPTY: never[] = []

/**
 * The pinned-message bar of a one-to-one chat. It reads the list again whenever the
 * top-message-changed counter moves (socket type 3), so both sides follow a pin at once.
 */
export default function PinnedBar({ conversationID }: { conversationID: string }) {
  const { loadPinned, unpinMessage } = useApp().messageOps
  const pins = useAppStore((s) => s.pinnedMessages[conversationID] ?? EMPTY)
  const version = useAppStore((s) => s.topMessageVersion)
  const [index, setIndex] = useState(0)
  const screen = useChatScreen()

  useEffect(() => {
    void loadPinned(conversationID)
  }, [conversationID, version])

  if (pins.length === 0) return null
  const shown = pins[Math.min(index, pins.length - 1)]!
  return (
    <View className='pinned-bar' data-testid='pinned-bar'>
      <View className='pinned-bar__mark'>置顶</View>
      <View {...pressable()}
        className='pinned-bar__content'
        data-testid='pinned-bar-content'
        onClick={() => void screen.jumpToMessage(shown.msgId)}
      >
        <View className='pinned-bar__nick'>{shown.oneSelf ? '我' : shown.nickName}：</View>
        <View className='pinned-bar__text'>{shown.msgContent}</View>
      </View>
      {pins.length > 1 ? (
        <View {...pressable()} className='pinned-bar__count' data-testid='pinned-bar-next' onClick={() => setIndex((i) => (i + 1) % pins.length)}>
          {Math.min(index, pins.length - 1) + 1}/{pins.length}
        </View>
      ) : null}
      <View {...pressable()}
        className='pinned-bar__close'
        data-testid='pinned-bar-unpin'
        aria-label='取消置顶'
        onClick={() => unpinMessage(conversationID, shown.id).catch((err: unknown) => console.warn('unpin failed', err))}
      >
        ×
      </View>
    </View>
  )
}
