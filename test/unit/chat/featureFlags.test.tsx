import { fireEvent, render, screen } from '@testing-library/react'
import { ALL_FEATURES_ON, featuresWithout } from '@shared/messageOps'
import EmojiPicker from '@/components/emoji/EmojiPicker'
import { readStatusOf } from '@/components/chat/messageDisplay'
import { hiddenTools } from '@/components/chat/ops/toolFlags'
import { STICKER_GROUPS } from '@/utils/emoji'

describe('inputEmoji and inputStickers each hide their own part of the emoji panel', () => {
  test('stickers off: the 表情 tab only, no sticker tab; the toolbar keeps the panel', () => {
    expect(hiddenTools(featuresWithout(['inputStickers'])).has('emoji')).toBe(false)
    render(<EmojiPicker onEmoji={jest.fn()} onSticker={jest.fn()} showEmoji showStickers={false} />)
    expect(screen.getAllByTestId('emoji-tab')).toHaveLength(1)
    expect(screen.queryAllByTestId('sticker-tab')).toHaveLength(0)
    expect(screen.getAllByTestId('emoji-item').length).toBeGreaterThan(0)
  })

  test('emoji off: no 表情 tab; the panel opens on the first sticker group', () => {
    expect(hiddenTools(featuresWithout(['inputEmoji'])).has('emoji')).toBe(false)
    const onSticker = jest.fn()
    render(<EmojiPicker onEmoji={jest.fn()} onSticker={onSticker} showEmoji={false} showStickers />)
    expect(screen.queryAllByTestId('emoji-tab')).toHaveLength(0)
    expect(screen.queryAllByTestId('emoji-item')).toHaveLength(0)
    expect(screen.getAllByTestId('sticker-tab')).toHaveLength(STICKER_GROUPS.length)
    const first = screen.getAllByTestId('sticker-item')[0]!
    expect(first.getAttribute('data-group')).toBe(String(STICKER_GROUPS[0]!.id))
    fireEvent.click(first)
    expect(onSticker).toHaveBeenCalledWith(STICKER_GROUPS[0]!.id, first.getAttribute('data-name'))
  })

  test('both off: the emoji tool itself is gone', () => {
    expect(hiddenTools(featuresWithout(['inputEmoji', 'inputStickers'])).has('emoji')).toBe(true)
    expect(hiddenTools(ALL_FEATURES_ON).size).toBe(0)
  })
})

describe('readStatus off hides read marks', () => {
  const c2c = { conversationType: 'C2C', sequence: 5, needReadReceipt: false, readReceiptInfo: { readCount: 0, unreadCount: 0 }, type: 'TIMTextElem' } as const
  const group = { ...c2c, conversationType: 'GROUP', needReadReceipt: true, readReceiptInfo: { readCount: 2, unreadCount: 1 } } as const

  test('on: 已读 in a C2C chat and n人已读 in a group', () => {
    expect(readStatusOf(c2c, { peerReadSequence: 5 }, ALL_FEATURES_ON)?.text).toBe('已读')
    expect(readStatusOf(group, undefined, ALL_FEATURES_ON)?.text).toBe('2人已读')
  })

  test('off: nothing, in either kind of chat', () => {
    const off = featuresWithout(['readStatus'])
    expect(readStatusOf(c2c, { peerReadSequence: 5 }, off)).toBeNull()
    expect(readStatusOf(group, undefined, off)).toBeNull()
  })
})
