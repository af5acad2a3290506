import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import EmojiPicker from '@/components/emoji/EmojiPicker'
import EmojiText from '@/components/emoji/EmojiText'
import { fileOpener } from '@/platform/fileOpener'
import type { App } from '@/root/createApp'
import type { AppStore } from '@/stores'
import { STICKER_GROUPS } from '@/utils/emoji'
import { renderInApp, testApp } from '../helpers/testApp'

let app: App
let useAppStore: AppStore
const render = (ui: ReactElement) => renderInApp(app, ui)

beforeEach(() => {
  app = testApp()
  useAppStore = app.store
})

describe('EmojiPicker', () => {
  test('the 表情 tab lists the 103 basic emoji; a click hands over the bracketed name', () => {
    const onEmoji = jest.fn()
    const onSticker = jest.fn()
    render(<EmojiPicker onEmoji={onEmoji} onSticker={onSticker} />)
    const items = screen.getAllByTestId('emoji-item')
    expect(items).toHaveLength(103)
    expect(items[0].getAttribute('data-name')).toBe('[微笑]')
    fireEvent.click(items[13])
    expect(onEmoji).toHaveBeenCalledWith(items[13].getAttribute('data-name'))
    expect(onSticker).not.toHaveBeenCalled()
    expect(screen.queryAllByTestId('sticker-item')).toHaveLength(0)
  })

  test('each sticker tab shows its own group; a click sends index and data', () => {
    const onSticker = jest.fn()
    render(<EmojiPicker onEmoji={jest.fn()} onSticker={onSticker} />)
    const tabs = screen.getAllByTestId('sticker-tab')
    expect(tabs.map((t) => t.getAttribute('data-group'))).toEqual(['1', '2', '3'])
    for (const [i, group] of STICKER_GROUPS.entries()) {
      fireEvent.click(tabs[i])
      const items = screen.getAllByTestId('sticker-item')
      expect(items).toHaveLength(group.stickers.length)
      expect(items.every((el) => el.getAttribute('data-group') === String(group.id))).toBe(true)
      expect(items.map((el) => el.getAttribute('data-name'))).toEqual(group.stickers.map((s) => s.data))
      expect(screen.queryAllByTestId('emoji-item')).toHaveLength(0)
    }
    fireEvent.click(tabs[1])
    const second = screen.getAllByTestId('sticker-item')[3]
    fireEvent.click(second)
    expect(onSticker).toHaveBeenCalledWith(2, STICKER_GROUPS[1].stickers[3].data)
    fireEvent.click(screen.getByTestId('emoji-tab'))
    expect(screen.getAllByTestId('emoji-item')).toHaveLength(103)
  })
})

describe('EmojiText', () => {
  test('renders text, emoji pictures and line breaks in order', () => {
    const { container } = render(<EmojiText testId='t' text={'早上好[微笑]\n第二行[::13]'} />)
    const root = screen.getByTestId('t')
    expect(root.textContent).toBe('早上好\n第二行')
    const emoji = Array.from(container.querySelectorAll('[data-emoji]')).map((el) => el.getAttribute('data-emoji'))
    expect(emoji).toEqual(['[微笑]', '[呲牙]'])
  })

  test('a link calls onLink with its address and does not bubble', () => {
    const onLink = jest.fn()
    const onBubble = jest.fn()
    const { container } = render(
      <div onClick={onBubble}>
        <EmojiText text='见 https://example.com/x。' onLink={onLink} />
      </div>,
    )
    const link = container.querySelector('[data-href]')!
    expect(link.textContent).toBe('https://example.com/x')
    fireEvent.click(link)
    expect(onLink).toHaveBeenCalledWith('https://example.com/x')
    expect(onBubble).not.toHaveBeenCalled()
  })

  test('without onLink the platform opens the link; a copied link is announced', async () => {
    const open = jest.spyOn(fileOpener, 'openLink').mockResolvedValue('copied')
    const { container } = render(<EmojiText text='https://a.cn' />)
    await act(async () => {
      fireEvent.click(container.querySelector('[data-href]')!)
    })
    expect(open).toHaveBeenCalledWith('https://a.cn')
    expect(useAppStore.getState().toasts.map((t) => t.message)).toEqual(['链接已复制，请在浏览器中打开'])
  })
})
