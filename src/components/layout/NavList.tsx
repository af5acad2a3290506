import { Image, View } from '@tarojs/components'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import { relaunch } from '@/router/navigation'
import { NAV_ITEMS, badgeCount, type NavKey } from './navItems'
import { moveFocusToNextPage, pressable } from '@/platform/focus'

interface NavListProps {
  active: NavKey
  /** sidebar: vertical icons on the dark rail; tabbar: the mobile bottom bar. */
  variant: 'sidebar' | 'tabbar'
}

/** The five sections of the logged-in app, with their unread badges. */
export default function NavList({ active, variant }: NavListProps) {
  // Compared item by item, so the list re-renders only when a badge changes.
  const counts = useAppStore(useShallow((s) => NAV_ITEMS.map((item) => badgeCount(item, s))))
  const friendMoment = useAppStore((s) => s.badges.friendMoment)
  return (
    <View className={`nav nav--${variant}`}>
      {NAV_ITEMS.map((item, i) => {
        const isActive = item.key === active
        const text = formatBadge(counts[i] ?? 0)
        const dot = !text && item.key === 'moments' && friendMoment
        return (
          <View {...pressable()}
            key={item.key}
            className={`nav__item${isActive ? ' nav__item--active' : ''}`}
            data-testid={`nav-${item.key}`}
            aria-current={isActive ? 'page' : undefined}
            // The name replaces what the entry shows, so it says the badge too.
            aria-label={text ? `${item.label}，${text}条未读` : dot ? `${item.label}，有新动态` : item.label}
            // Tabs replace each other instead of stacking pages, as in any tabbed app.
            onClick={() => {
              if (isActive) return
              moveFocusToNextPage()
              relaunch(item.key)
            }}
          >
            <View className='nav__icon-wrap'>
              <Image nativeProps={{ alt: '' }} className='nav__icon' src={isActive ? item.activeIcon : item.icon} />
              {text ? (
                <View className='badge nav__badge' data-testid={`badge-${item.badge}`}>
                  {text}
                </View>
              ) : dot ? (
                <View className='nav__dot' data-testid='badge-moments-dot' />
              ) : null}
            </View>
            <View className='nav__label'>{item.label}</View>
          </View>
        )
      })}
    </View>
  )
}
