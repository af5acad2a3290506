import { Image, ScrollView, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import AppShell from '@/components/layout/AppShell'
import EmptyState from '@/components/layout/EmptyState'
import Avatar from '@/components/layout/Avatar'
import ImagePreview, { type PreviewImage } from '@/components/chat/ImagePreview'
import MomentCard from '@/components/moments/MomentCard'
import NoticeListDialog from '@/components/moments/NoticeListDialog'
import PublishDialog from '@/components/moments/PublishDialog'
import { usePullRefresh } from '@/components/moments/usePullRefresh'
import emptyMoments from '@/assets/empty-moments.svg'
import cameraIcon from '@/assets/icons/camera.svg'
import bellIcon from '@/assets/icons/moment-bell.svg'
import { currentQuery, navigate } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import { formatBadge } from '@/utils/badge'
import '@/components/moments/moments.scss'
import './index.scss'
import { pressable } from '@/platform/focus'

/** /moments: the feed, or with ?wtId= one user's album (their moments only). */
export default function MomentsPage() {
  const app = useApp()
  const user = useAppStore((s) => s.user)
  const [owner] = useState(() => currentQuery().wtId ?? '')
  const list = useAppStore((s) => (owner ? s.momentAlbum : s.momentFeed))
  const held = list.owner === owner ? list : null
  const rows = useAppStore(useShallow((s) => (held ? held.ids.map((id) => s.momentById[id]).filter((m) => m !== undefined) : [])))
  const interactions = useAppStore((s) => s.momentInteractions)
  const unread = useAppStore((s) => s.badges.moments)
  const [cover, setCover] = useState<{ name: string; avatar: string } | null>(null)
  const [publishing, setPublishing] = useState(false)
  const [noticesOpen, setNoticesOpen] = useState(false)
  const [preview, setPreview] = useState<{ images: PreviewImage[]; index: number } | null>(null)
  const scrollTop = useRef(0)
  const album = owner !== ''
  const own = !album || owner === user?.wtId

  const refresh = () => app.moments.loadPage(owner, 1)
  const pull = usePullRefresh(refresh, () => scrollTop.current <= 0)

  useEffect(() => {
    if (!user) return
    refresh().catch(() => undefined)
    if (album && owner !== user.wtId) {
      app.contacts.api
        .friendInfo(owner, { silent: true })
        .then((info) => setCover({ name: info.data.remark || info.data.nickName, avatar: info.data.avatar }))
        .catch(() => undefined)
    }
  }, [user?.wtId, owner])

  // A friend's new moment while the feed is open comes into it at once.
  const friendMoment = useAppStore((s) => s.badges.friendMoment)
  useEffect(() => {
    if (friendMoment && !album && user) refresh().catch(() => undefined)
  }, [friendMoment])

  // A rising count is a new like or comment on something in this list.
  const seenUnread = useRef(unread)
  useEffect(() => {
    const rose = unread > seenUnread.current
    seenUnread.current = unread
    if (rose && held) app.moments.reloadInteractions(held.ids).catch(() => undefined)
  }, [unread])

  const name = own ? user?.nickName : (cover?.name ?? rows[0]?.nickName ?? '')
  const avatar = own ? user?.avatar : (cover?.avatar ?? rows[0]?.avatar ?? '')
  const done = held !== null && held.pageNum > 0 && held.ids.length >= held.total

  return (
    <AppShell route='moments'>
      <View className='pane-detail'>
        <ScrollView
          className='pane-detail__body moments-scroll'
          scrollY
          lowerThreshold={200}
          onScroll={(e) => (scrollTop.current = e.detail.scrollTop)}
          onScrollToLower={() => app.moments.loadMore(owner).catch(() => undefined)}
          data-testid='moments-scroll'
          {...pull.handlers}
        >
          {pull.pull > 0 || pull.refreshing ? (
            <View className='moments__pull' style={{ height: `${pull.refreshing ? 40 : pull.pull}px` }} data-testid='moments-pull'>
              {pull.refreshing ? '正在刷新…' : pull.ready ? '松开刷新' : '下拉刷新'}
            </View>
          ) : null}
          <View className='moments' data-testid={album ? 'moments-album' : 'moments-feed'}>
            <View className='moments__cover'>
              <View className='moments__actions'>
                {!album ? (
                  <View {...pressable()} className='moments__action' data-testid='moments-notices-open' aria-label='消息' onClick={() => setNoticesOpen(true)}>
                    <Image nativeProps={{ alt: '' }} className='moments__action-icon' src={bellIcon} />
                  </View>
                ) : null}
                {own ? (
                  <View {...pressable()} className='moments__action' data-testid='moments-publish-open' aria-label='发表动态' onClick={() => setPublishing(true)}>
                    <Image nativeProps={{ alt: '' }} className='moments__action-icon moments__action-icon--camera' src={cameraIcon} />
                  </View>
                ) : null}
              </View>
              <View className='moments__me'>
                <View className='moments__name' data-testid='moments-cover-name'>
                  {name}
                </View>
                <View {...pressable('我的相册')} data-testid='moments-my-album' onClick={() => (album || !user ? undefined : navigate('moments', { wtId: user.wtId }))}>
                  <Avatar src={avatar} size={64} className='moments__avatar' />
                </View>
              </View>
            </View>
            {!album && unread > 0 ? (
              <View {...pressable()} className='moments__notice-bar' data-testid='moments-notice-bar' onClick={() => setNoticesOpen(true)}>
                {formatBadge(unread)}条新消息
              </View>
            ) : null}
            {rows.map((m) => (
              <MomentCard key={m.id} moment={m} interactions={interactions[m.id]} onPreview={(images, index) => setPreview({ images, index })} />
            ))}
            {held && held.pageNum > 0 && rows.length === 0 && !held.loading ? (
              <EmptyState
                testId='moments-empty'
                image={emptyMoments}
                title='暂无动态'
                hint={album ? '这里还没有可以看的动态。' : '好友发布的动态会显示在这里，你可以为它们点赞和评论。'}
              />
            ) : null}
            {rows.length > 0 ? (
              <View className='moments__foot' data-testid='moments-foot'>
                {list.loading ? '加载中…' : done ? '没有更多了' : ''}
              </View>
            ) : null}
          </View>
        </ScrollView>
      </View>
      <PublishDialog open={publishing} onClose={() => setPublishing(false)} />
      <NoticeListDialog open={noticesOpen} onClose={() => setNoticesOpen(false)} />
      {preview ? (
        <ImagePreview images={preview.images} index={preview.index} onIndex={(index) => setPreview({ ...preview, index })} onClose={() => setPreview(null)} />
      ) : null}
    </AppShell>
  )
}
