import { View } from '@tarojs/components'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import emptyBox from '@/assets/empty-box.svg'

export default function FavoritesPage() {
  return (
    <AppShell route='favorites'>
      <View className='pane-detail'>
        <View className='pane-detail__head'>收藏</View>
        <View className='pane-detail__body'>
          <View className='pane-detail__center'>
            <EmptyState
              testId='favorites-empty'
              image={emptyBox}
              title='暂无收藏'
              hint='在聊天中长按或右键消息，选择「收藏」，文字、图片、视频、文件和位置都会保存在这里。'
            />
          </View>
        </View>
      </View>
    </AppShell>
  )
}
