import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import { CALL_LIMITS } from '@shared/call'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import type { CallState } from '@/engines/call/state'
import { media } from '@/platform/media'
import { useApp } from '@/root/AppContext'
import permissionMac from './icons/permission-mac.svg'
import permissionWindows from './icons/permission-windows.svg'
import { PERMISSION_TIP_TEXTS, tipLanguageFor, type TipLanguage } from './permissionTip'
import { pressable } from '@/platform/focus'

const IMAGES = { mac: permissionMac, windows: permissionWindows }

/** How to allow the camera and microphone, after a denial (desktop only: phones have no such settings panel). */
export default function PermissionTip({ s }: { s: CallState }) {
  const { callEngine } = useApp()
  const mobile = useNarrowScreen()
  const [language, setLanguage] = useState<TipLanguage | null>(null)
  if (!s.showPermissionTip || mobile) return null
  const chosen = language ?? tipLanguageFor(s.language)
  const t = PERMISSION_TIP_TEXTS[chosen]
  const os = media.hostOs()
  return (
    <View className='call-permission' data-testid='call-permission-tip' data-os={os} data-language={chosen} style={{ zIndex: CALL_LIMITS.overlayZIndex }}>
      <View className='call-permission__card'>
        <View className='call-permission__languages'>
          {(['zh', 'en'] as const).map((l) => (
            <View {...pressable()} key={l} className={`call-permission__language${l === chosen ? ' call-permission__language--on' : ''}`} data-testid={`call-permission-${l}`} onClick={() => setLanguage(l)}>
              {l === 'zh' ? '中文' : 'English'}
            </View>
          ))}
        </View>
        <View className='call-permission__missing' data-testid='call-permission-missing'>
          {t.missing[s.permissionTipKind]}
        </View>
        <View className='call-permission__title'>{t.title}</View>
        <Image nativeProps={{ alt: '' }} className='call-permission__image' data-testid='call-permission-image' src={IMAGES[os]} aria-label={t.imageAlt} />
        <View className='call-permission__steps'>
          {t.steps.map((step, i) => (
            <View key={step} className='call-permission__step'>
              {i + 1}. {step}
            </View>
          ))}
        </View>
        <View {...pressable()} className='call-permission__close' data-testid='call-permission-close' onClick={() => callEngine.closePermissionTip()}>
          {t.close}
        </View>
      </View>
    </View>
  )
}
