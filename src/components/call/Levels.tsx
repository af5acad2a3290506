import { View } from '@tarojs/components'
import type { CallState, CallUser } from '@/engines/call/state'

/** Volume bar: its height is the volume times 4 percent (full at 25). */
export function VolumeBar({ user }: { user: CallUser }) {
  return (
    <View className='call-volume' data-testid='call-volume' data-user={user.userId} data-volume={user.volume}>
      <View className='call-volume__fill' style={{ height: `${Math.min(100, user.volume * 4)}%` }} />
    </View>
  )
}

/** Network quality of a participant: 1 excellent … 6 down (0 unknown). */
export function NetworkBadge({ s, userId }: { s: CallState; userId: string }) {
  const quality = s.netWorkQualityList.find((n) => n.userId === userId)?.quality ?? 0
  const level = quality === 0 ? 'unknown' : quality <= 2 ? 'good' : quality === 3 ? 'fair' : 'poor'
  return <View className={`call-network call-network--${level}`} data-testid='call-network' data-user={userId} data-quality={quality} />
}
