import { Image, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import Tooltip from '@/components/common/Tooltip'
import { chatIcons } from './chatIcons'
import { pressable } from './pressable'

export type Tool = 'emoji' | 'image' | 'file' | 'video' | 'voice' | 'location' | 'phrase' | 'favorite'

const TOOLS: ReadonlyArray<{ tool: Tool; icon: string; label: string }> = [
  { tool: 'emoji', icon: chatIcons.emoji, label: '表情' },
  { tool: 'image', icon: chatIcons.image, label: '图片' },
  { tool: 'file', icon: chatIcons.file, label: '文件' },
  // A film strip, not a camera: the camera is the video call's icon, next to it in one-to-one chats.
  { tool: 'video', icon: chatIcons.videoClip, label: '发送视频' },
  { tool: 'voice', icon: chatIcons.voice, label: '语音' },
  { tool: 'location', icon: chatIcons.location, label: '位置' },
  { tool: 'phrase', icon: chatIcons.phrase, label: '常用语' },
  { tool: 'favorite', icon: chatIcons.favorite, label: '收藏' },
]

interface Props {
  active: Tool | null
  /** Tools the server's chat feature flags turn off. */
  hidden?: ReadonlySet<Tool>
  disabled?: boolean
  onTool(tool: Tool): void
  /** Entries other features add at the end (the call entries of one-to-one chats). */
  children?: ReactNode
}

export default function Toolbar({ active, disabled, onTool, hidden, children }: Props) {
  return (
    <View className='chat-toolbar'>
      {TOOLS.filter(({ tool }) => !hidden?.has(tool)).map(({ tool, icon, label }) => (
        <Tooltip key={tool} text={label}>
          <View
            className={`chat-toolbar__tool${active === tool ? ' chat-toolbar__tool--active' : ''}${disabled ? ' chat-toolbar__tool--disabled' : ''}`}
            data-testid={`tool-${tool}`}
            aria-disabled={disabled ? 'true' : undefined}
            {...pressable(label, () => {
              if (!disabled) onTool(tool)
            })}
          >
            <Image nativeProps={{ alt: '' }} className='chat-toolbar__icon' src={icon} />
          </View>
        </Tooltip>
      ))}
      {children}
    </View>
  )
}
