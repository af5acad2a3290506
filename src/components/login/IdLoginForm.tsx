import { View } from '@tarojs/components'
import { useState } from 'react'
import { LoginByIdBody } from '@shared/auth'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { loginById } from '@/services/session'
import { redirectAfterLogin } from '@/router/navigation'
import FormError from './FormError'
import { validate } from './validation'

export default function IdLoginForm() {
  const [wtId, setWtId] = useState('')
  const [pwd, setPwd] = useState('')
  const [invalidField, setInvalidField] = useState('')
  const { busy, error, setError, run } = useAsyncAction()

  const submit = () => {
    const checked = validate(LoginByIdBody, { wtId, pwd })
    if (!checked.ok) {
      setError(checked.invalid.message)
      setInvalidField(checked.invalid.field)
      return
    }
    setInvalidField('')
    run(async () => {
      const outcome = await loginById(checked.data.wtId, checked.data.pwd)
      if (outcome === 'ok') await redirectAfterLogin()
    }, '登录失败，请稍后重试')
  }

  return (
    <View className='login-form'>
      <TextField
        label='微谈 ID'
        value={wtId}
        onChange={setWtId}
        onConfirm={submit}
        placeholder='请输入 ID'
        maxLength={12}
        invalid={invalidField === 'wtId'}
        large
        testId='login-wtid'
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
        testId='login-id-pwd'
      />
      <FormError message={error} />
      <Button variant='primary' size='large' block loading={busy} testId='login-id-submit' onClick={submit}>
        登录
      </Button>
    </View>
  )
}
