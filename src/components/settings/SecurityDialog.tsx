import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { LOCK_HINT_MAX, LockPwdClearBody, LockPwdSetBody, PASSWORD_MAX, PasswordChangeBody } from '@shared/auth'
import Dialog from '@/components/layout/Dialog'
import Button from '@/components/layout/Button'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { validate } from '@/components/login/validation'
import { useApp, useAppStore } from '@/root/AppContext'
import DeviceList from './DeviceList'
import WechatBindingSection from './WechatBindingSection'
import './settings.scss'

interface SecurityDialogProps {
  open: boolean
  onClose: () => void
}

/** Security settings: the two-factor lock password, the login password and signing out everywhere. */
export default function SecurityDialog({ open, onClose }: SecurityDialogProps) {
  const app = useApp()
  const { changePassword, clearLockPassword, deleteAccount, logoutAllDevices, refreshUser, setLockPassword } = app.session
  const { toast } = app
  const config = useAppStore((s) => s.userConfig)
  const [loginPwd, setLoginPwd] = useState('')
  const [lockPwd, setLockPwd] = useState('')
  const [tips, setTips] = useState('')
  const [oldPwd, setOldPwd] = useState('')
  const [newPwd, setNewPwd] = useState('')
  const lock = useAsyncAction()
  const password = useAsyncAction()
  const devices = useAsyncAction()
  const removal = useAsyncAction()
  const [deletePwd, setDeletePwd] = useState('')
  const [clearing, setClearing] = useState(false)

  useEffect(() => {
    if (!open) return
    // Start clean each time, and make sure the lock state shown is the server's.
    setLoginPwd('')
    setLockPwd('')
    setTips('')
    setOldPwd('')
    setNewPwd('')
    setDeletePwd('')
    removal.setError('')
    lock.setError('')
    password.setError('')
    devices.setError('')
    if (!app.store.getState().userConfig) refreshUser().catch(() => undefined)
  }, [open])

  const enabled = config?.lockPwdEnabled ?? false

  const saveLock = () => {
    const checked = validate(LockPwdSetBody, { pwd: loginPwd, lockPwd, tips })
    if (!checked.ok) {
      lock.setError(checked.invalid.message)
      return
    }
    setClearing(false)
    lock.run(async () => {
      await setLockPassword(checked.data.pwd, checked.data.lockPwd, checked.data.tips)
      toast.success(enabled ? '锁密码已修改' : '登录保护已开启')
      setLoginPwd('')
      setLockPwd('')
      setTips('')
    })
  }

  const clearLock = () => {
    const checked = validate(LockPwdClearBody, { pwd: loginPwd })
    if (!checked.ok) {
      lock.setError(checked.invalid.message)
      return
    }
    setClearing(true)
    lock.run(async () => {
      await clearLockPassword(checked.data.pwd)
      toast.success('登录保护已关闭')
      setLoginPwd('')
      setLockPwd('')
      setTips('')
    })
  }

  const savePassword = () => {
    const checked = validate(PasswordChangeBody, { oldPwd, newPwd })
    if (!checked.ok) {
      password.setError(oldPwd ? checked.invalid.message : '请输入当前密码')
      return
    }
    password.run(async () => {
      await changePassword(checked.data.oldPwd, checked.data.newPwd)
      toast.success('登录密码已修改，其他设备需要重新登录')
      setOldPwd('')
      setNewPwd('')
    })
  }

  const logoutEverywhere = () =>
    devices.run(async () => {
      // Ends this session too and opens /login.
      await logoutAllDevices()
      onClose()
    })

  const removeAccount = () => {
    if (!deletePwd) {
      removal.setError('请输入登录密码')
      return
    }
    removal.run(async () => {
      // Ends every session and opens /login.
      await deleteAccount(deletePwd)
      toast.success('账号已注销')
      onClose()
    })
  }

  return (
    <Dialog open={open} title='安全设置' onClose={onClose} testId='security-dialog' closeTestId='security-close'>
      <View className='settings-section'>
        <View className='settings-section__head'>
          <View className='settings-section__title'>登录保护</View>
          <View
            className={`settings-status${enabled ? ' settings-status--on' : ''}`}
            data-testid='security-lock-state'
            data-enabled={enabled ? 'true' : 'false'}
          >
            {config ? (enabled ? '已开启' : '未开启') : '读取中…'}
          </View>
        </View>
        <View className='settings-section__lead'>
          开启后，每次登录除了登录密码，还需要输入锁密码。
          {enabled && config?.lockPwdTips ? `当前密码提示：${config.lockPwdTips}` : ''}
        </View>
        <TextField
          label='登录密码'
          hint='用于确认是你本人操作'
          value={loginPwd}
          onChange={setLoginPwd}
          onConfirm={saveLock}
          password
          maxLength={PASSWORD_MAX}
          placeholder='请输入登录密码'
          testId='security-login-pwd'
        />
        <TextField
          label={enabled ? '新锁密码' : '锁密码'}
          value={lockPwd}
          onChange={setLockPwd}
          onConfirm={saveLock}
          password
          maxLength={PASSWORD_MAX + 8}
          placeholder='6-32 位，不要与登录密码相同'
          testId='security-lock-pwd'
        />
        <TextField
          label='密码提示（选填）'
          value={tips}
          onChange={setTips}
          onConfirm={saveLock}
          maxLength={LOCK_HINT_MAX + 8}
          placeholder={`忘记锁密码时显示，最多 ${LOCK_HINT_MAX} 个字`}
          testId='security-lock-tips'
        />
        {lock.error ? <View className='form-error' data-testid='security-error'>{lock.error}</View> : null}
        <View className='settings-section__actions'>
          <Button variant='primary' loading={lock.busy && !clearing} disabled={lock.busy && clearing} testId='security-lock-save' onClick={saveLock}>
            {enabled ? '修改锁密码' : '开启登录保护'}
          </Button>
          {enabled ? (
            <Button variant='danger' loading={lock.busy && clearing} disabled={lock.busy && !clearing} testId='security-lock-clear' onClick={clearLock}>
              关闭登录保护
            </Button>
          ) : null}
        </View>
      </View>

      <View className='settings-section'>
        <View className='settings-section__title'>修改登录密码</View>
        <View className='settings-section__lead'>修改后，其他设备上的登录会失效，需要重新登录。</View>
        <TextField
          label='当前密码'
          value={oldPwd}
          onChange={setOldPwd}
          onConfirm={savePassword}
          password
          maxLength={PASSWORD_MAX}
          placeholder='请输入当前密码'
          testId='security-old-pwd'
        />
        <TextField
          label='新密码'
          value={newPwd}
          onChange={setNewPwd}
          onConfirm={savePassword}
          password
          maxLength={PASSWORD_MAX + 8}
          placeholder='6-32 位'
          testId='security-new-pwd'
        />
        {password.error ? <View className='form-error'>{password.error}</View> : null}
        <View className='settings-section__actions'>
          <Button variant='default' loading={password.busy} testId='security-password-save' onClick={savePassword}>
            修改密码
          </Button>
        </View>
      </View>

      <WechatBindingSection />

      <View className='settings-section'>
        <View className='settings-section__title'>登录设备</View>
        <View className='settings-section__lead'>
          以下是当前登录你账号的网页和小程序，可单独退出。怀疑账号被他人使用时，请退出所有设备并修改密码。
        </View>
        <DeviceList open={open} />
        {devices.error ? <View className='form-error'>{devices.error}</View> : null}
        <View className='settings-section__actions'>
          <Button variant='danger' loading={devices.busy} testId='security-logout-all' onClick={logoutEverywhere}>
            退出所有设备
          </Button>
        </View>
      </View>

      <View className='settings-section settings-section--last' data-testid='delete-account'>
        <View className='settings-section__title'>注销账号</View>
        <View className='settings-section__lead'>
          注销后无法恢复：账号不能再登录，手机号可重新注册；昵称、头像、签名、好友、标签、黑名单、收藏、常用语、朋友圈、会话分组和会员将被删除，你会退出所加入的群聊（你创建的群仍保留）。你发出的消息仍留在对方的聊天记录中，发送者显示为「已注销用户」。
        </View>
        <TextField
          label='登录密码'
          hint='确认是你本人操作'
          value={deletePwd}
          onChange={setDeletePwd}
          onConfirm={removeAccount}
          password
          maxLength={PASSWORD_MAX}
          placeholder='请输入登录密码'
          testId='delete-account-pwd'
        />
        {removal.error ? <View className='form-error' data-testid='delete-account-error'>{removal.error}</View> : null}
        <View className='settings-section__actions'>
          <Button variant='danger' loading={removal.busy} testId='delete-account-submit' onClick={removeAccount}>
            注销账号
          </Button>
        </View>
      </View>
    </Dialog>
  )
}
