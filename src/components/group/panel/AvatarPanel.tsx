import { View } from '@tarojs/components'
import { useEffect } from 'react'
import type { GroupInfo } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import { useAvatarUpload } from '../useAvatarUpload'
import { PanelHeader } from './PanelParts'
import { useApp } from '@/root/AppContext'

/** The group avatar, large; admins pick a new picture, which is saved once uploaded. */
export default function AvatarPanel({ info, editable, onBack }: { info: GroupInfo; editable: boolean; onBack(): void }) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { editGroupField } = app.groups
  const upload = useAvatarUpload()
  useEffect(() => {
    if (upload.url) void editGroupField(info.groupNumber, 'groupAvatar', upload.url)
  }, [upload.url, info.groupNumber])
  const shown = upload.preview || (info.groupAvatar ? mediaUrl(info.groupAvatar) : '')
  return (
    <View className='gpanel-sub' data-testid='group-avatar-panel'>
      <PanelHeader title='群头像' onBack={onBack} />
      <View className='gavatar'>
        <Avatar src={shown} size={200} />
        {upload.uploading ? <View className='gavatar__progress'>{Math.round(upload.progress * 100)}%</View> : null}
        {editable ? (
          <Button variant='primary' loading={upload.uploading} testId='group-avatar-pick' onClick={() => void upload.pick()}>
            更换头像
          </Button>
        ) : null}
      </View>
    </View>
  )
}
