import { Image, View } from '@tarojs/components'
import PlainLayout from '@/components/layout/PlainLayout'
import { pressable } from '@/platform/focus'
import { useAppStore } from '@/root/AppContext'
import { back, hasPageBelow, relaunch } from '@/router/navigation'
import { MEMBER_UPLOAD_FACTOR } from '@shared/member'
import { VIP_LEVELS } from '@/assets/vip'
import './index.scss'

/** How the ten levels differ: an ever more striking badge (and, for groups with a join level, who may apply). */
const LEVEL_NOTES: Record<number, string> = {
  1: '入门会员，青铜徽章。',
  2: '白银徽章。',
  3: '黄金徽章。',
  4: '铂金徽章，带有盾形标识。',
  5: '翡翠徽章，带有盾形标识。',
  6: '蓝宝徽章，带有盾形标识。',
  7: '紫晶徽章，带有皇冠标识。',
  8: '红宝徽章，带有皇冠标识。',
  9: '钻石徽章，带有钻石标识。',
  10: '最高等级，黑金至尊徽章，带有皇冠与星光标识。',
}

export default function LevelPage() {
  const user = useAppStore((s) => s.user)
  // Opened from 会员中心 it goes back there; opened from a link it has no page below, and leads
  // into the app (or to its home page for a guest) instead of leaving the reader stranded.
  const leave = () => {
    if (hasPageBelow()) void back()
    else void relaunch(user ? 'member' : 'home')
  }
  return (
    <PlainLayout route='level' className='level'>
      <View className='level__banner'>
        <View {...pressable()} className='level__back' data-testid='level-back' onClick={leave}>
          ‹ {user ? '返回会员中心' : '返回首页'}
        </View>
        <View className='level__title'>会员等级说明</View>
        <View className='level__lead'>微谈会员共 10 个等级，等级越高，徽章越醒目。</View>
      </View>

      <View className='level__card'>
        <View className='level__card-title'>会员权益</View>
        <View className='level__point'>· 语音和视频通话不限时长（非会员每日通话时长有上限，达到上限后当天无法继续通话）。</View>
        <View className='level__point'>· 每小时可上传的图片、视频和文件总量是非会员的 {MEMBER_UPLOAD_FACTOR} 倍。</View>
        <View className='level__point'>· 你的头像和昵称旁（侧边栏与会员中心）显示对应等级的徽章 V1-V10。</View>
        <View className='level__point' data-testid='level-join-rule'>· 群设有加入等级时，主动申请加入需要会员等级不低于该等级；受邀入群不受限制。</View>
        <View className='level__point'>· 通话和上传权益各等级相同，等级决定徽章样式和可加入的群。会员与等级由站点运营方开通和调整，也可以在会员中心输入兑换码开通。</View>
      </View>

      <View className='level__card'>
        <View className='level__card-title'>等级一览</View>
        {VIP_LEVELS.map((l) => (
          <View key={l.level} className='level__row' data-testid='level-row' data-level={String(l.level)}>
            <Image nativeProps={{ alt: '' }}
              className='level__badge'
              src={l.image}
              style={{ width: `${l.level === 10 ? 60 : 52}px`, height: '22px' }}
            />
            <View className='level__info'>
              <View className='level__name'>VIP{l.level} · {l.name}会员</View>
              <View className='level__note'>{LEVEL_NOTES[l.level]}</View>
            </View>
          </View>
        ))}
      </View>
      <View className='level__foot'>微谈 · 自托管即时通讯</View>
    </PlainLayout>
  )
}
