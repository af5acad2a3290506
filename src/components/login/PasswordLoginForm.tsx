import { View } from '@tarojs/components'
import { useState } from 'react'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { useApp } from '@/root/AppContext'
import { redirectAfterLogin } from '@/router/navigation'
import type { SessionService } from '@/services/session'
import FormError from './FormError'
import { loadAuthSchemas, type AuthSchemas } from './loadAuthSchemas'
import { typed, validate } from './validation'

/** The two password logins differ only in the account field and the call they make. */
const VARIANTS = {
  phone: {
    field: 'phone',
    label: '手机号',
    placeholder: '请输入手机号',
    maxLength: 11,
    login: (schemas: AuthSchemas, session: SessionService, account: string, pwd: string) => {
      const checked = validate(schemas.LoginByPhoneBody, { phone: account, pwd })
      return checked.ok ? { ok: true as const, run: () => session.loginByPhone(checked.data.phone, checked.data.pwd) } : checked
    },
    testIds: { account: 'login-phone', pwd: 'login-pwd', submit: 'login-submit' },
  },
  id: {
    field: 'wtId',
    label: '微谈 ID',
    placeholder: '请输入 ID',
    maxLength: 12,
    login: (schemas: AuthSchemas, session: SessionService, account: string, pwd: string) => {
      const checked = validate(schemas.LoginByIdBody, { wtId: account, pwd })
      return checked.ok ? { ok: true as const, run: () => session.loginById(checked.data.wtId, checked.data.pwd) } : checked
    },
    testIds: { account: 'login-wtid', pwd: 'login-id-pwd', submit: 'login-id-submit' },
  },
} as const

export default function PasswordLoginForm({ by }: { by: keyof typeof VARIANTS }) {
  const { session } = useApp()
  const v = VARIANTS[by]
  const [account, setAccount] = useState('')
  const [pwd, setPwd] = useState('')
  const [invalidField, setInvalidField] = useState('')
  const { busy, error, setError, run } = useAsyncAction()

  const submit = () =>
    run(async () => {
      const checked = v.login(await loadAuthSchemas(), session, account, pwd)
      if (!checked.ok) {
        setError(checked.invalid.message)
        setInvalidField(checked.invalid.field)
        return
      }
      setInvalidField('')
      if ((await checked.run()) === 'ok') await redirectAfterLogin()
    }, '登录失败，请稍后重试')

  return (
    <View className='login-form'>
      <TextField
        label={v.label}
        value={account}
        onChange={typed(setAccount)}
        onConfirm={submit}
        placeholder={v.placeholder}
        maxLength={v.maxLength}
        invalid={invalidField === v.field}
        large
        testId={v.testIds.account}
      />
      <TextField
        label='密码'
        value={pwd}
        onChange={typed(setPwd)}
        onConfirm={submit}
        placeholder='请输入密码'
        password
        maxLength={32}
        invalid={invalidField === 'pwd'}
        large
        testId={v.testIds.pwd}
      />
      <FormError message={error} />
      <Button variant='primary' size='large' block loading={busy} testId={v.testIds.submit} onClick={submit}>
        登录
      </Button>
    </View>
  )
}
