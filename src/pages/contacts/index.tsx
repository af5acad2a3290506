import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import ContactList from '@/components/contact/ContactList'
import ProfileCard from '@/components/contact/ProfileCard'
import ApplicationsView from '@/components/contact/ApplicationsView'
import GroupsView from '@/components/contact/GroupsView'
import TagsView from '@/components/contact/TagsView'
import BlacklistView from '@/components/contact/BlacklistView'
import AddFriendView from '@/components/contact/AddFriendView'
import { VIEW_TITLES, viewFromQuery, type ContactView } from '@/components/contact/contactView'
import { icons } from '@/assets/icons'
import { applySourceFor, sharedPersonOf } from '@/components/share/cards'
import { usePageShareCard } from '@/components/share/offeredCard'
import { currentQuery } from '@/router/navigation'
import emptyPeople from '@/assets/empty-people.svg'
import '@/components/contact/contact.scss'
import { useDetailBackEntry } from './useDetailBackEntry'
import { pressable } from '@/platform/focus'

function Detail({ view, sharedPerson, onClear }: { view: ContactView; sharedPerson: string | null; onClear(): void }) {
  switch (view.kind) {
    case 'applications':
      return <ApplicationsView />
    case 'groups':
      return <GroupsView />
    case 'tags':
      return <TagsView />
    case 'blacklist':
      return <BlacklistView />
    case 'add':
      return <AddFriendView />
    case 'friend':
      return (
        <View className='contact-profile-pane'>
          <ProfileCard key={view.wtId} wtId={view.wtId} applySource={applySourceFor(view.wtId, sharedPerson)} onRemoved={onClear} />
        </View>
      )
    default:
      return null
  }
}

/**
 * /contacts: the list column (entries and friends) and the detail of what is chosen. Desktop:
 * list left, detail right. Phones: the list, and the detail as a page over it with a back button.
 */
export default function ContactsPage() {
  const narrow = useNarrowScreen()
  const [view, setView] = useState<ContactView | null>(() => {
    const q = currentQuery()
    return viewFromQuery(q.view, q.wtId)
  })
  // A profile opened from a card shared in WeChat: adding them counts as found by the card.
  const [sharedPerson] = useState(() => sharedPersonOf(currentQuery()))
  usePageShareCard()
  const clear = () => setView(null)
  useDetailBackEntry(narrow, view, clear)

  const detail = view ? (
    <View className={`pane-detail contact-detail${narrow ? ' contact-detail--full' : ''}`} data-testid='contact-detail' data-view={view.kind}>
      <View className='pane-detail__head'>
        {narrow ? (
          <View {...pressable()} className='contact-detail__back' aria-label='返回' data-testid='contact-detail-back' onClick={clear}>
            <Image nativeProps={{ alt: '' }} className='contact-detail__back-icon' src={icons.back} />
          </View>
        ) : null}
        {VIEW_TITLES[view.kind]}
      </View>
      <View className='pane-detail__body'>
        <Detail view={view} sharedPerson={sharedPerson} onClear={clear} />
      </View>
    </View>
  ) : null

  return (
    <AppShell route='contacts'>
      <ContactList view={view} onSelect={setView} />
      {detail ??
        (narrow ? null : (
          <View className='pane-detail'>
            <View className='pane-detail__center'>
              <EmptyState image={emptyPeople} title='未选择联系人' hint='选择一位联系人查看资料' />
            </View>
          </View>
        ))}
    </AppShell>
  )
}
