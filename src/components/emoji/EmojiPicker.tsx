import { Image, ScrollView, View } from '@tarojs/components'
import { useId, useState } from 'react'
import { BASIC_EMOJI, STICKER_GROUPS } from '@/utils/emoji'
import { useRove } from '@/components/common/useRove'
import { pressable } from '@/platform/focus'
import './EmojiPicker.scss'

interface EmojiPickerProps {
  /** A basic emoji was chosen: its bracketed name, to insert into the editor. */
  onEmoji: (name: string) => void
  /** A sticker was chosen: send it as a face message (index = emojiGroupID, data = its name). */
  onSticker: (index: number, data: string) => void
  className?: string
  /** The chat feature flags inputEmoji and inputStickers: each hides its own tabs. */
  showEmoji?: boolean
  showStickers?: boolean
}

/** 0 is the basic set; other values are emojiGroupIDs. */
const BASIC_TAB = 0

/**
 * The toolbar's emoji panel: the 表情 grid of basic emoji, and one tab per sticker group with
 * its stickers. Each tab shows the group's first picture, as in WeChat.
 */
export default function EmojiPicker({ onEmoji, onSticker, className, showEmoji = true, showStickers = true }: EmojiPickerProps) {
  const groups = showStickers ? STICKER_GROUPS : []
  const [tab, setTab] = useState(showEmoji ? BASIC_TAB : (groups[0]?.id ?? BASIC_TAB))
  const group = groups.find((g) => g.id === tab)
  // The grid shown is one Tab stop; the arrow keys move across it in two directions.
  const gridId = `emoji-grid-${useId().replace(/[^\w-]/g, '')}`
  useRove(gridId, 'grid')
  return (
    <View className={`emoji-picker${className ? ` ${className}` : ''}`} data-testid='emoji-picker' onClick={(e) => e.stopPropagation()}>
      <View className='emoji-picker__title'>{group ? group.name : '表情'}</View>
      <ScrollView scrollY className='emoji-picker__body'>
        {group ? (
          <View id={gridId} className='emoji-picker__grid emoji-picker__grid--stickers' role='group' aria-label={group.name}>
            {group.stickers.map((s) => (
              <View {...pressable()}
                key={s.data}
                className='emoji-picker__sticker'
                data-testid='sticker-item'
                data-rove
                data-group={String(s.group)}
                data-name={s.data}
                aria-label={s.label}
                onClick={() => onSticker(s.group, s.data)}
              >
                <Image nativeProps={{ alt: '' }} className='emoji-picker__sticker-img' src={s.url} mode='aspectFit' />
              </View>
            ))}
          </View>
        ) : showEmoji ? (
          <View id={gridId} className='emoji-picker__grid' role='group' aria-label='表情'>
            {BASIC_EMOJI.map((e) => (
              <View {...pressable()}
                key={e.name}
                className='emoji-picker__emoji'
                data-testid='emoji-item'
                data-rove
                data-name={e.name}
                aria-label={e.name}
                onClick={() => onEmoji(e.name)}
              >
                <Image nativeProps={{ alt: '' }} className='emoji-picker__emoji-img' src={e.url} />
              </View>
            ))}
          </View>
        ) : null}
      </ScrollView>
      <View className='emoji-picker__tabs' role='tablist'>
        {showEmoji ? (
          <View {...pressable()}
            className={`emoji-picker__tab${tab === BASIC_TAB ? ' emoji-picker__tab--active' : ''}`}
            data-testid='emoji-tab'
            role='tab'
            aria-selected={tab === BASIC_TAB}
            aria-label='表情'
            onClick={() => setTab(BASIC_TAB)}
          >
            <Image nativeProps={{ alt: '' }} className='emoji-picker__tab-img' src={BASIC_EMOJI[0].url} />
          </View>
        ) : null}
        {groups.map((g) => (
          <View {...pressable()}
            key={g.id}
            className={`emoji-picker__tab${tab === g.id ? ' emoji-picker__tab--active' : ''}`}
            data-testid='sticker-tab'
            data-group={String(g.id)}
            role='tab'
            aria-selected={tab === g.id}
            aria-label={g.name}
            onClick={() => setTab(g.id)}
          >
            <Image nativeProps={{ alt: '' }} className='emoji-picker__tab-img' src={g.stickers[0].url} />
          </View>
        ))}
      </View>
    </View>
  )
}
