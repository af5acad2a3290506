import { Image, View } from '@tarojs/components'
import { useAppStore } from '@/root/AppContext'
import offlineIcon from './icons/offline.svg'

/**
 * Shown while the messaging channel is down after it has once been up (spec 2: a network
 * disconnect shows a banner). Before the first connection the route guard's loading bar speaks
 * for the start-up, so the banner does not flash on every page load.
 */
export default function NetBanner() {
  const lost = useAppStore((s) => s.imReady && s.netState !== 'connected')
  if (!lost) return null
  return (
    <View className='net-banner' role='status' data-testid='net-banner'>
      <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={offlineIcon} />
      <View>网络连接已断开，正在重连…</View>
    </View>
  )
}
