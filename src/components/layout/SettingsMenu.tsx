import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import { usePopup } from '@/components/common/usePopup'
import { useRove } from '@/components/common/useRove'
import { icons } from '@/assets/icons'
import { pressable } from '@/platform/focus'

interface SettingsMenuProps {
  /** Where the menu opens: to the right of the sidebar button, or below the mobile header button. */
  placement: 'sidebar' | 'header'
  onSecurity: () => void
  /** Opens 通知 (Web Push for this device); the entry is shown only when given (the web app). */
  onNotifications?: () => void
  onScanQr: () => void
  /** Asks to confirm; the shell logs out once confirmed. */
  onLogout: () => void
  /** The user config's phraseSwitch: whether the chat toolbar offers 常用语. */
  phrasesOn: boolean
  onTogglePhrases: () => void
  /** Opens the operator console; the entry is shown only when given (an operator on the web). */
  onAdmin?: () => void
}

export default function SettingsMenu({ placement, onSecurity, onNotifications, onScanQr, onLogout, phrasesOn, onTogglePhrases, onAdmin }: SettingsMenuProps) {
  const [open, setOpen] = useState(false)
  const menuId = `settings-menu-${placement}`
  usePopup(open, () => setOpen(false), { id: menuId })
  useRove(menuId, 'vertical', open)
  const pick = (action: () => void) => () => {
    setOpen(false)
    action()
  }
  return (
    <View className={`settings settings--${placement}`}>
      <View
        {...pressable('设置')}
        aria-haspopup='menu'
        className={`settings__button${open ? ' settings__button--open' : ''}`}
        data-testid='settings-button'
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen(!open)}
      >
        <Image nativeProps={{ alt: '' }} className='icon' src={placement === 'sidebar' ? icons.menu : icons.menuDark} />
      </View>
      {open ? (
        <View>
          <View className='settings__backdrop' onClick={() => setOpen(false)} />
          <View className='settings__menu' role='menu' id={menuId} aria-label='设置'>
            <View {...pressable()} data-rove className='settings__item' role='menuitem' data-testid='settings-security' onClick={pick(onSecurity)}>
              <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.shield} />
              <View>安全设置</View>
            </View>
            {onNotifications ? (
              <View {...pressable()} data-rove className='settings__item' role='menuitem' data-testid='settings-notifications' onClick={pick(onNotifications)}>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.bell} />
                <View>通知</View>
              </View>
            ) : null}
            <View {...pressable()} data-rove className='settings__item' role='menuitem' data-testid='settings-scan-qr' onClick={pick(onScanQr)}>
              <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.scan} />
              <View>扫码登录</View>
            </View>
            <View {...pressable()} data-rove className='settings__item' role='menuitemcheckbox' aria-checked={phrasesOn ? 'true' : 'false'} data-testid='settings-phrases' onClick={pick(onTogglePhrases)}>
              <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.phrase} />
              <View className='settings__label'>聊天常用语</View>
              <View className={`settings__switch${phrasesOn ? ' settings__switch--on' : ''}`} />
            </View>
            {onAdmin ? (
              <View {...pressable()} data-rove className='settings__item' role='menuitem' data-testid='settings-admin' onClick={pick(onAdmin)}>
                <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.adminConsole} />
                <View>运营后台</View>
              </View>
            ) : null}
            <View className='settings__divider' />
            <View {...pressable()} data-rove className='settings__item settings__item--danger' role='menuitem' data-testid='settings-logout' onClick={pick(onLogout)}>
              <Image nativeProps={{ alt: '' }} className='icon icon--sm' src={icons.logout} />
              <View>退出登录</View>
            </View>
          </View>
        </View>
      ) : null}
    </View>
  )
}
