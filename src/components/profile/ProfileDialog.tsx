import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { BIO_MAX, NICKNAME_MAX, ProfileUpdateBody } from '@shared/auth'
import { useAvatarUpload } from '@/components/group/useAvatarUpload'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useAsyncAction } from '@/components/layout/useAsyncAction'
import { validate } from '@/components/login/validation'
import { clipboard } from '@/platform/clipboard'
import { useApp, useAppStore } from '@/root/AppContext'
import { pressable } from '@/platform/focus'
import './profile.scss'

interface ProfileDialogProps {
  open: boolean
  onClose: () => void
}

/** 个人信息: one's own avatar, nickname and signature, as friends see them, and the ID to share. */
export default function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const app = useApp()
  const { updateProfile, refreshUser } = app.session
  const { mediaUrl } = app.chat
  const { toast } = app
  const user = useAppStore((s) => s.user)
  const info = useAppStore((s) => s.userInfo)
  const [nickName, setNickName] = useState('')
  const [bio, setBio] = useState('')
  const avatar = useAvatarUpload()
  const save = useAsyncAction()

  useEffect(() => {
    if (!open) return
    // Each opening starts from what the server has.
    setNickName(user?.nickName ?? '')
    setBio(info?.bio ?? '')
    avatar.reset()
    save.setError('')
    refreshUser()
      .then(() => setBio(app.store.getState().userInfo?.bio ?? ''))
      .catch(() => undefined)
  }, [open])

  if (!user) return null

  const submit = () => {
    const body = { nickName, bio, ...(avatar.url ? { avatar: avatar.url } : {}) }
    const checked = validate(ProfileUpdateBody, body)
    if (!checked.ok) {
      save.setError(checked.invalid.message)
      return
    }
    return save.run(async () => {
      await updateProfile(checked.data)
      toast.success('修改成功')
      onClose()
    })
  }

  const copyId = async () => {
    if (await clipboard.copyText(user.wtId)) toast.success('已复制')
    else toast.waring('当前设备不支持复制，请手动选择')
  }

  const shown = avatar.preview || (user.avatar ? mediaUrl(user.avatar) : '')
  return (
    <Dialog
      open={open}
      title='个人信息'
      onClose={onClose}
      testId='me-dialog'
      closeTestId='me-close'
      confirm={{ label: '保存', disabled: avatar.uploading, testId: 'me-save', onConfirm: submit }}
    >
      <View className='profile-edit'>
        <View className='profile-edit__avatar'>
          <Avatar src={shown} size={72} testId='me-avatar' />
          {avatar.uploading ? <View className='profile-edit__progress'>{Math.round(avatar.progress * 100)}%</View> : null}
          <Button testId='me-avatar-pick' loading={avatar.uploading} onClick={() => void avatar.pick()}>
            更换头像
          </Button>
        </View>
        <View className='profile-edit__id'>
          <View className='profile-edit__id-label'>微谈号</View>
          <View className='profile-edit__id-value' data-testid='me-wtid'>
            {user.wtId}
          </View>
          <View {...pressable()} className='profile-edit__copy' role='button' data-testid='me-copy-id' onClick={() => void copyId()}>
            复制
          </View>
        </View>
        <TextField label='昵称' value={nickName} onChange={setNickName} onConfirm={submit} maxLength={NICKNAME_MAX} testId='me-nickname' />
        <TextField
          label='个性签名'
          value={bio}
          onChange={setBio}
          onConfirm={submit}
          maxLength={BIO_MAX}
          placeholder='这个人很懒，什么都没留下'
          hint={`${bio.length}/${BIO_MAX}`}
          testId='me-bio'
        />
        {save.error ? (
          <View className='form-error' role='alert' data-testid='me-error'>
            {save.error}
          </View>
        ) : null}
      </View>
    </Dialog>
  )
}
