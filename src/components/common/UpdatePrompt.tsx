import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { pressable } from '@/platform/focus'
import { pwa } from '@/platform/pwa'
import './UpdatePrompt.scss'

/**
 * Registers the service worker, and once a new deployment has installed beside the running one,
 * offers it without interrupting: 有新版本，点击刷新. Until the user clicks, this page keeps the
 * version it loaded; the next visit opens the new one anyway. The live region announces the offer;
 * the button inside it takes the keyboard (Tab, then Enter or Space) as well as the pointer.
 */
export default function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null)

  useEffect(() => {
    pwa.register((next) => setApply(() => next))
  }, [])

  if (!apply) return null
  return (
    <View role='status'>
      <View {...pressable()} className='update-prompt' data-testid='update-prompt' onClick={apply}>
        有新版本，点击刷新
      </View>
    </View>
  )
}
