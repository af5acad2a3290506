import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import Avatar from '@/components/layout/Avatar'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { CallStatus } from '@/engines/call/state'
import { useApp, useAppStore } from '@/root/AppContext'
import { useCallText } from './useCallText'
import { pressable } from '@/platform/focus'

/** While idle the banner re-reads the group attribute this often, besides on every new message. */
const REFRESH_MS = 5000

/**
 * The join-group-call banner: shown only when the group exists, this device is idle and the
 * group's call has members; it shows the count and expands to avatars and a join button.
 */
export default function JoinGroupCallBanner({ groupID }: { groupID: string }) {
  const { joinGroupCallFromBanner, refreshGroupCall, rememberedProfile } = useApp().calls
  const t = useCallText()
  const mobile = useNarrowScreen()
  const idle = useAppStore((s) => s.call.callStatus === CallStatus.Idle)
  const exists = useAppStore((s) => s.conversations[`GROUP${groupID}`]?.groupProfile?.isMember !== false)
  const info = useAppStore((s) => s.groupCalls[groupID] ?? null)
  const lastSeq = useAppStore((s) => s.conversations[`GROUP${groupID}`]?.lastMessage?.sequence ?? 0)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (!idle || !exists) return
    void refreshGroupCall(groupID)
    const timer = setInterval(() => void refreshGroupCall(groupID), REFRESH_MS)
    return () => clearInterval(timer)
  }, [groupID, idle, exists, lastSeq])

  const users = info?.user_list ?? []
  if (!exists || !idle || users.length === 0) return null
  return (
    <View className={`call-banner${mobile ? ' call-banner--mobile' : ''}`} data-testid='call-banner' data-count={users.length}>
      <View {...pressable()} className='call-banner__head' data-testid='call-banner-toggle' onClick={() => setOpen(!open)}>
        <View className='call-banner__dot' />
        <View className='call-banner__text'>{t('in the group call', { count: String(users.length) })}</View>
        <View className={`call-banner__arrow${open ? ' call-banner__arrow--open' : ''}`} />
      </View>
      {open ? (
        <View className='call-banner__body'>
          <View className='call-banner__avatars'>
            {users.map((u) => (
              <Avatar key={u.userid} src={rememberedProfile(u.userid)?.avatar ?? ''} size={36} testId='call-banner-avatar' />
            ))}
          </View>
          <View {...pressable()} className='call-banner__join' data-testid='call-banner-join' onClick={() => void joinGroupCallFromBanner(groupID, info!.call_media_type)}>
            {t('Join')}
          </View>
        </View>
      ) : null}
    </View>
  )
}
