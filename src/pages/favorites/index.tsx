import { ScrollView, Textarea, View } from '@tarojs/components'
import { useState } from 'react'
import { FAVORITES_BATCH_MAX, type Favorite } from '@shared/favorites'
import emptyBox from '@/assets/empty-box.svg'
import FavoriteCard from '@/components/favorites/FavoriteCard'
import FavoriteDetailDialog from '@/components/favorites/FavoriteDetailDialog'
import { useFavoriteList } from '@/components/favorites/useFavoriteList'
import AppShell from '@/components/layout/AppShell'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import Dialog from '@/components/layout/Dialog'
import EmptyState from '@/components/layout/EmptyState'
import SearchBox from '@/components/layout/SearchBox'
import { useApp } from '@/root/AppContext'
import '@/components/favorites/favorites.scss'

const NOTE_MAX = 2000

/** The favorites list (spec 2 "Other screens"): search, pin, multi-select delete, notes. */
export default function FavoritesPage() {
  const app = useApp()
  const [query, setQuery] = useState('')
  const { list, loadMore, done } = useFavoriteList('page', query)
  const [selecting, setSelecting] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [confirmIds, setConfirmIds] = useState<number[] | null>(null)
  const [detail, setDetail] = useState<Favorite | null>(null)
  const [note, setNote] = useState<string | null>(null)

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else if (next.size < FAVORITES_BATCH_MAX) next.add(id)
      return next
    })
  const endSelecting = () => {
    setSelecting(false)
    setSelected(new Set())
  }
  const remove = async () => {
    if (!confirmIds) return
    await app.favorites.deleteFavorites(confirmIds).catch(() => undefined)
    setConfirmIds(null)
    endSelecting()
  }
  const saveNote = async () => {
    if (!note?.trim()) return
    await app.favorites.addNote(note.trim())
    setNote(null)
  }

  const empty = list.loaded && list.rows.length === 0
  return (
    <AppShell route='favorites'>
      <View className='pane-detail favorites' data-testid='favorites-page'>
        <View className='pane-detail__head favorites__head'>
          <View className='favorites__title'>收藏</View>
          <View className='favorites__head-actions'>
            {selecting ? (
              <Button size='small' testId='fav-select-cancel' onClick={endSelecting}>
                取消
              </Button>
            ) : (
              <>
                <Button size='small' testId='fav-note-new' onClick={() => setNote('')}>
                  新建笔记
                </Button>
                <Button size='small' testId='fav-select' disabled={list.rows.length === 0} onClick={() => setSelecting(true)}>
                  多选
                </Button>
              </>
            )}
          </View>
        </View>
        <View className='favorites__search'>
          <SearchBox block='fav-search' value={query} onChange={setQuery} placeholder='搜索收藏' testId='fav-search' clearable searchKey />
        </View>
        <ScrollView className='favorites__list' scrollY lowerThreshold={120} onScrollToLower={loadMore} data-testid='fav-list'>
          {empty ? (
            <View className='pane-detail__center favorites__empty'>
              {list.query ? (
                <EmptyState testId='favorites-no-result' image={emptyBox} title='无搜索结果' hint={`没有标题包含「${list.query}」的收藏`} />
              ) : (
                <EmptyState
                  testId='favorites-empty'
                  image={emptyBox}
                  title='暂无收藏'
                  hint='在聊天中长按或右键消息，选择「收藏」，文字、图片、视频、文件和位置都会保存在这里。'
                />
              )}
            </View>
          ) : (
            list.rows.map((f) => (
              <FavoriteCard
                key={f.id}
                f={f}
                selecting={selecting}
                selected={selected.has(f.id)}
                onToggle={() => toggle(f.id)}
                onOpen={() => setDetail(f)}
                onPin={() => void app.favorites.setTop(f, !f.topStatus).catch(() => undefined)}
                onDelete={() => setConfirmIds([f.id])}
              />
            ))
          )}
          {list.rows.length > 0 ? (
            <View className='favorites__foot' data-testid='fav-foot' data-done={done ? '1' : '0'}>
              {list.loading ? '加载中…' : done ? `共 ${list.total} 条收藏，已全部加载` : '上滑加载更多'}
            </View>
          ) : null}
        </ScrollView>
        {selecting ? (
          <View className='favorites__bar' data-testid='fav-select-bar'>
            <View className='favorites__bar-count'>已选 {selected.size} 项</View>
            <Button variant='danger' size='small' testId='fav-batch-delete' disabled={selected.size === 0} onClick={() => setConfirmIds([...selected])}>
              删除
            </Button>
          </View>
        ) : null}
      </View>
      <ConfirmDialog
        open={confirmIds !== null}
        title='删除收藏'
        danger
        confirmText='删除'
        testId='fav-delete-dialog'
        onConfirm={remove}
        onClose={() => setConfirmIds(null)}
      >
        {confirmIds && confirmIds.length > 1 ? `确定删除选中的 ${confirmIds.length} 条收藏？` : '确定删除这条收藏？'}
      </ConfirmDialog>
      <FavoriteDetailDialog favorite={detail} onClose={() => setDetail(null)} />
      <Dialog
        open={note !== null}
        title='新建笔记'
        onClose={() => setNote(null)}
        testId='fav-note-dialog'
        confirm={{ label: '保存', disabled: !note?.trim(), testId: 'fav-note-save', cancelTestId: 'fav-note-cancel', onConfirm: () => void saveNote() }}
      >
        <Textarea
          className='favorites__note-input'
          data-testid='fav-note-input'
          value={note ?? ''}
          maxlength={NOTE_MAX}
          placeholder='写点什么…'
          onInput={(e) => setNote(e.detail.value)}
        />
      </Dialog>
    </AppShell>
  )
}
