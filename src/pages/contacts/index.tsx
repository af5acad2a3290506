import { View } from '@tarojs/components'
import AppShell from '@/components/layout/AppShell'
import GroupNoticesEntry from '@/components/group/notices/GroupNoticesEntry'
import EmptyState from '@/components/layout/EmptyState'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import emptyPeople from '@/assets/empty-people.svg'

export default function ContactsPage() {
  const narrow = useNarrowScreen()
  return (
    <AppShell route='contacts'>
      <View className='pane-list'>
        <View className='pane-list__head'>
          <View className='pane-list__title'>通讯录</View>
        </View>
        <View className='pane-list__body'>
          <GroupNoticesEntry />
          <EmptyState testId='contacts-empty' title='暂无联系人' hint='添加好友或加入群聊后，联系人和群聊会显示在这里。' />
        </View>
      </View>
      {narrow ? null : (
        <View className='pane-detail'>
          <View className='pane-detail__center'>
            <EmptyState image={emptyPeople} title='未选择联系人' hint='选择一位联系人查看资料' />
          </View>
        </View>
      )}
    </AppShell>
  )
}
