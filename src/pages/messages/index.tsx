import { View } from '@tarojs/components'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import emptyChat from '@/assets/empty-chat.svg'

export default function MessagesPage() {
  const narrow = useNarrowScreen()
  return (
    <AppShell route='messages'>
      <View className='pane-list'>
        <View className='pane-list__head'>
          <View className='pane-list__title'>消息</View>
        </View>
        <View className='pane-list__body'>
          <EmptyState testId='messages-empty' title='暂无会话' hint='在通讯录中选择好友或群聊发起聊天，会话会显示在这里。' />
        </View>
      </View>
      {narrow ? null : (
        <View className='pane-detail'>
          <View className='pane-detail__center'>
            <EmptyState image={emptyChat} title='未选择会话' hint='从左侧选择一个会话开始聊天' />
          </View>
        </View>
      )}
    </AppShell>
  )
}
