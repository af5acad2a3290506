import { Image, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import Avatar from '@/components/layout/Avatar'
import EmptyState from '@/components/layout/EmptyState'
import SearchBox from '@/components/layout/SearchBox'
import GroupNoticesEntry from '@/components/group/notices/GroupNoticesEntry'
import { useApp, useAppStore } from '@/root/AppContext'
import { filterFriends, friendName, groupFriends } from '@/stores/selectors/contacts'
import { usePinyinReady } from '@/components/common/usePinyinReady'
import { formatBadge } from '@/utils/badge'
import { sameView, type ContactView } from './contactView'
import addFriendIcon from './icons/add-friend.svg'
import newFriendIcon from './icons/new-friend.svg'
import groupsIcon from './icons/groups.svg'
import tagsIcon from './icons/tags.svg'
import blacklistIcon from './icons/blacklist.svg'
import { pressable } from '@/platform/focus'
import { useRove } from '@/components/common/useRove'

interface ContactListProps {
  view: ContactView | null
  onSelect(view: ContactView): void
}

interface EntryProps {
  icon: string
  label: string
  testId: string
  active: boolean
  badge?: number
  onClick(): void
}

function Entry({ icon, label, testId, active, badge = 0, onClick }: EntryProps) {
  const text = formatBadge(badge)
  return (
    <View {...pressable()} data-rove className={`contact-row${active ? ' contact-row--active' : ''}`} data-testid={testId} onClick={onClick}>
      <Image nativeProps={{ alt: '' }} className='contact-row__icon' src={icon} />
      <View className='contact-row__name'>{label}</View>
      {text ? (
        <View className='badge contact-row__badge' data-testid={`${testId}-badge`}>
          {text}
        </View>
      ) : null}
    </View>
  )
}

/**
 * The contacts page's list column: add friend/group, search, the fixed entries (new friends,
 * group notifications, groups, tags, blacklist), then the friends under their initial letters.
 */
export default function ContactList({ view, onSelect }: ContactListProps) {
  const { mediaUrl } = useApp().chat
  const friends = useAppStore((s) => s.friends)
  const loaded = useAppStore((s) => s.friendsLoaded)
  const applyUnread = useAppStore((s) => s.badges.friendApply)
  const [query, setQuery] = useState('')
  const searching = query.trim() !== ''
  const pinyinReady = usePinyinReady()
  const groups = useMemo(() => (pinyinReady ? groupFriends(filterFriends(friends, query)) : []), [friends, query, pinyinReady])
  const is = (v: ContactView) => sameView(view, v)

  useRove('contact-list-body', 'vertical')
  return (
    <View className='pane-list contact-list' data-testid='contact-list'>
      <View className='pane-list__head'>
        <SearchBox block='contact-search' value={query} onChange={setQuery} placeholder='搜索备注或昵称' testId='contacts-search' />
        <View {...pressable()} className='contact-add' aria-label='添加好友/群' data-testid='contacts-add' onClick={() => onSelect({ kind: 'add' })}>
          <Image nativeProps={{ alt: '' }} className='contact-add__icon' src={addFriendIcon} />
        </View>
      </View>
      <View className='pane-list__body' id='contact-list-body' role='group' aria-label='通讯录'>
        {searching ? null : (
          <View className='contact-entries'>
            <Entry icon={newFriendIcon} label='新的朋友' testId='contacts-entry-applications' badge={applyUnread} active={is({ kind: 'applications' })} onClick={() => onSelect({ kind: 'applications' })} />
            <GroupNoticesEntry />
            <Entry icon={groupsIcon} label='群聊' testId='contacts-entry-groups' active={is({ kind: 'groups' })} onClick={() => onSelect({ kind: 'groups' })} />
            <Entry icon={tagsIcon} label='标签' testId='contacts-entry-tags' active={is({ kind: 'tags' })} onClick={() => onSelect({ kind: 'tags' })} />
            <Entry icon={blacklistIcon} label='黑名单' testId='contacts-entry-blacklist' active={is({ kind: 'blacklist' })} onClick={() => onSelect({ kind: 'blacklist' })} />
          </View>
        )}
        {groups.map((group) => (
          <View key={group.letter} data-testid='contacts-letter-group' data-letter={group.letter}>
            <View className='contact-letter' data-testid='contacts-letter'>
              {group.letter}
            </View>
            {group.items.map((f) => (
              <View
                {...pressable()}
                data-rove
                key={f.wtId}
                className={`contact-row${is({ kind: 'friend', wtId: f.wtId }) ? ' contact-row--active' : ''}`}
                data-testid='contact-row'
                data-id={f.wtId}
                onClick={() => onSelect({ kind: 'friend', wtId: f.wtId })}
              >
                <Avatar src={f.avatar ? mediaUrl(f.avatar) : ''} size={36} />
                <View className='contact-row__name'>{friendName(f)}</View>
              </View>
            ))}
          </View>
        ))}
        {!loaded || !pinyinReady ? (
          <View className='contact-status'>
            <View className='spinner' /> 正在加载…
          </View>
        ) : groups.length === 0 ? (
          searching ? (
            <View className='contact-status' data-testid='contacts-no-match'>
              没有找到「{query.trim()}」
            </View>
          ) : (
            <EmptyState testId='contacts-empty' title='暂无好友' hint='点击右上角添加好友，对方通过后会显示在这里。' />
          )
        ) : (
          <View className='contact-status'>{friends.length} 位联系人</View>
        )}
      </View>
    </View>
  )
}
