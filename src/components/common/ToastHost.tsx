import { Text, View } from '@tarojs/components'
import { useApp, useAppStore } from '@/root/AppContext'
import type { ToastType } from '@/stores'
import { toastTop } from './toastLayout'
import { usePageVisible } from './usePageVisible'
import './ToastHost.scss'
import { pressable } from '@/platform/focus'

const ICON: Record<ToastType, string> = { info: 'i', waring: '!', error: '×', success: '✓' }

/**
 * The toast stack (spec 4 "Toasts"): newest at the bottom, each slides out when its time is up,
 * and the ones below move up into its place once it is gone.
 */
export function ToastHost() {
  const { toast } = useApp()
  const toasts = useAppStore((s) => s.toasts)
  const visible = usePageVisible()
  if (!visible) return null
  // The host stays on the page while empty: screen readers announce what is added to a polite
  // live region that already exists, without cutting off what they are reading.
  return (
    <View className='wt-toast-host' role='status' aria-live='polite'>
      {toasts.map((t, index) => (
        <View
          key={t.id}
          data-testid='toast'
          data-type={t.type}
          className={`wt-toast wt-toast--${t.type}${t.leaving ? ' wt-toast--leaving' : ''}`}
          style={{ top: `${toastTop(index)}px` }}
        >
          <Text className='wt-toast__icon'>{ICON[t.type]}</Text>
          <Text className='wt-toast__message'>{t.message}</Text>
          {t.showClose && (
            <Text {...pressable('关闭提示')} className='wt-toast__close' data-testid='toast-close' onClick={() => toast.dismiss(t.id)}>
              ×
            </Text>
          )}
        </View>
      ))}
    </View>
  )
}

export default ToastHost
