import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import { useEffect, useId, useState } from 'react'
import type { PressPoint } from '@/components/conversation/usePressMenu'
import type { MenuEntry, MessageAction } from '@/domain/chat/menuRules'
import { usePopup } from '@/components/common/usePopup'
import { useRove } from '@/components/common/useRove'
import { pressable } from '../pressable'
import { bubbleMenuSize, placeBubbleMenu, type Box } from './bubbleMenuPlace'

/** The desktop menu's width; a menu opened by key is put beside the bubble by it. */
export const MENU_WIDTH = 140
const ITEM_HEIGHT = 38
const EDGE = 8

function placeAt(point: PressPoint, count: number): { left: number; top: number } {
  const info = Taro.getWindowInfo()
  const height = count * ITEM_HEIGHT + 12
  const left = point.x + MENU_WIDTH + EDGE > info.windowWidth ? Math.max(EDGE, point.x - MENU_WIDTH) : point.x
  const top = point.y + height + EDGE > info.windowHeight ? Math.max(EDGE, point.y - height) : point.y
  return { left, top }
}

/** The pressed bubble's box on screen; null when it is gone (or was never drawn). */
function useBubbleBox(selector: string | undefined): Box | null | undefined {
  const [box, setBox] = useState<Box | null | undefined>(undefined)
  useEffect(() => {
    if (!selector) return setBox(null)
    Taro.createSelectorQuery()
      .select(selector)
      .boundingClientRect((rect) => {
        const r = Array.isArray(rect) ? rect[0] : rect
        setBox(r ? { left: r.left, top: r.top, width: r.width, height: r.height } : null)
      })
      .exec()
  }, [selector])
  return box
}

interface Props {
  entries: MenuEntry[]
  point: PressPoint
  /**
   * Narrow screens: a small dark menu next to the pressed bubble (as WeChat), found by this
   * selector; desktops: a popover at the pointer.
   */
  bubbleSelector?: string
  onAction(key: MessageAction): void
  onClose(): void
}

/**
 * The message menu: a popover at the pointer (desktop) or beside the bubble (phones). Focus moves
 * to its first entry, ↑ and ↓ move between entries, Escape closes it and focus goes back to the
 * message (or whatever had it).
 */
export default function MessageMenu({ entries, point, bubbleSelector, onAction, onClose }: Props) {
  const menuId = `msg-menu-${useId().replace(/[^\w-]/g, '')}`
  const bubble = useBubbleBox(bubbleSelector)
  const phone = bubbleSelector !== undefined
  // On phones the menu is drawn once the bubble was measured: focus goes in then.
  const shown = !phone || bubble !== undefined
  usePopup(shown, onClose, { id: menuId })
  useRove(menuId, 'vertical', shown)
  const pick = (key: MessageAction) => () => {
    onClose()
    onAction(key)
  }
  const items = entries.map((e) => (
    <View
      key={e.key}
      className={`msg-menu__item${e.key === 'delete' || e.key === 'revoke' ? ' msg-menu__item--danger' : ''}`}
      data-testid={`msg-menu-${e.key}`}
      data-rove
      {...pressable(e.label, pick(e.key))}
      role='menuitem'
    >
      {e.label}
    </View>
  ))
  const block = (ev: { preventDefault(): void }) => {
    ev.preventDefault()
    onClose()
  }
  if (phone) {
    // Measured first: drawn once the bubble's box is known, so it never jumps.
    if (bubble === undefined) return null
    const info = Taro.getWindowInfo()
    const size = bubbleMenuSize(entries.length)
    const box = bubble ?? { left: point.x, top: point.y, width: 0, height: 0 }
    const place = placeBubbleMenu(box, point.y, entries.length, { width: info.windowWidth, height: info.windowHeight })
    return (
      <View className='msg-menu-mask' onClick={onClose} {...{ onContextMenu: block }}>
        <View
          className={`msg-bubble-menu msg-bubble-menu--${place.side}`}
          id={menuId}
          role='menu'
          aria-label='消息操作'
          data-testid='msg-menu'
          data-side={place.side}
          style={{ left: `${place.left}px`, top: `${place.top}px`, width: `${size.width}px` }}
          onClick={(ev) => ev.stopPropagation()}
        >
          {items}
          <View className='msg-bubble-menu__arrow' style={{ left: `${place.arrowX}px` }} />
        </View>
      </View>
    )
  }
  const { left, top } = placeAt(point, entries.length)
  return (
    <View className='msg-menu-mask' onClick={onClose} {...{ onContextMenu: block }}>
      <View id={menuId} className='msg-menu' role='menu' aria-label='消息操作' data-testid='msg-menu' style={{ left: `${left}px`, top: `${top}px`, width: `${MENU_WIDTH}px` }} onClick={(ev) => ev.stopPropagation()}>
        {items}
      </View>
    </View>
  )
}
