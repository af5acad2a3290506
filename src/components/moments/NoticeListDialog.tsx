import { Image, ScrollView, View } from '@tarojs/components'
import { useEffect } from 'react'
import { MomentNoticeType, type MomentNotice } from '@shared/moments'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import likeIcon from '@/assets/icons/moment-like.svg'
import { navigate } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import { formatMomentTime } from './momentRules'
import { pressable } from '@/platform/focus'

interface Props {
  open: boolean
  onClose(): void
}

function NoticeRow({ notice, onOpen }: { notice: MomentNotice; onOpen(): void }) {
  const { chat } = useApp()
  return (
    <View {...pressable()} className={`notice${notice.isRead ? '' : ' notice--unread'}`} data-testid='moment-notice' data-type={notice.type} onClick={onOpen}>
      <Avatar src={notice.avatar} size={40} />
      <View className='notice__main'>
        <View className='notice__name'>{notice.nickName}</View>
        {notice.type === MomentNoticeType.Praise ? (
          <Image nativeProps={{ alt: '' }} className='notice__like' src={likeIcon} />
        ) : (
          <View className='notice__text'>
            {notice.type === MomentNoticeType.Reply ? '回复了你：' : ''}
            {notice.content}
          </View>
        )}
        <View className='notice__time'>{formatMomentTime(notice.createTime)}</View>
      </View>
      {notice.momentImage ? (
        <Image nativeProps={{ alt: '' }} className='notice__thumb' src={chat.mediaUrl(notice.momentImage)} mode='aspectFill' />
      ) : (
        <View className='notice__abstract'>{notice.momentContent}</View>
      )}
    </View>
  )
}

/** 消息: who liked or commented on what, newest first, ten at a time; each row opens the moment. */
export default function NoticeListDialog({ open, onClose }: Props) {
  const { moments } = useApp()
  const list = useAppStore((s) => s.momentNotices)

  useEffect(() => {
    if (open) moments.loadNotices(1).catch(() => undefined)
  }, [open])

  const more = () => {
    if (list.rows.length < list.total) moments.loadNotices(list.pageNum + 1).catch(() => undefined)
  }

  return (
    <Dialog
      open={open}
      title='消息'
      closeOnMask
      testId='moment-notices'
      onClose={onClose}
      footer={
        <Button variant='text' disabled={list.total === 0} testId='moment-notices-clear' onClick={() => moments.clearNotices().catch(() => undefined)}>
          清空
        </Button>
      }
    >
      <ScrollView className='notices' scrollY onScrollToLower={more} lowerThreshold={60}>
        {list.rows.map((n) => (
          <NoticeRow
            key={n.id}
            notice={n}
            onOpen={() => {
              onClose()
              navigate('momentDetail', { id: String(n.friendsCircleId) })
            }}
          />
        ))}
        {!list.loading && list.rows.length === 0 ? <View className='notices__empty'>暂无消息</View> : null}
        {list.loading ? <View className='notices__empty'>加载中…</View> : null}
      </ScrollView>
    </Dialog>
  )
}
