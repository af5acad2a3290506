import Taro from '@tarojs/taro'
import { View } from '@tarojs/components'
import type { PressPoint } from '@/components/conversation/usePressMenu'
import type { MenuEntry, MessageAction } from '@/domain/chat/menuRules'
import { useEscape } from '@/components/layout/useEscape'

const MENU_WIDTH = 140
const ITEM_HEIGHT = 38
const EDGE = 8

function placeAt(point: PressPoint, count: number): { left: number; top: number } {
  const info = Taro.getWindowInfo()
  const height = count * ITEM_HEIGHT + 12
  const left = point.x + MENU_WIDTH + EDGE > info.windowWidth ? Math.max(EDGE, point.x - MENU_WIDTH) : point.x
  const top = point.y + height + EDGE > info.windowHeight ? Math.max(EDGE, point.y - height) : point.y
  return { left, top }
}

interface Props {
  entries: MenuEntry[]
  point: PressPoint
  /** Narrow screens get a bottom sheet: a finger cannot aim at a small popover. */
  sheet: boolean
  onAction(key: MessageAction): void
  onClose(): void
}

/** The message menu: a popover at the pointer (desktop) or an action sheet (phones); Escape closes it. */
export default function MessageMenu({ entries, point, sheet, onAction, onClose }: Props) {
  useEscape(true, onClose)
  const pick = (key: MessageAction) => () => {
    onClose()
    onAction(key)
  }
  const items = entries.map((e) => (
    <View
      key={e.key}
      className={`msg-menu__item${e.key === 'delete' || e.key === 'revoke' ? ' msg-menu__item--danger' : ''}`}
      role='menuitem'
      data-testid={`msg-menu-${e.key}`}
      onClick={pick(e.key)}
    >
      {e.label}
    </View>
  ))
  const block = (ev: { preventDefault(): void }) => {
    ev.preventDefault()
    onClose()
  }
  if (sheet) {
    return (
      <View className='msg-menu-mask msg-menu-mask--sheet' onClick={onClose} {...{ onContextMenu: block }}>
        <View className='msg-sheet' role='menu' data-testid='msg-menu' onClick={(ev) => ev.stopPropagation()}>
          {items}
          <View className='msg-sheet__cancel' onClick={onClose}>
            取消
          </View>
        </View>
      </View>
    )
  }
  const { left, top } = placeAt(point, entries.length)
  return (
    <View className='msg-menu-mask' onClick={onClose} {...{ onContextMenu: block }}>
      <View className='msg-menu' role='menu' data-testid='msg-menu' style={{ left: `${left}px`, top: `${top}px`, width: `${MENU_WIDTH}px` }} onClick={(ev) => ev.stopPropagation()}>
        {items}
      </View>
    </View>
  )
}
