import { View } from '@tarojs/components'
import { Suspense, useState } from 'react'
import { useAppStore } from '@/root/AppContext'
import { ProfileDialog } from '@/root/deferredScreens'
import { vipBadgeLevel } from '@/utils/vip'
import Avatar from './Avatar'
import VipBadge from './VipBadge'
import { pressable } from '@/platform/focus'

interface UserBlockProps {
  variant: 'sidebar' | 'header'
}

/**
 * Avatar, nickname and VIP badge of the signed-in user (sidebar on desktop, header on mobile); a
 * click opens 个人信息 to edit them.
 */
export default function UserBlock({ variant }: UserBlockProps) {
  const user = useAppStore((s) => s.user)
  const [editing, setEditing] = useState(false)
  if (!user) return null
  const level = vipBadgeLevel(user.vipType, user.vipLevel)
  return (
    <>
      <View {...pressable()} className={`user-block user-block--${variant}`} role='button' aria-label='个人信息' data-testid='shell-profile' onClick={() => setEditing(true)}>
        <Avatar src={user.avatar} size={variant === 'sidebar' ? 40 : 34} testId='shell-avatar' />
        <View className='user-block__text'>
          <View className='user-block__name' data-testid='shell-nickname'>{user.nickName}</View>
          {level !== null ? <VipBadge level={level} height={variant === 'sidebar' ? 15 : 16} testId='shell-vip-badge' /> : null}
        </View>
      </View>
      {editing ? (
        <Suspense fallback={null}>
          <ProfileDialog open onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
