import { Image, View } from '@tarojs/components'
import type { Conversation } from '@shared/chat'
import { DefaultGroup } from '@shared/conversationGroup'
import { viewport as windowSize } from '@/platform/viewport'
import { useAppStore } from '@/root/AppContext'
import { isArchived } from '@/stores/selectors/chat'
import { selectFriendIDs } from '@/stores/selectors/contacts'
import { conversationName, menuOptions } from './conversationInfo'
import type { PressPoint } from './usePressMenu'
import pinIcon from './icons/pin.svg'
import bellIcon from './icons/bell.svg'
import mutedIcon from './icons/muted.svg'
import foldIcon from './icons/fold.svg'
import deleteIcon from './icons/delete.svg'
import moveGroupIcon from './icons/move-group.svg'
import { usePopup } from '@/components/common/usePopup'
import { useRove } from '@/components/common/useRove'
import { pressable } from '@/platform/focus'

export type ConversationAction = 'pin' | 'mute' | 'fold' | 'group' | 'delete'

interface MenuItem {
  action: ConversationAction
  label: string
  icon: string
  danger?: boolean
}

/**
 * The entries for one conversation, in WeChat's order; the labels say what a click will do.
 * 移至分组 is there once the user has a conversation group of their own.
 */
export function menuItems(conversation: Conversation, friendIDs: ReadonlySet<string>, hasGroups = false): MenuItem[] {
  const options = menuOptions(conversation, friendIDs)
  const items: MenuItem[] = []
  if (options.pin) items.push({ action: 'pin', label: conversation.isPinned ? '取消置顶' : '置顶', icon: pinIcon })
  if (options.mute) items.push({ action: 'mute', label: conversation.isMuted ? '取消免打扰' : '消息免打扰', icon: conversation.isMuted ? bellIcon : mutedIcon })
  if (options.fold) items.push({ action: 'fold', label: isArchived(conversation) ? '取消折叠' : '折叠', icon: foldIcon })
  if (hasGroups) items.push({ action: 'group', label: '移至分组', icon: moveGroupIcon })
  items.push({ action: 'delete', label: '删除会话', icon: deleteIcon, danger: true })
  return items
}

const MENU_WIDTH = 168
const ITEM_HEIGHT = 40
const MENU_PADDING = 6
const EDGE = 8

const viewport = () => windowSize.size()

/** Places the menu at the pointer, flipped or pushed back so it stays inside the window. */
function placeAt(point: PressPoint, count: number): { left: number; top: number } {
  const { width, height } = viewport()
  const menuHeight = count * ITEM_HEIGHT + 2 * MENU_PADDING
  const left = point.x + MENU_WIDTH + EDGE > width ? Math.max(EDGE, point.x - MENU_WIDTH) : point.x
  const top = point.y + menuHeight + EDGE > height ? Math.max(EDGE, point.y - menuHeight) : point.y
  return { left, top }
}

interface ConversationMenuProps {
  conversation: Conversation
  point: PressPoint
  /** Narrow screens get a bottom action sheet: a finger cannot aim at a small popover. */
  sheet: boolean
  onAction(action: ConversationAction): void
  onClose(): void
}

export default function ConversationMenu({ conversation, point, sheet, onAction, onClose }: ConversationMenuProps) {
  usePopup(true, onClose, { id: 'conv-menu' })
  useRove('conv-menu', 'vertical')
  const friendIDs = useAppStore(selectFriendIDs)
  const hasGroups = useAppStore((s) => s.conversationGroups.some((g) => g.defaultGroup === DefaultGroup.UserCreated))
  const items = menuItems(conversation, friendIDs, hasGroups)
  const pick = (action: ConversationAction) => () => {
    onClose()
    onAction(action)
  }
  const entries = items.map((item) => (
    <View {...pressable()}
      key={item.action}
      className={`conv-menu__item${item.danger ? ' conv-menu__item--danger' : ''}`}
      role='menuitem'
      data-rove
      data-testid={`conv-menu-${item.action}`}
      onClick={pick(item.action)}
    >
      <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={item.icon} />
      <View>{item.label}</View>
    </View>
  ))
  const block = (e: { preventDefault(): void }) => e.preventDefault()
  if (sheet) {
    return (
      <View className='conv-menu-mask conv-menu-mask--sheet' onClick={onClose} {...{ onContextMenu: block }}>
        <View className='conv-sheet' role='menu' id='conv-menu' aria-label={conversationName(conversation)} data-testid='conv-menu' onClick={(e) => e.stopPropagation()}>
          <View className='conv-sheet__title'>{conversationName(conversation)}</View>
          {entries}
          <View {...pressable()} className='conv-sheet__cancel' onClick={onClose}>
            取消
          </View>
        </View>
      </View>
    )
  }
  const { left, top } = placeAt(point, items.length)
  return (
    // Right-clicking elsewhere closes the menu instead of opening the browser's own.
    <View className='conv-menu-mask' onClick={onClose} {...{ onContextMenu: (e: { preventDefault(): void }) => { block(e); onClose() } }}>
      <View
        className='conv-menu'
        role='menu'
        id='conv-menu'
        aria-label={conversationName(conversation)}
        data-testid='conv-menu'
        style={{ left: `${left}px`, top: `${top}px`, width: `${MENU_WIDTH}px` }}
        onClick={(e) => e.stopPropagation()}
      >
        {entries}
      </View>
    </View>
  )
}
