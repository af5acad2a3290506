import { View } from '@tarojs/components'
import { useState } from 'react'
import { ApplySource } from '@shared/friends'
import type { SearchResult } from '@shared/search'
import Avatar from '@/components/layout/Avatar'
import GroupAvatar from '@/components/layout/GroupAvatar'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { isSystemUserID } from '@/components/conversation/conversationInfo'
import GroupCardDialog from '@/components/group/GroupCardDialog'
import { useApp, useAppStore } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** A phone number is 11 digits starting with 1; anything else is looked up as an ID. */
export const isPhoneNumber = (text: string) => /^1\d{10}$/.test(text.trim())

/** How a user result was found, for the application (spec 3: 1 search ID, 2 search phone). */
export const searchSource = (text: string) => (isPhoneNumber(text) ? ApplySource.SearchPhone : ApplySource.SearchId)

/** 添加好友/群: search by ID or phone (users) or group number (groups); results in two sections. */
export default function AddFriendView() {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { searchById } = app.contacts
  const openProfile = useAppStore((s) => s.openProfile)
  const [text, setText] = useState('')
  const [searched, setSearched] = useState('')
  const [results, setResults] = useState<SearchResult[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [groupNumber, setGroupNumber] = useState<string | null>(null)

  const search = async () => {
    const q = text.trim()
    if (!q || busy) return
    setBusy(true)
    try {
      setResults((await searchById(q)).filter((r) => !isSystemUserID(r.wtId)))
      setSearched(q)
    } catch {
      setResults(null)
    } finally {
      setBusy(false)
    }
  }

  const users = results?.filter((r) => r.type === 1) ?? []
  const groups = results?.filter((r) => r.type === 2) ?? []

  return (
    <View className='add-friend' data-testid='add-friend'>
      <View className='add-friend__bar'>
        <TextField value={text} onChange={setText} onConfirm={search} placeholder='输入ID、手机号或群号' maxLength={32} testId='add-search' />
        <Button variant='primary' loading={busy} disabled={!text.trim()} testId='add-search-submit' onClick={search}>
          搜索
        </Button>
      </View>
      {results && results.length === 0 ? (
        <View className='contact-status' data-testid='add-no-result'>
          用户不存在
        </View>
      ) : null}
      {users.length > 0 ? (
        <View className='add-friend__section' data-testid='add-results-users'>
          <View className='add-friend__label'>用户</View>
          {users.map((r) => (
            <View {...pressable()} key={r.wtId} className='contact-row' data-testid='add-result-user' data-id={r.wtId} onClick={() => openProfile({ wtId: r.wtId, applySource: searchSource(searched) })}>
              <Avatar src={r.avatar ? mediaUrl(r.avatar) : ''} size={40} />
              <View className='contact-row__name'>{r.name}</View>
              <View className='contact-row__meta'>ID：{r.wtId}</View>
            </View>
          ))}
        </View>
      ) : null}
      {groups.length > 0 ? (
        <View className='add-friend__section' data-testid='add-results-groups'>
          <View className='add-friend__label'>群聊</View>
          {groups.map((r) => (
            <View {...pressable()} key={r.wtId} className='contact-row' data-testid='add-result-group' data-id={r.groupNumber} onClick={() => setGroupNumber(r.groupNumber)}>
              <GroupAvatar src={r.avatar ? mediaUrl(r.avatar) : ''} members={r.memberAvatars?.map((url) => (url ? mediaUrl(url) : ''))} size={40} />
              <View className='contact-row__name'>{r.name}</View>
              <View className='contact-row__meta'>群号：{r.groupNumber}</View>
            </View>
          ))}
        </View>
      ) : null}
      {/* A group found by number is joined with joinType 3 (spec 3 "Group member"). */}
      <GroupCardDialog groupNumber={groupNumber} joinType={3} onClose={() => setGroupNumber(null)} />
    </View>
  )
}
