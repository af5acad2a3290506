import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { GroupListItem } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import EmptyState from '@/components/layout/EmptyState'
import { navigate } from '@/router/navigation'
import emptyPeople from '@/assets/empty-people.svg'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** 群聊: the groups the user is in; a click opens the group's chat. */
export default function GroupsView() {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { myGroups } = app.contacts
  const [groups, setGroups] = useState<GroupListItem[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    myGroups()
      .then(setGroups)
      .catch((err: unknown) => {
        console.warn('loading groups failed', err)
        setFailed(true)
      })
  }, [])
  if (failed) return <EmptyState title='群聊加载失败' hint='请稍后重试' />
  if (!groups) {
    return (
      <View className='contact-status'>
        <View className='spinner' /> 正在加载…
      </View>
    )
  }
  if (groups.length === 0) return <EmptyState image={emptyPeople} testId='groups-empty' title='暂无群聊' hint='发起群聊或加入群聊后会显示在这里。' />
  return (
    <View className='contact-detail-list' data-testid='my-groups'>
      {groups.map((g) => (
        <View {...pressable()} key={g.groupID} className='contact-row' data-testid='group-row' data-id={g.groupID} onClick={() => void navigate('messages', { conversationID: `GROUP${g.txGroupid}` })}>
          <Avatar src={g.groupAvatar ? mediaUrl(g.groupAvatar) : ''} size={36} />
          <View className='contact-row__name'>{g.groupName}</View>
          <View className='contact-row__meta'>{g.groupMemberCount} 人</View>
        </View>
      ))}
    </View>
  )
}
