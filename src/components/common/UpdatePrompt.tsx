import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { pwa } from '@/platform/pwa'
import './UpdatePrompt.scss'

/**
 * Registers the service worker, and once a new deployment has installed beside the running one,
 * offers it without interrupting: 有新版本，点击刷新. Until the user clicks, this page keeps the
 * version it loaded; the next visit opens the new one anyway.
 */
export default function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null)

  useEffect(() => {
    pwa.register((next) => setApply(() => next))
  }, [])

  if (!apply) return null
  return (
    <View className='update-prompt' role='status' data-testid='update-prompt' onClick={apply}>
      有新版本，点击刷新
    </View>
  )
}
