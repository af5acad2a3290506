import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ApplySource, ApplyStatus, type FriendApplication } from '@shared/friends'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import EmptyState from '@/components/layout/EmptyState'
import { useApp, useAppStore } from '@/root/AppContext'
import emptyPeople from '@/assets/empty-people.svg'
import { pressable } from '@/platform/focus'

function Status({ application }: { application: FriendApplication }) {
  const { acceptApplication, rejectApplication } = useApp().contacts
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null)
  const run = async (which: 'accept' | 'reject') => {
    setBusy(which)
    await (which === 'accept' ? acceptApplication : rejectApplication)(application.applyWtId)
    setBusy(null)
  }
  if (application.applyStatus === ApplyStatus.Agreed) return <View className='apply-row__done' data-testid='apply-status'>已添加</View>
  if (application.applyStatus === ApplyStatus.Rejected) return <View className='apply-row__done' data-testid='apply-status'>已拒绝</View>
  return (
    <View className='apply-row__buttons' onClick={(e) => e.stopPropagation()}>
      <Button size='small' loading={busy === 'reject'} disabled={busy === 'accept'} testId='apply-reject' onClick={() => void run('reject')}>
        拒绝
      </Button>
      <Button size='small' variant='primary' loading={busy === 'accept'} disabled={busy === 'reject'} testId='apply-accept' onClick={() => void run('accept')}>
        接受
      </Button>
    </View>
  )
}

/** 新的朋友: received applications, newest first, with accept and reject; opening it reads them. */
export default function ApplicationsView() {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { reloadApplications } = app.contacts
  const applications = useAppStore((s) => s.applications)
  const openProfile = useAppStore((s) => s.openProfile)
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    void reloadApplications().finally(() => setLoading(false))
  }, [])
  // An application arriving while the list is open is read at once.
  const unread = useAppStore((s) => s.badges.friendApply)
  useEffect(() => {
    if (!loading && unread > 0) void reloadApplications()
  }, [unread, loading])

  if (loading && applications.length === 0) {
    return (
      <View className='contact-status'>
        <View className='spinner' /> 正在加载…
      </View>
    )
  }
  if (applications.length === 0) return <EmptyState image={emptyPeople} testId='applications-empty' title='暂无好友申请' hint='别人添加你为朋友时，申请会显示在这里。' />
  return (
    <View className='contact-detail-list' data-testid='applications'>
      {applications.map((a) => (
        <View {...pressable()}
          key={a.applyWtId}
          className='apply-row'
          data-testid='apply-row'
          data-id={a.applyWtId}
          data-status={a.applyStatus}
          onClick={() => openProfile({ wtId: a.applyWtId, applySource: ApplySource.SearchId })}
        >
          <Avatar src={a.applyAvatar ? mediaUrl(a.applyAvatar) : ''} size={40} />
          <View className='apply-row__main'>
            <View className='apply-row__name'>{a.applyNickName || a.applyWtId}</View>
            <View className='apply-row__info' data-testid='apply-info'>
              {a.applyInfo || '请求添加你为朋友'}
            </View>
          </View>
          <Status application={a} />
        </View>
      ))}
    </View>
  )
}
