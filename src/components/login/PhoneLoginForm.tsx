import { View } from '@tarojs/components'
import { useState } from 'react'
import { LoginByPhoneBody } from '@shared/auth'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { loginByPhone } from '@/services/session'
import { redirectAfterLogin } from '@/router/navigation'
import FormError from './FormError'
import { validate } from './validation'

export default function PhoneLoginForm() {
  const [phone, setPhone] = useState('')
  const [pwd, setPwd] = useState('')
  const [invalidField, setInvalidField] = useState('')
  const { busy, error, setError, run } = useAsyncAction()

  const submit = () => {
    const checked = validate(LoginByPhoneBody, { phone, pwd })
    if (!checked.ok) {
      setError(checked.invalid.message)
      setInvalidField(checked.invalid.field)
      return
    }
    setInvalidField('')
    run(async () => {
      const outcome = await loginByPhone(checked.data.phone, checked.data.pwd)
      if (outcome === 'ok') await redirectAfterLogin()
    }, '登录失败，请稍后重试')
  }

  return (
    <View className='login-form'>
      <TextField
        label='手机号'
        value={phone}
        onChange={setPhone}
        onConfirm={submit}
        placeholder='请输入手机号'
        maxLength={11}
        invalid={invalidField === 'phone'}
        large
        testId='login-phone'
      />
      <TextField
        label='密码'
        value={pwd}
        onChange={setPwd}
        onConfirm={submit}
        placeholder='请输入密码'
        password
        maxLength={32}
        invalid={invalidField === 'pwd'}
        large
        testId='login-pwd'
      />
      <FormError message={error} />
      <Button variant='primary' size='large' block loading={busy} testId='login-submit' onClick={submit}>
        登录
      </Button>
    </View>
  )
}
