import { View } from '@tarojs/components'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import Avatar from '@/components/layout/Avatar'
import emptyMoments from '@/assets/empty-moments.svg'
import { useAppStore } from '@/root/AppContext'
import './index.scss'

export default function MomentsPage() {
  const user = useAppStore((s) => s.user)
  return (
    <AppShell route='moments'>
      <View className='pane-detail'>
        <View className='pane-detail__body'>
          <View className='moments'>
            <View className='moments__cover'>
              <View className='moments__me'>
                <View className='moments__name'>{user?.nickName}</View>
                <Avatar src={user?.avatar} size={64} className='moments__avatar' />
              </View>
            </View>
            <EmptyState
              testId='moments-empty'
              image={emptyMoments}
              title='暂无动态'
              hint='好友发布的动态会显示在这里，你可以为它们点赞和评论。'
            />
          </View>
        </View>
      </View>
    </AppShell>
  )
}
