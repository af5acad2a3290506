import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import Button from '@/components/layout/Button'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { useApp } from '@/root/AppContext'

/** 安全设置 → 微信登录: whether this account logs in with a WeChat, and 解除微信绑定 (mini-program only). */
export default function WechatBindingSection() {
  const { wechat } = useApp()
  const [bound, setBound] = useState<boolean | null>(null)
  const [shown, setShown] = useState(false)
  const { busy, error, run } = useAsyncAction()

  useEffect(() => {
    if (!wechat.available) return
    let live = true
    void wechat.config().then(async (c) => {
      if (!live || !c.login) return
      setShown(true)
      const b = await wechat.bound().catch(() => null)
      if (live) setBound(b)
    })
    return () => {
      live = false
    }
  }, [])

  if (!shown) return null
  const unbind = () =>
    run(async () => {
      await wechat.unbind()
      setBound(false)
    })
  return (
    <View className='settings-section' data-testid='security-wechat'>
      <View className='settings-section__head'>
        <View className='settings-section__title'>微信登录</View>
        <View className={`settings-status${bound ? ' settings-status--on' : ''}`} data-testid='security-wechat-state'>
          {bound === null ? '读取中…' : bound ? '已绑定' : '未绑定'}
        </View>
      </View>
      <View className='settings-section__lead'>
        {bound ? '已绑定微信，可在登录页使用微信一键登录。解除后需用手机号和密码登录。' : '在登录页点击微信一键登录，再用手机号登录一次，即可绑定微信。'}
      </View>
      {error ? <View className='form-error'>{error}</View> : null}
      {bound ? (
        <View className='settings-section__actions'>
          <Button variant='danger' loading={busy} testId='security-wechat-unbind' onClick={unbind}>
            解除微信绑定
          </Button>
        </View>
      ) : null}
    </View>
  )
}
