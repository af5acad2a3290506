import { Image, View } from '@tarojs/components'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import backIcon from '@/assets/icons/back.svg'
import emptyMoments from '@/assets/empty-moments.svg'
import { relaunch } from '@/router/navigation'
import './index.scss'

export default function MomentDetailPage() {
  return (
    <AppShell route='momentDetail'>
      <View className='pane-detail'>
        <View className='pane-detail__head moment-detail__head'>
          <View className='moment-detail__back' data-testid='moment-detail-back' onClick={() => relaunch('moments')}>
            <Image className='icon' src={backIcon} />
          </View>
          动态详情
        </View>
        <View className='pane-detail__body'>
          <View className='pane-detail__center'>
            <EmptyState
              testId='moment-detail-empty'
              image={emptyMoments}
              title='暂无动态内容'
              hint='返回朋友圈查看好友的最新动态。'
            />
          </View>
        </View>
      </View>
    </AppShell>
  )
}
