import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { MEMBER_UPLOAD_FACTOR, type MemberCentre } from '@shared/member'
import { memberRoutes } from '@shared/routes/member'
import AppShell from '@/components/layout/AppShell'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import VipBadge from '@/components/layout/VipBadge'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { vipLevelInfo } from '@/assets/vip'
import { icons } from '@/assets/icons'
import { dayText, historyText, limitMinutes } from '@/domain/membership'
import { navigate } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import { vipBadgeLevel } from '@/utils/vip'
import './index.scss'

export default function MemberPage() {
  const app = useApp()
  const user = useAppStore((s) => s.user)
  const [centre, setCentre] = useState<MemberCentre | null>(null)
  const [code, setCode] = useState('')
  const redeem = useAsyncAction()

  useEffect(() => {
    app.api.call(memberRoutes.centre).then(setCentre, () => undefined)
  }, [])

  const membership = centre?.membership
  const level = membership ? vipBadgeLevel(membership.vipType, membership.vipLevel) : user ? vipBadgeLevel(user.vipType, user.vipLevel) : null
  const isMember = level !== null

  const submit = () => {
    if (!code.trim()) {
      redeem.setError('请输入兑换码')
      return
    }
    redeem.run(async () => {
      const next = await app.api.call(memberRoutes.redeem, { code }, { silent: true })
      setCentre(next)
      setCode('')
      app.toast.success('开通成功')
      // The sidebar badge and the call limit read the refreshed profile.
      await app.session.refreshUser().catch(() => undefined)
    })
  }

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
                <View className='member-card__state' data-testid='member-state' data-vip-type={String(membership?.vipType ?? user?.vipType ?? 0)}>
                  {level !== null ? `VIP${level} · ${vipLevelInfo(level).name}会员` : '普通用户（非会员）'}
                </View>
                {isMember && membership ? (
                  <View className='member-card__state' data-testid='member-expiry'>
                    {membership.expiresAt ? `有效期至 ${dayText(membership.expiresAt)}` : '长期有效'}
                  </View>
                ) : null}
              </View>
            </View>

            <View className='member-block'>
              <View className='member-block__title'>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.star} />
                {isMember ? '续期或升级' : '开通会员'}
              </View>
              <View className='member-block__text'>输入运营方发放的兑换码即可开通。已是会员时，有效期顺延，等级取两者中较高的一个。</View>
              <View className='member-redeem'>
                <TextField value={code} onChange={setCode} onConfirm={submit} maxLength={32} placeholder='请输入兑换码' testId='member-code' />
                <Button variant='primary' loading={redeem.busy} testId='member-redeem' onClick={submit}>
                  开通
                </Button>
              </View>
              {redeem.error ? <View className='form-error' data-testid='member-redeem-error'>{redeem.error}</View> : null}
            </View>

            <View className='member-block'>
              <View className='member-block__title'>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.memberActive} />
                会员权益
              </View>
              <View className='member-perks' data-testid='member-perks'>
                <View className='member-perk'>
                  <View className='member-perk__name'>通话不限时长</View>
                  <View className='member-perk__text' data-testid='member-call-limit'>
                    {isMember
                      ? '你是会员，语音和视频通话不限时长。'
                      : `非会员每天可通话约 ${centre ? limitMinutes(centre.dailyCallLimitSeconds) : '—'} 分钟，达到上限会提示「今日通话时长已达上限，请开通会员解锁」，次日恢复。`}
                  </View>
                </View>
                <View className='member-perk'>
                  <View className='member-perk__name'>更大的上传额度</View>
                  <View className='member-perk__text'>
                    {centre ? `每小时可上传 ${centre.uploadMbPerHour.member} MB 的图片、视频和文件（非会员 ${centre.uploadMbPerHour.regular} MB）。` : `每小时可上传的文件总量是非会员的 ${MEMBER_UPLOAD_FACTOR} 倍。`}
                  </View>
                </View>
                <View className='member-perk'>
                  <View className='member-perk__name'>会员徽章</View>
                  <View className='member-perk__text'>你的头像和昵称旁显示 V1-V10 等级徽章，等级越高徽章越醒目；加入设有等级门槛的群时按会员等级计算。</View>
                </View>
              </View>
              <View className='member-block__action'>
                <Button variant='ghost' size='small' testId='member-levels' onClick={() => navigate('level')}>查看等级说明</Button>
              </View>
            </View>

            <View className='member-block'>
              <View className='member-block__title'>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.history} data-testid='member-history-icon' />
                开通记录
              </View>
              {centre && centre.history.length > 0 ? (
                <View className='member-history' data-testid='member-history'>
                  {centre.history.map((e) => (
                    <View className='member-history__row' key={e.id}>
                      <View className='member-history__text'>{historyText(e)}</View>
                      <View className='member-history__time'>{dayText(e.at)}</View>
                    </View>
                  ))}
                </View>
              ) : (
                <View className='member-block__text' data-testid='member-history-empty'>暂无开通记录</View>
              )}
            </View>
          </View>
        </View>
      </View>
    </AppShell>
  )
}
