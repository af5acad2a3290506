import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import { icons } from '@/assets/icons'
import SearchBox from '@/components/layout/SearchBox'
import plusIcon from './icons/plus.svg'
import groupChatIcon from './icons/group-chat.svg'
import addFriendIcon from './icons/add-friend.svg'
import { usePopup } from '@/components/common/usePopup'
import { useRove } from '@/components/common/useRove'
import { pressable } from '@/platform/focus'

interface ListHeaderProps {
  query: string
  onQuery(query: string): void
  onCreateGroup(): void
  onAddFriend(): void
  /** 扫一扫: a group's QR code opens its card. */
  onScan?: () => void
}

/** The search box and the '+' menu (发起群聊, 添加好友/群) above the conversation list. */
export default function ListHeader({ query, onQuery, onCreateGroup, onAddFriend, onScan }: ListHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false)
  usePopup(menuOpen, () => setMenuOpen(false), { id: 'conv-plus-menu' })
  useRove('conv-plus-menu', 'vertical', menuOpen)
  const pick = (action: () => void) => () => {
    setMenuOpen(false)
    action()
  }
  return (
    <View className='conv-head'>
      <SearchBox block='conv-search' value={query} onChange={onQuery} placeholder='搜索' testId='conv-search' searchKey clearable />
      <View className='conv-plus'>
        <View
          {...pressable()}
          aria-haspopup='menu'
          className={`conv-plus__button${menuOpen ? ' conv-plus__button--open' : ''}`}
          aria-label='发起'
          aria-expanded={menuOpen ? 'true' : 'false'}
          data-testid='conv-plus'
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={plusIcon} />
        </View>
        {menuOpen ? (
          <View>
            <View className='conv-plus__backdrop' onClick={() => setMenuOpen(false)} />
            <View className='conv-plus__menu' role='menu' id='conv-plus-menu' aria-label='发起'>
              <View {...pressable()} data-rove className='conv-menu__item' role='menuitem' data-testid='menu-create-group' onClick={pick(onCreateGroup)}>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={groupChatIcon} />
                <View>发起群聊</View>
              </View>
              <View {...pressable()} data-rove className='conv-menu__item' role='menuitem' data-testid='menu-add-friend' onClick={pick(onAddFriend)}>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={addFriendIcon} />
                <View>添加好友/群</View>
              </View>
              {onScan ? (
                <View {...pressable()} data-rove className='conv-menu__item' role='menuitem' data-testid='menu-scan' onClick={pick(onScan)}>
                  <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.scan} />
                  <View>扫一扫</View>
                </View>
              ) : null}
            </View>
          </View>
        ) : null}
      </View>
    </View>
  )
}
