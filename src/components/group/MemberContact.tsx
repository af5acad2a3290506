import { View } from '@tarojs/components'
import { useState } from 'react'
import { ApplySource } from '@shared/friends'
import type { GroupMemberDetail } from '@shared/group'
import Button from '@/components/layout/Button'
import ApplyDialog from '@/components/contact/ApplyDialog'
import FriendPickerDialog from '@/components/contact/FriendPickerDialog'
import RemarkTagDialog from '@/components/contact/RemarkTagDialog'
import { isFriendProfile } from '@/components/contact/profileMenu'
import { useProfile } from '@/components/contact/useProfile'
import ProfileLine from './ProfileLine'
import { useApp } from '@/root/AppContext'

interface MemberContactProps {
  member: GroupMemberDetail
  groupID: string
  groupName: string
}

type Open = 'remark' | 'apply' | 'recommend' | null

/**
 * The contact side of a group member's card (spec 2 "Group screens"): remark and tags for a
 * friend, 添加到通讯录 from the group (applySource 5, respecting member protection), and
 * 推荐给朋友, all with the contacts feature's own dialogs.
 */
export default function MemberContact({ member, groupID, groupName }: MemberContactProps) {
  const { sendNameCard } = useApp().contacts
  const profile = useProfile(member.wtId)
  const { info } = profile
  const [open, setOpen] = useState<Open>(null)
  const [applied, setApplied] = useState(false)
  const close = () => setOpen(null)
  if (!info || info.isSelf) return null

  const friend = isFriendProfile(info)
  const pending = info.applying || applied
  return (
    <View className='gprofile__contact' data-testid='group-member-contact' data-friend={friend ? 'true' : 'false'}>
      {friend ? (
        <View className='gprofile__info'>
          <ProfileLine label='备注' value={info.remark || '未设置'} testId='group-member-remark' />
          <ProfileLine label='标签' value={info.tagNameList.join('，') || '未设置'} testId='group-member-tags' />
        </View>
      ) : null}
      {!friend && !member.canAddFriend ? (
        <View className='gprofile__sub' data-testid='group-member-protected'>
          群主已开启群成员保护，不能从本群添加好友
        </View>
      ) : null}
      <View className='gprofile__actions'>
        {friend ? (
          <Button testId='group-member-remark-edit' onClick={() => setOpen('remark')}>
            设置备注和标签
          </Button>
        ) : member.canAddFriend ? (
          <Button testId={pending ? 'group-member-applied' : 'group-member-add'} disabled={pending} onClick={() => setOpen('apply')}>
            {pending ? '已发送申请' : '添加到通讯录'}
          </Button>
        ) : null}
        <Button testId='group-member-recommend' onClick={() => setOpen('recommend')}>
          推荐给朋友
        </Button>
      </View>
      <RemarkTagDialog friend={open === 'remark' ? { wtId: info.wtId, remark: info.remark } : null} onSaved={profile.reload} onClose={close} />
      <ApplyDialog
        target={open === 'apply' ? { wtId: info.wtId, nickName: info.nickName, applySource: ApplySource.Group, groupID, groupName } : null}
        onSent={() => {
          setApplied(true)
          close()
        }}
        onClose={close}
      />
      <FriendPickerDialog
        open={open === 'recommend'}
        title={`把「${info.remark || info.nickName}」推荐给朋友`}
        exclude={[info.wtId]}
        doneText='发送'
        testId='recommend-dialog'
        onDone={(selected) => sendNameCard({ userId: info.wtId, nickName: info.nickName, avatar: info.avatar }, selected.map((e) => e.id))}
        onClose={close}
      />
    </View>
  )
}
