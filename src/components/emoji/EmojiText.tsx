import { Image, Text, View } from '@tarojs/components'
import { memo, useMemo } from 'react'
import { fileOpener } from '@/platform/fileOpener'
import { useApp } from '@/root/AppContext'
import type { Toast } from '@/services/toast'
import { parseRichText } from '@/utils/emoji'
import './EmojiText.scss'
import { pressable } from '@/platform/focus'

interface EmojiTextProps {
  text: string
  className?: string
  /** Emoji height in px; the default follows the bubble's 14px text. */
  emojiSize?: number
  /** Replaces the default link action (a new tab on H5; copying in the mini-program). */
  onLink?: (url: string) => void
  testId?: string
}

async function openLink(toast: Toast, url: string): Promise<void> {
  const result = await fileOpener.openLink(url)
  if (result === 'copied') toast.info('链接已复制，请在浏览器中打开')
  else if (result === 'failed') toast.error('无法打开链接')
}

/** Message text with inline emoji pictures, its line breaks (kept by white-space: pre-wrap), and clickable http(s) links. */
function EmojiText({ text, className, emojiSize = 20, onLink, testId }: EmojiTextProps) {
  const { toast } = useApp()
  const segments = useMemo(() => parseRichText(text), [text])
  const size = { width: `${emojiSize}px`, height: `${emojiSize}px` }
  return (
    <View className={`emoji-text${className ? ` ${className}` : ''}`} data-testid={testId}>
      {segments.map((seg, i) => {
        switch (seg.kind) {
          case 'text':
            return (
              <Text key={i} userSelect>
                {seg.text}
              </Text>
            )
          case 'emoji':
            return <Image nativeProps={{ alt: '' }} key={i} className='emoji-text__emoji' style={size} src={seg.url} data-emoji={seg.name} aria-label={seg.name} />
          case 'link':
            return (
              <Text {...pressable()}
                key={i}
                className='emoji-text__link'
                data-href={seg.url}
                userSelect
                onClick={(e) => {
                  e.stopPropagation()
                  if (onLink) onLink(seg.url)
                  else void openLink(toast, seg.url)
                }}
              >
                {seg.url}
              </Text>
            )
        }
      })}
    </View>
  )
}

export default memo(EmojiText)
