import { Input, ScrollView, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { FavoriteText, PHRASE_MAX_CHARS, phraseDeleteTitle, type Phrase } from '@shared/favorites'
import Button from '@/components/layout/Button'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import { scroller } from '@/platform/scroller'
import { useApp, useAppStore } from '@/root/AppContext'

interface Props {
  onPick(word: string): void
}

const PHRASE_SCROLL_ID = 'phrase-scroll'
const phraseRowId = (id: number) => `phrase-${id}`

/** One row being edited: its id ('new' for the inline add) and the text so far. */
type Editing = { id: number | 'new'; word: string } | null

/**
 * Quick phrases (spec 4 "Quick phrases"): list mode puts a phrase in the editor; edit mode adds
 * inline, edits one row at a time (Enter or 确认 saves, 取消 restores), deletes after '确认删除？'
 * and reorders with the arrows (saved by /userDailyWord/sort).
 */
export default function PhrasePanel({ onPick }: Props) {
  const app = useApp()
  const { favorites, toast } = app
  const phrases = useAppStore((s) => s.phrases)
  const [editMode, setEditMode] = useState(false)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Phrase | null>(null)
  // A phrase just added lands at the end of the list, likely below what the panel shows.
  const [added, setAdded] = useState<number | null>(null)

  useEffect(() => {
    if (phrases === null) void favorites.loadPhrases().catch(() => undefined)
  }, [])

  useEffect(() => {
    if (added === null || !phrases?.some((p) => p.id === added)) return
    void scroller.revealChild(PHRASE_SCROLL_ID, phraseRowId(added))
    setAdded(null)
  }, [added, phrases])

  const save = async () => {
    if (!editing) return
    const word = editing.word.trim()
    if (!word) {
      toast.info('请输入常用语')
      return
    }
    try {
      if (editing.id === 'new') setAdded((await favorites.addPhrase(word)).id)
      else await favorites.updatePhrase(editing.id, word)
      setEditing(null)
    } catch {
      // The api client showed the server's message; the row stays open to fix it.
    }
  }
  const move = (from: number, to: number) => void favorites.movePhraseTo(from, to).catch(() => undefined)

  const editor = (testId: string) => (
    <View className='phrase-row phrase-row--editing' data-testid={testId}>
      <Input
        className='phrase-row__input'
        data-testid='phrase-input'
        value={editing?.word ?? ''}
        maxlength={PHRASE_MAX_CHARS}
        focus
        confirmType='done'
        onInput={(e) => setEditing((cur) => (cur ? { ...cur, word: e.detail.value } : cur))}
        onConfirm={() => void save()}
      />
      <View className='phrase-row__count'>
        {editing?.word.length ?? 0}/{PHRASE_MAX_CHARS}
      </View>
      <View className='phrase-row__btn link' data-testid='phrase-confirm' onClick={() => void save()}>
        确认
      </View>
      <View className='phrase-row__btn' data-testid='phrase-cancel' onClick={() => setEditing(null)}>
        取消
      </View>
    </View>
  )

  const list = phrases ?? []
  return (
    <View className='chat-panel phrase-panel' data-testid='phrase-panel'>
      <View className='chat-panel__head'>
        <View className='chat-panel__title'>常用语</View>
        <View
          className='link'
          data-testid='phrase-mode'
          onClick={() => {
            setEditing(null)
            setEditMode((v) => !v)
          }}
        >
          {editMode ? '完成' : '编辑'}
        </View>
      </View>
      <ScrollView className='chat-panel__body' scrollY id={PHRASE_SCROLL_ID}>
        {phrases === null ? <View className='chat-panel__hint'>加载中…</View> : null}
        {phrases !== null && list.length === 0 && !editing ? <View className='chat-panel__hint'>还没有常用语，点「编辑」添加</View> : null}
        {list.map((p, i) =>
          editing && editing.id === p.id ? (
            <View key={p.id}>{editor('phrase-edit-row')}</View>
          ) : (
            <View
              key={p.id}
              id={phraseRowId(p.id)}
              className={`phrase-row${editMode ? '' : ' phrase-row--pick'}`}
              data-testid='phrase-row'
              data-id={p.id}
              onClick={() => {
                if (!editMode) onPick(p.word)
              }}
            >
              <View className='phrase-row__word'>{p.word}</View>
              {editMode ? (
                <View className='phrase-row__tools'>
                  <View className={`phrase-row__btn${i === 0 ? ' phrase-row__btn--off' : ''}`} data-testid='phrase-up' aria-label='上移' onClick={() => i > 0 && move(i, i - 1)}>
                    ↑
                  </View>
                  <View
                    className={`phrase-row__btn${i === list.length - 1 ? ' phrase-row__btn--off' : ''}`}
                    data-testid='phrase-down'
                    aria-label='下移'
                    onClick={() => i < list.length - 1 && move(i, i + 1)}
                  >
                    ↓
                  </View>
                  <View className='phrase-row__btn link' data-testid='phrase-edit' onClick={() => setEditing({ id: p.id, word: p.word })}>
                    编辑
                  </View>
                  <View className='phrase-row__btn phrase-row__btn--danger' data-testid='phrase-delete' onClick={() => setDeleting(p)}>
                    删除
                  </View>
                </View>
              ) : null}
            </View>
          ),
        )}
      </ScrollView>
      {/* The new phrase is typed below the list, never scrolled out under the panel's edge. */}
      {editing?.id === 'new' ? <View className='chat-panel__foot chat-panel__foot--editor'>{editor('phrase-add-row')}</View> : null}
      {editMode && editing?.id !== 'new' ? (
        <View className='chat-panel__foot'>
          <Button size='small' testId='phrase-add' onClick={() => setEditing({ id: 'new', word: '' })}>
            + 添加常用语
          </Button>
        </View>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? phraseDeleteTitle(deleting.word) : ''}
        danger
        confirmText='删除'
        testId='phrase-delete-dialog'
        onConfirm={async () => {
          if (deleting) await favorites.deletePhrase(deleting.id).catch(() => undefined)
          setDeleting(null)
        }}
        onClose={() => setDeleting(null)}
      >
        {FavoriteText.PhraseDeleteConfirm}
      </ConfirmDialog>
    </View>
  )
}
