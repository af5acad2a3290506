import { Image, View } from '@tarojs/components'
import AppShell from '@/components/layout/AppShell'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import VipBadge from '@/components/layout/VipBadge'
import { useSiteInfo } from '@/components/layout/useSiteInfo'
import { vipLevelInfo } from '@/assets/vip'
import { icons } from '@/assets/icons'
import { navigate } from '@/router/navigation'
import { useAppStore } from '@/root/AppContext'
import { vipBadgeLevel } from '@/utils/vip'
import './index.scss'

export default function MemberPage() {
  const user = useAppStore((s) => s.user)
  const site = useSiteInfo()
  const level = user ? vipBadgeLevel(user.vipType, user.vipLevel) : null
  const isMember = level !== null

  return (
    <AppShell route='member'>
      <View className='pane-detail'>
        <View className='pane-detail__head'>会员中心</View>
        <View className='pane-detail__body'>
          <View className='member'>
            <View className={`member-card${isMember ? ' member-card--vip' : ''}`} data-testid='member-status'>
              <Avatar src={user?.avatar} size={56} />
              <View className='member-card__text'>
                <View className='member-card__name'>
                  {user?.nickName}
                  {level !== null ? <VipBadge level={level} height={18} /> : null}
                </View>
                <View className='member-card__state' data-testid='member-state' data-vip-type={String(user?.vipType ?? 0)}>
                  {level !== null ? `VIP${level} · ${vipLevelInfo(level).name}会员` : '普通用户（非会员）'}
                </View>
              </View>
            </View>

            <View className='member-block'>
              <View className='member-block__title'>
                <Image className='icon icon--sm' src={icons.phone} />
                通话时长
              </View>
              {isMember ? (
                <View className='member-block__text' data-testid='member-call-limit'>
                  你是会员，语音和视频通话不限时长。
                </View>
              ) : (
                <View className='member-block__text' data-testid='member-call-limit'>
                  非会员每天的语音和视频通话时长有上限。通话中累计达到当天上限时，会提示「今日通话时长已达上限，请开通会员解锁」，当前通话随即结束，次日恢复。开通会员后通话不限时长。
                </View>
              )}
            </View>

            <View className='member-block'>
              <View className='member-block__title'>
                <Image className='icon icon--sm' src={icons.memberActive} />
                会员等级
              </View>
              <View className='member-block__text'>
                会员共 10 个等级，所有等级都享有不限时通话，等级越高徽章越醒目。徽章会显示在你的昵称旁。
              </View>
              <View className='member-block__action'>
                <Button variant='ghost' size='small' testId='member-levels' onClick={() => navigate('level')}>查看等级说明</Button>
              </View>
            </View>

            <View className='member-block'>
              <View className='member-block__title'>
                <Image className='icon icon--sm' src={icons.star} />
                {isMember ? '调整会员' : '开通会员'}
              </View>
              <View className='member-block__text'>
                本站的会员资格和等级由运营方开通和调整{site ? `，请联系：${site.footer.contact}` : '，请联系站点运营方'}。
              </View>
            </View>
          </View>
        </View>
      </View>
    </AppShell>
  )
}
