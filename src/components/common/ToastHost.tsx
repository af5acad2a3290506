import { Text, View } from '@tarojs/components'
import { useApp, useAppStore } from '@/root/AppContext'
import type { ToastType } from '@/stores'
import { toastTop } from './toastLayout'
import { usePageVisible } from './usePageVisible'
import './ToastHost.scss'

const ICON: Record<ToastType, string> = { info: 'i', waring: '!', error: '×', success: '✓' }

/**
 * The toast stack (spec 4 "Toasts"): newest at the bottom, each slides out when its time is up,
 * and the ones below move up into its place once it is gone.
 */
export function ToastHost() {
  const { toast } = useApp()
  const toasts = useAppStore((s) => s.toasts)
  const visible = usePageVisible()
  if (!visible || toasts.length === 0) return null
  return (
    <View className='wt-toast-host'>
      {toasts.map((t, index) => (
        <View
          key={t.id}
          data-testid='toast'
          data-type={t.type}
          role='alert'
          className={`wt-toast wt-toast--${t.type}${t.leaving ? ' wt-toast--leaving' : ''}`}
          style={{ top: `${toastTop(index)}px` }}
        >
          <Text className='wt-toast__icon'>{ICON[t.type]}</Text>
          <Text className='wt-toast__message'>{t.message}</Text>
          {t.showClose && (
            <Text className='wt-toast__close' data-testid='toast-close' onClick={() => toast.dismiss(t.id)}>
              ×
            </Text>
          )}
        </View>
      ))}
    </View>
  )
}

export default ToastHost
