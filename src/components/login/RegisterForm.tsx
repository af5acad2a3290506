import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@shared/auth'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { redirectAfterLogin } from '@/router/navigation'
import LegalDialog from '@/components/layout/LegalDialog'
import type { LegalDocument } from '@/components/layout/legalTexts'
import FormError from './FormError'
import { loadAuthSchemas } from './loadAuthSchemas'
import { typed, validate } from './validation'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

// Inputs accept a little more than the limits so the schema's own messages can explain them.
const INPUT_SLACK = 8

export default function RegisterForm() {
  const { register } = useApp().session
  const [legal, setLegal] = useState<LegalDocument | null>(null)
  const [phone, setPhone] = useState('')
  const [pwd, setPwd] = useState('')
  const [nickName, setNickName] = useState('')
  const [invalidField, setInvalidField] = useState('')
  const { busy, error, setError, run } = useAsyncAction()

  const submit = () =>
    run(async () => {
      const checked = validate((await loadAuthSchemas()).RegisterBody, { phone, pwd, nickName })
      if (!checked.ok) {
        setError(checked.invalid.message)
        setInvalidField(checked.invalid.field)
        return
      }
      setInvalidField('')
      const { phone: p, pwd: w, nickName: n } = checked.data
      const outcome = await register(p, w, n)
      if (outcome === 'ok') await redirectAfterLogin()
    }, '注册失败，请稍后重试')

  return (
    <View className='login-form'>
      <TextField
        label='手机号'
        value={phone}
        onChange={typed(setPhone)}
        onConfirm={submit}
        placeholder='11 位手机号'
        maxLength={11}
        invalid={invalidField === 'phone'}
        large
        testId='register-phone'
      />
      <TextField
        label='密码'
        value={pwd}
        onChange={typed(setPwd)}
        onConfirm={submit}
        placeholder={`${PASSWORD_MIN}-${PASSWORD_MAX} 位`}
        password
        maxLength={PASSWORD_MAX + INPUT_SLACK}
        invalid={invalidField === 'pwd'}
        large
        testId='register-pwd'
      />
      <TextField
        label='昵称'
        value={nickName}
        onChange={typed(setNickName)}
        onConfirm={submit}
        placeholder={`最多 ${NICKNAME_MAX} 个字`}
        maxLength={NICKNAME_MAX + INPUT_SLACK}
        invalid={invalidField === 'nickName'}
        large
        testId='register-nickname'
      />
      <FormError message={error} />
      <Button variant='primary' size='large' block loading={busy} testId='register-submit' onClick={submit}>
        注册并登录
      </Button>
      <View className='login-form__note'>
        注册即表示同意
        <Text {...pressable()} className='link' onClick={() => setLegal('agreement')}>《用户协议》</Text>和
        <Text {...pressable()} className='link' onClick={() => setLegal('privacy')}>《隐私政策》</Text>
      </View>
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
    </View>
  )
}
