import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ApplyStatus, HandleAction, type GroupApplication, type GroupOtherNotice, type NoticeListKind } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import GroupAvatar from '@/components/layout/GroupAvatar'
import Button from '@/components/layout/Button'
import { useApp, useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import { formatDateTime, joinTypeText } from '../memberInfo'
import { applyStatusText } from './noticeText'
import { NOTICE_TABS, openingNoticeTab } from './noticeTabs'
import { pressable } from '@/platform/focus'

function JoinApplyRow({ a }: { a: GroupApplication }) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { handleApplication } = app.groups
  const [busy, setBusy] = useState(false)
  const act = async (action: HandleAction) => {
    setBusy(true)
    await handleApplication(a, action)
    setBusy(false)
  }
  return (
    <View className='gnotice-row' data-testid='group-notice-row' data-id={String(a.applyId)}>
      <Avatar src={a.applicantAvatar ? mediaUrl(a.applicantAvatar) : ''} size={40} />
      <View className='gnotice-row__text'>
        <View className='gnotice-row__title'>
          {a.applicantNickName || a.applicant} 申请加入 {a.groupName}
        </View>
        <View className='gnotice-row__detail'>{a.applyMessage || joinTypeText(a.joinType, a.inviterNickName)}</View>
        <View className='gnotice-row__time'>{formatDateTime(a.createTime)}</View>
      </View>
      {a.applyStatus === ApplyStatus.Pending ? (
        <View className='gapply__actions'>
          <Button size='small' variant='primary' loading={busy} testId='group-notice-agree' onClick={() => void act(HandleAction.Agree)}>
            同意
          </Button>
          <Button size='small' testId='group-notice-reject' onClick={() => void act(HandleAction.Reject)}>
            拒绝
          </Button>
        </View>
      ) : (
        <View className='gnotice-row__state'>{applyStatusText(a)}</View>
      )}
    </View>
  )
}

/** A group's own avatar, or the mosaic of its members, as in the conversation list. */
function NoticeGroupAvatar({ avatar, members }: { avatar: string; members?: readonly string[] }) {
  const { mediaUrl } = useApp().chat
  return <GroupAvatar src={avatar ? mediaUrl(avatar) : ''} members={members?.map((url) => (url ? mediaUrl(url) : ''))} size={40} />
}

function MyApplyRow({ a }: { a: GroupApplication }) {
  return (
    <View className='gnotice-row' data-testid='group-notice-row' data-id={String(a.applyId)}>
      <NoticeGroupAvatar avatar={a.groupAvatar} members={a.memberAvatars} />
      <View className='gnotice-row__text'>
        <View className='gnotice-row__title'>申请加入 {a.groupName}</View>
        <View className='gnotice-row__detail'>{a.applyMessage || `群号 ${a.groupNumber}`}</View>
        <View className='gnotice-row__time'>{formatDateTime(a.createTime)}</View>
      </View>
      <View className='gnotice-row__state'>{applyStatusText(a)}</View>
    </View>
  )
}

function OtherRow({ n }: { n: GroupOtherNotice }) {
  return (
    <View className='gnotice-row' data-testid='group-notice-row' data-id={String(n.id)}>
      <NoticeGroupAvatar avatar={n.groupAvatar} members={n.memberAvatars} />
      <View className='gnotice-row__text'>
        <View className='gnotice-row__title'>{n.groupName}</View>
        <View className='gnotice-row__detail'>{n.content}</View>
        <View className='gnotice-row__time'>{formatDateTime(n.createTime)}</View>
      </View>
    </View>
  )
}

/**
 * The group notifications (spec 2 "Group notifications under contacts"): join applications to
 * handle, one's own applications, and other notices, 20 a page, each tab with its unread count.
 * Opening a tab marks it read.
 */
export default function GroupNotices() {
  const { loadMoreNotices, loadNoticePage, markNoticesRead } = useApp().groups
  const unread = useAppStore((s) => s.badges.groupNotice)
  // Opened where the badges are, not on an empty first tab.
  const [tab, setTab] = useState<NoticeListKind>(() => openingNoticeTab(unread))
  const lists = useAppStore((s) => s.groupNoticeLists)

  useEffect(() => {
    void loadNoticePage(tab, 1)
    void markNoticesRead(tab)
  }, [tab])

  const list = lists[tab]
  const rows = () => {
    if (tab === 'joinApply') return lists.joinApply.rows.map((a) => <JoinApplyRow key={a.applyId} a={a} />)
    if (tab === 'myApply') return lists.myApply.rows.map((a) => <MyApplyRow key={a.applyId} a={a} />)
    return lists.others.rows.map((n) => <OtherRow key={n.id} n={n} />)
  }

  return (
    <View className='gnotices' data-testid='group-notices'>
      <View className='gnotices__tabs'>
        {NOTICE_TABS.map((t) => (
          <View {...pressable()} key={t.kind} className={`gnotices__tab${t.kind === tab ? ' gnotices__tab--on' : ''}`} data-testid={`group-notices-tab-${t.kind}`} onClick={() => setTab(t.kind)}>
            {t.label}
            {unread[t.counter] > 0 ? <View className='gnotices__badge'>{formatBadge(unread[t.counter])}</View> : null}
          </View>
        ))}
      </View>
      <View className='gnotices__list'>
        {rows()}
        {list.loading ? (
          <View className='gmembers__status'>
            <View className='spinner' /> 加载中…
          </View>
        ) : list.rows.length === 0 ? (
          <View className='gmembers__status' data-testid='group-notices-empty'>
            暂无通知
          </View>
        ) : list.rows.length < list.total ? (
          <View {...pressable()} className='gmembers__toggle' data-testid='group-notices-more' onClick={() => void loadMoreNotices(tab)}>
            加载更多
          </View>
        ) : null}
      </View>
    </View>
  )
}
