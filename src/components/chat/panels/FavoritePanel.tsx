import { Image, ScrollView, View } from '@tarojs/components'
import { useState } from 'react'
import { CollectContentType } from '@shared/messageOps'
import { useFavoriteList } from '@/components/favorites/useFavoriteList'
import Button from '@/components/layout/Button'
import SearchBox from '@/components/layout/SearchBox'
import { favoriteKindLabel, favoriteTitle, toggleSelection } from '@/domain/favorites/favoriteList'
import { useApp } from '@/root/AppContext'
import '@/components/favorites/favorites.scss'

interface Props {
  conversationID: string
  onClose(): void
}

/**
 * The toolbar's 收藏 panel (spec 4 "Favorites in the toolbar"): search and paging like the page,
 * one selection toggled by clicking, 发送 only with a selection and not while loading; it closes after sending.
 */
export default function FavoritePanel({ conversationID, onClose }: Props) {
  const app = useApp()
  const [query, setQuery] = useState('')
  const { list, loadMore, done } = useFavoriteList('panel', query)
  const [selected, setSelected] = useState<number | null>(null)
  const [sending, setSending] = useState(false)
  const busy = sending || list.loading
  const picked = list.rows.find((f) => f.id === selected) ?? null

  const send = async () => {
    if (!picked || busy || !app.chat.isOnScreen(conversationID)) return
    setSending(true)
    try {
      await app.favorites.sendFavorite(conversationID, picked)
      onClose()
    } catch (err) {
      console.warn('sending a favorite failed', err)
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='chat-panel fav-panel' data-testid='fav-panel'>
      <View className='chat-panel__head'>
        <View className='chat-panel__title'>收藏</View>
      </View>
      <View className='fav-panel__search'>
        <SearchBox block='fav-search' value={query} onChange={setQuery} placeholder='搜索收藏' testId='fav-panel-search' clearable />
      </View>
      <ScrollView className='chat-panel__body' scrollY lowerThreshold={60} onScrollToLower={loadMore}>
        {list.loaded && list.rows.length === 0 ? <View className='chat-panel__hint'>{list.query ? '无搜索结果' : '暂无收藏'}</View> : null}
        {list.rows.map((f) => {
          const thumb = f.contentType === CollectContentType.Image ? f.imageUrl : f.contentType === CollectContentType.Video ? f.videoImage : ''
          return (
            <View
              key={f.id}
              className={`fav-item${selected === f.id ? ' fav-item--on' : ''}`}
              data-testid='fav-panel-item'
              data-id={f.id}
              data-type={f.contentType}
              onClick={() => setSelected((cur) => toggleSelection(cur, f.id))}
            >
              <View className={`fav-item__radio${selected === f.id ? ' fav-item__radio--on' : ''}`} />
              {thumb ? <Image nativeProps={{ alt: '' }} className='fav-item__thumb' src={app.chat.mediaUrl(thumb)} mode='aspectFill' /> : null}
              <View className='fav-item__text'>
                <View className='fav-item__title'>{favoriteTitle(f) || favoriteKindLabel(f.contentType)}</View>
                <View className='fav-item__kind'>
                  {f.topStatus ? '置顶 · ' : ''}
                  {favoriteKindLabel(f.contentType)}
                </View>
              </View>
            </View>
          )
        })}
        {list.rows.length > 0 ? <View className='chat-panel__hint'>{list.loading ? '加载中…' : done ? '已全部加载' : '上滑加载更多'}</View> : null}
      </ScrollView>
      <View className='chat-panel__foot'>
        <Button size='small' testId='fav-panel-cancel' onClick={onClose}>
          取消
        </Button>
        <Button variant='primary' size='small' testId='fav-panel-send' disabled={!picked || busy} loading={sending} onClick={() => void send()}>
          发送
        </Button>
      </View>
    </View>
  )
}
