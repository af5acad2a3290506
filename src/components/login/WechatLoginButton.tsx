import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import Button from '@/components/layout/Button'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { useApp } from '@/root/AppContext'
import { redirectAfterLogin } from '@/router/navigation'
import FormError from './FormError'

/**
 * 微信一键登录, in the mini-program when the server has WeChat login. A WeChat seen for the
 * first time is bound by the phone login or registration that follows on this card.
 */
export default function WechatLoginButton() {
  const { wechat } = useApp()
  const [shown, setShown] = useState(false)
  const [binding, setBinding] = useState(false)
  const { busy, error, run } = useAsyncAction()

  useEffect(() => {
    if (!wechat.available) return
    let live = true
    void wechat.config().then((c) => live && setShown(c.login))
    return () => {
      live = false
    }
  }, [])

  if (!shown) return null
  const tap = () =>
    run(async () => {
      const outcome = await wechat.login()
      if (outcome === 'ok') await redirectAfterLogin()
      setBinding(outcome === 'unbound')
    })
  return (
    <View className='wechat-login' data-testid='wechat-login'>
      <View className='wechat-login__divider'>或</View>
      <Button variant='default' size='large' block loading={busy} testId='wechat-login-button' onClick={tap}>
        微信一键登录
      </Button>
      {binding ? (
        <View className='wechat-login__hint' data-testid='wechat-login-bind-hint'>
          首次使用微信登录，请用手机号登录或注册，完成后自动绑定此微信
        </View>
      ) : null}
      {error ? <FormError message={error} /> : null}
    </View>
  )
}
