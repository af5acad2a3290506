import { View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import Avatar from '@/components/layout/Avatar'
import Dialog from '@/components/layout/Dialog'
import type { UiMessage } from '@/stores/slices/messages'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** Spec 7: read members of a group message, filter 0 read / 1 unread, 100 per page, with a cursor. */
type Filter = 0 | 1

interface Member {
  userID: string
  nick: string
  avatar: string
  nameCard: string
}

interface Page {
  members: Member[]
  cursor: string
  isCompleted: boolean
  loading: boolean
  error: boolean
}

const EMPTY_PAGE: Page = { members: [], cursor: '', isCompleted: false, loading: false, error: false }

interface Props {
  conversationID: string
  message: UiMessage | null
  onClose(): void
}

export default function ReceiptPanel({ conversationID, message, onClose }: Props) {
  const { getReadMembers, mediaUrl } = useApp().chat
  const [tab, setTab] = useState<Filter>(0)
  const [pages, setPages] = useState<Record<Filter, Page>>({ 0: EMPTY_PAGE, 1: EMPTY_PAGE })
  const sequence = message?.sequence ?? 0

  const load = useCallback(
    async (filter: Filter, cursor: string) => {
      if (!sequence) return
      setPages((p) => ({ ...p, [filter]: { ...p[filter], loading: true, error: false } }))
      try {
        const res = await getReadMembers(conversationID, sequence, filter, cursor)
        setPages((p) => ({
          ...p,
          [filter]: {
            members: cursor ? [...p[filter].members, ...res.members] : res.members,
            cursor: res.cursor,
            isCompleted: res.isCompleted,
            loading: false,
            error: false,
          },
        }))
      } catch {
        setPages((p) => ({ ...p, [filter]: { ...p[filter], loading: false, error: true } }))
      }
    },
    [conversationID, sequence],
  )

  useEffect(() => {
    if (!message) return
    setTab(0)
    setPages({ 0: EMPTY_PAGE, 1: EMPTY_PAGE })
    void load(0, '')
    void load(1, '')
  }, [message, load])

  if (!message) return null
  const info = message.readReceiptInfo ?? { readCount: 0, unreadCount: 0 }
  const page = pages[tab]
  return (
    <Dialog open title='消息接收人列表' onClose={onClose} closeOnMask testId='receipt-panel' closeTestId='receipt-close'>
      <View className='receipt-tabs'>
        <View {...pressable()} className={`receipt-tab${tab === 0 ? ' receipt-tab--active' : ''}`} data-testid='receipt-tab-read' onClick={() => setTab(0)}>
          已读 ({info.readCount})
        </View>
        <View {...pressable()} className={`receipt-tab${tab === 1 ? ' receipt-tab--active' : ''}`} data-testid='receipt-tab-unread' onClick={() => setTab(1)}>
          未读 ({info.unreadCount})
        </View>
      </View>
      <View className='receipt-list' data-testid={tab === 0 ? 'receipt-list-read' : 'receipt-list-unread'}>
        {page.members.map((m) => (
          <View key={m.userID} className='receipt-member' data-testid='receipt-member' data-id={m.userID}>
            <Avatar src={m.avatar.startsWith('/api/') ? mediaUrl(m.avatar) : m.avatar} size={32} />
            <View className='receipt-member__name'>{m.nameCard || m.nick || m.userID}</View>
          </View>
        ))}
        {page.loading ? (
          <View className='receipt-state'>
            <View className='spinner' /> 加载中…
          </View>
        ) : page.error ? (
          <View className='receipt-state receipt-state--error'>
            加载失败，
            <View {...pressable()} className='link' onClick={() => void load(tab, page.cursor)}>
              重试
            </View>
          </View>
        ) : page.members.length === 0 ? (
          <View className='receipt-state'>{tab === 0 ? '暂无已读成员' : '全部成员已读'}</View>
        ) : !page.isCompleted ? (
          <View {...pressable()} className='receipt-state link' onClick={() => void load(tab, page.cursor)}>
            加载更多
          </View>
        ) : null}
      </View>
    </Dialog>
  )
}
