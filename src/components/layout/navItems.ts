import { icons } from '@/assets/icons'
import type { AppState } from '@/stores'
import { selectContactsBadge } from '@/stores/selectors/contacts'

export type ShellRoute = 'messages' | 'contacts' | 'favorites' | 'moments' | 'momentDetail' | 'member'
export type NavKey = 'messages' | 'contacts' | 'favorites' | 'moments' | 'member'

export interface NavItem {
  key: NavKey
  label: string
  icon: string
  activeIcon: string
  /** Which badge counter the item shows, if any. */
  badge: 'messages' | 'contacts' | 'moments' | null
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'messages', label: '消息', icon: icons.messages, activeIcon: icons.messagesActive, badge: 'messages' },
  { key: 'contacts', label: '通讯录', icon: icons.contacts, activeIcon: icons.contactsActive, badge: 'contacts' },
  { key: 'favorites', label: '收藏', icon: icons.favorites, activeIcon: icons.favoritesActive, badge: null },
  { key: 'moments', label: '朋友圈', icon: icons.moments, activeIcon: icons.momentsActive, badge: 'moments' },
  { key: 'member', label: '会员中心', icon: icons.member, activeIcon: icons.memberActive, badge: null },
]

/** The moment detail page belongs to the moments tab. */
export function navKeyOf(route: ShellRoute): NavKey {
  return route === 'momentDetail' ? 'moments' : route
}

export function badgeCount(item: NavItem, state: AppState): number {
  switch (item.badge) {
    case 'contacts':
      return selectContactsBadge(state)
    case 'messages':
    case 'moments':
      return state.badges[item.badge]
    default:
      return 0
  }
}
