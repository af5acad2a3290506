import { Image, View } from '@tarojs/components'
import { useState } from 'react'
import logo from '@/assets/logo.svg'
import { useAppStore } from '@/root/AppContext'
import PasswordLoginForm from './PasswordLoginForm'
import QrLoginPanel from './QrLoginPanel'
import RegisterForm from './RegisterForm'
import TwoFactorForm from './TwoFactorForm'
import WechatLoginButton from './WechatLoginButton'
import { pressable } from '@/platform/focus'
import './LoginCard.scss'

type LoginTab = 'phone' | 'id' | 'qr' | 'register'

const TABS: { key: LoginTab; label: string }[] = [
  { key: 'phone', label: '手机号登录' },
  { key: 'id', label: 'ID 登录' },
  { key: 'qr', label: '扫码登录' },
  { key: 'register', label: '注册' },
]

/** The login card: four ways in, replaced by the lock-password step while one is pending. */
export default function LoginCard() {
  const [tab, setTab] = useState<LoginTab>('phone')
  const twoFactorPending = useAppStore((s) => s.twoFactor !== null)
  const sessionEndNotice = useAppStore((s) => s.sessionEndNotice)

  return (
    <View className='login-card'>
      <View className='login-card__brand'>
        <Image nativeProps={{ alt: '' }} className='login-card__logo' src={logo} />
        <View className='login-card__title'>{tab === 'register' && !twoFactorPending ? '注册微谈账号' : '登录微谈'}</View>
      </View>
      {sessionEndNotice ? (
        <View className='login-card__notice' role='status' data-testid='login-session-notice'>
          {sessionEndNotice}
        </View>
      ) : null}
      {twoFactorPending ? (
        <TwoFactorForm />
      ) : (
        <View>
          <View className='login-tabs' role='tablist'>
            {TABS.map((t) => (
              <View {...pressable()}
                key={t.key}
                className={`login-tabs__tab${tab === t.key ? ' login-tabs__tab--active' : ''}`}
                role='tab'
                aria-selected={tab === t.key ? 'true' : 'false'}
                data-testid={`login-tab-${t.key}`}
                onClick={() => setTab(t.key)}
              >
                {t.label}
              </View>
            ))}
          </View>
          {tab === 'phone' ? <PasswordLoginForm by='phone' /> : null}
          {tab === 'id' ? <PasswordLoginForm by='id' /> : null}
          {tab === 'qr' ? <QrLoginPanel /> : null}
          {tab === 'register' ? <RegisterForm /> : null}
          {tab === 'qr' ? null : <WechatLoginButton />}
        </View>
      )}
    </View>
  )
}
