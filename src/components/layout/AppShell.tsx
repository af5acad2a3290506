import { View } from '@tarojs/components'
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react'
import ToastHost from '@/components/common/ToastHost'
import LoadingBar from '@/components/common/LoadingBar'
import CallHost from '@/components/call/CallHost'
import { NotificationDialog, QrConfirmDialog, SecurityDialog } from '@/root/deferredScreens'
import ProfileHost from '@/components/contact/ProfileHost'
import UpdatePrompt from '@/components/common/UpdatePrompt'
import { useRouteGuard } from '@/router/guard'
import { currentQuery, navigate, publicUrl } from '@/router/navigation'
import { adminConsoleSupported } from '@/platform/adminConsole'
import { arriveAt } from '@/platform/focus'
import { appLocation } from '@/platform/location'
import { push } from '@/platform/push'
import { useApp, useAppStore } from '@/root/AppContext'
import ConfirmDialog from './ConfirmDialog'
import NavList from './NavList'
import PushHost from './PushHost'
import UserBlock from './UserBlock'
import SettingsMenu from './SettingsMenu'
import { navKeyOf, type ShellRoute } from './navItems'
import { useNarrowScreen } from './useNarrowScreen'
import './AppShell.scss'

/** Focused by script, never by Tab; spread, as Taro's View types have no tabIndex its DOM takes. */
const SCRIPT_FOCUS_ONLY = { tabIndex: -1 }

interface AppShellProps {
  route: ShellRoute
  /**
   * A page below a tab (动态详情): on a phone it fills the screen under its own header with a
   * back arrow, without the app header and the tab bar stacked around it.
   */
  subpage?: boolean
  children: ReactNode
}

/** Frame of the logged-in pages: sidebar (desktop) or header + tab bar (mobile), settings and dialogs. */
export default function AppShell({ route, subpage = false, children }: AppShellProps) {
  const app = useApp()
  const { logout, refreshUser } = app.session
  const { toast } = app
  const guard = useRouteGuard(route)
  const narrow = useNarrowScreen()
  const user = useAppStore((s) => s.user)
  const phrasesOn = useAppStore((s) => (s.userConfig?.phraseSwitch ?? 1) === 1)
  const hasUserInfo = useAppStore((s) => s.userInfo !== null)
  // The mini-program has no console, so its operators get no entry to one.
  const showAdmin = useAppStore((s) => s.userInfo?.operator === true) && adminConsoleSupported
  const [securityOpen, setSecurityOpen] = useState(false)
  const [notificationsOpen, setNotificationsOpen] = useState(false)
  const [qrCode, setQrCode] = useState<string | null>(null)
  const [loggingOut, setLoggingOut] = useState(false)
  const [confirmingLogout, setConfirmingLogout] = useState(false)
  // While the guard sends a guest away the frame stays empty instead of flashing the app.
  const loggedIn = user !== null && guard !== 'redirecting'
  const mainId = `shell-main${useId().replace(/:/g, '')}`

  useEffect(() => {
    if (loggedIn) arriveAt(mainId)
  }, [loggedIn, mainId])

  useEffect(() => {
    // Fresh avatar, nickname, VIP state and settings once per session, not on every tab switch.
    if (loggedIn && !hasUserInfo) refreshUser().catch(() => undefined)
  }, [loggedIn, hasUserInfo])

  useEffect(() => {
    if (!loggedIn) return
    // A QR login link (/messages?qrLogin=CODE) opened on a signed-in device asks to confirm it.
    const { qrLogin, ...rest } = currentQuery()
    if (!qrLogin) return
    setQrCode(qrLogin)
    appLocation.replaceUrl(publicUrl(route, rest))
  }, [loggedIn, route])

  const onLogout = async () => {
    if (loggingOut) return
    setLoggingOut(true)
    try {
      // Ends the session and opens /login.
      await logout()
    } catch {
      toast.error('退出登录失败，请重试')
    } finally {
      setLoggingOut(false)
      setConfirmingLogout(false)
    }
  }

  const settings = (
    <SettingsMenu
      placement={narrow ? 'header' : 'sidebar'}
      onSecurity={() => setSecurityOpen(true)}
      onNotifications={push.available || app.wechat.available ? () => setNotificationsOpen(true) : undefined}
      onScanQr={() => setQrCode('')}
      onLogout={() => setConfirmingLogout(true)}
      phrasesOn={phrasesOn}
      onTogglePhrases={() => void app.favorites.setPhraseSwitch(!phrasesOn).catch(() => undefined)}
      onAdmin={showAdmin ? () => void navigate('admin') : undefined}
    />
  )

  return (
    <View className={`shell ${narrow ? 'shell--narrow' : 'shell--wide'}`}>
      <LoadingBar />
      {loggedIn && narrow && !subpage ? (
        <View className='shell-header'>
          <UserBlock variant='header' />
          {settings}
        </View>
      ) : null}
      {/* A page opened from the rail takes focus here (tabindex -1), so Tab goes on inside it. */}
      <View className='shell-main' id={mainId} role='main' {...SCRIPT_FOCUS_ONLY}>
        {loggedIn ? children : null}
      </View>
      {loggedIn && !narrow ? (
        // After the page in reading order, drawn on its left: Tab goes from the page's last control
        // (发送) on to the rail, as on a phone from the page to the tab bar.
        <View className='shell-sidebar' data-testid='sidebar'>
          <UserBlock variant='sidebar' />
          <NavList active={navKeyOf(route)} variant='sidebar' />
          <View className='shell-sidebar__bottom'>{settings}</View>
        </View>
      ) : null}
      {loggedIn && narrow && !subpage ? (
        <View className='shell-tabbar' data-testid='tabbar'>
          <NavList active={navKeyOf(route)} variant='tabbar' />
        </View>
      ) : null}
      {loggedIn ? (
        <View>
          <Suspense fallback={null}>
            {securityOpen ? <SecurityDialog open onClose={() => setSecurityOpen(false)} /> : null}
            {notificationsOpen ? <NotificationDialog open onClose={() => setNotificationsOpen(false)} /> : null}
            {qrCode !== null ? <QrConfirmDialog code={qrCode} onClose={() => setQrCode(null)} /> : null}
          </Suspense>
          <ConfirmDialog
            open={confirmingLogout}
            title='退出登录'
            confirmText='退出登录'
            danger
            busy={loggingOut}
            testId='logout-confirm'
            onConfirm={onLogout}
            onClose={() => setConfirmingLogout(false)}
          >
            确定退出当前账号吗？
          </ConfirmDialog>
          <ProfileHost />
          <CallHost />
          <PushHost route={route} />
        </View>
      ) : null}
      <ToastHost />
      <UpdatePrompt />
    </View>
  )
}
