import { View } from '@tarojs/components'
import { useState } from 'react'
import { PASSWORD_MAX } from '@shared/auth'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { redirectAfterLogin } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import FormError from './FormError'

/** The second login step after a 712 answer: the lock password, with its hint on request. */
export default function TwoFactorForm() {
  const { cancelTwoFactor, loadLockTips, submitLockPassword } = useApp().session
  const storedTips = useAppStore((s) => s.twoFactor?.tips ?? null)
  const [lockPwd, setLockPwd] = useState('')
  const [tips, setTips] = useState<string | null>(storedTips)
  const [tipsBusy, setTipsBusy] = useState(false)
  const { busy, error, setError, run } = useAsyncAction()

  const submit = () => {
    if (!lockPwd) {
      setError('请输入锁密码')
      return
    }
    run(async () => {
      await submitLockPassword(lockPwd)
      await redirectAfterLogin()
    }, '验证失败，请稍后重试')
  }

  const showTips = async () => {
    if (tipsBusy) return
    setTipsBusy(true)
    try {
      setTips(await loadLockTips())
    } catch {
      // The api client has already toasted why; the button stays available for another try.
    } finally {
      setTipsBusy(false)
    }
  }

  return (
    <View className='login-form twofactor'>
      <View className='twofactor__title'>登录保护验证</View>
      <View className='twofactor__lead'>该账号已开启登录保护，请输入锁密码完成登录。</View>
      <TextField
        label='锁密码'
        value={lockPwd}
        onChange={setLockPwd}
        onConfirm={submit}
        placeholder='请输入锁密码'
        password
        maxLength={PASSWORD_MAX}
        focus
        large
        testId='twofactor-lockpwd'
      />
      <View className='twofactor__tips'>
        {tips !== null ? (
          <View className='twofactor__tips-text' data-testid='twofactor-tips-text'>
            密码提示：{tips || '未设置密码提示'}
          </View>
        ) : (
          <Button variant='text' size='small' loading={tipsBusy} testId='twofactor-tips-button' onClick={showTips}>
            忘记了？显示密码提示
          </Button>
        )}
      </View>
      <FormError message={error} />
      <Button variant='primary' size='large' block loading={busy} testId='twofactor-submit' onClick={submit}>
        验证并登录
      </Button>
      <View className='twofactor__cancel'>
        <Button variant='default' size='large' block testId='twofactor-cancel' onClick={() => cancelTwoFactor()}>
          返回
        </Button>
      </View>
    </View>
  )
}
