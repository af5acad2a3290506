import { Image, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import CallEntries from '@/components/call/CallEntries'
import GroupCallEntry from '@/components/call/GroupCallEntry'
import type { CallEntryView } from '@/components/call/CallEntries'
import { chatIcons } from './chatIcons'
import { pressable } from './pressable'
import type { Tool } from './Toolbar'

/** The phone's tiles in WeChat's order; the calls come after 拍摄. Emoji and voice have their own buttons. */
const BEFORE_CALLS: ReadonlyArray<{ tool: Tool; icon: string; label: string }> = [
  { tool: 'image', icon: chatIcons.image, label: '相册' },
  // Sends a video: the phone's picker offers the camera (the mini-program's: album or camera).
  { tool: 'video', icon: chatIcons.camera, label: '拍摄' },
]
const AFTER_CALLS: ReadonlyArray<{ tool: Tool; icon: string; label: string }> = [
  { tool: 'location', icon: chatIcons.location, label: '位置' },
  { tool: 'file', icon: chatIcons.file, label: '文件' },
  { tool: 'favorite', icon: chatIcons.favorite, label: '收藏' },
  { tool: 'phrase', icon: chatIcons.phrase, label: '常用语' },
]

export function PlusTile({ testId, label, icon, onPress }: CallEntryView): ReactNode {
  return (
    <View key={testId} className='plus-tile' data-testid={testId} {...pressable(label, onPress)}>
      <View className='plus-tile__box'>
        <Image nativeProps={{ alt: '' }} className='plus-tile__icon' src={icon} />
      </View>
      <View className='plus-tile__label'>{label}</View>
    </View>
  )
}

interface Props {
  conversationID: string
  /** The tools the chat feature flags turn off (the same set the desktop toolbar hides). */
  hidden: ReadonlySet<Tool>
  /** No calls: the official helper, a yx account (as the desktop toolbar). */
  special: boolean
  onTool(tool: Tool): void
}

/** The ＋ panel under the phone's input row: a grid of what this conversation allows. */
export default function PlusPanel({ conversationID, hidden, special, onTool }: Props) {
  const tiles = (list: typeof BEFORE_CALLS) =>
    list.filter(({ tool }) => !hidden.has(tool)).map(({ tool, icon, label }) => PlusTile({ testId: `tool-${tool}`, label, icon, onPress: () => onTool(tool) }))
  const calls = special ? null : conversationID.startsWith('C2C') ? (
    <CallEntries peer={conversationID.slice(3)} renderEntry={PlusTile} />
  ) : (
    <GroupCallEntry groupID={conversationID.slice(5)} renderEntry={PlusTile} />
  )
  return (
    <View className='plus-panel' data-testid='plus-panel'>
      {tiles(BEFORE_CALLS)}
      {calls}
      {tiles(AFTER_CALLS)}
    </View>
  )
}
