import { View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Paged } from '@shared/envelope'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import { useApp } from '@/root/AppContext'
import { PanelHeader } from './PanelParts'
import { pressable } from '@/platform/focus'

export interface ManagedRow {
  id: string
  name: string
  avatar: string
  detail?: string
}

interface ManagedListPanelProps<T> {
  title: string
  testId: string
  load(pageNum: number): Promise<Paged<T>>
  toRow(item: T): ManagedRow
  actionLabel: string
  onAction(id: string): Promise<boolean>
  addLabel?: string
  onAdd?: () => void
  emptyText: string
  onBack(): void
  /** Shown beside the title, e.g. the admin count out of 20. */
  titleOf?: (total: number) => string
}

/** A list of people the group holds in some state (admins, muted, blacklisted), each with one action. */
export default function ManagedListPanel<T>(props: ManagedListPanelProps<T>) {
  const { title, testId, load, toRow, actionLabel, onAction, addLabel, onAdd, emptyText, onBack, titleOf } = props
  const { mediaUrl } = useApp().chat
  const [rows, setRows] = useState<ManagedRow[]>([])
  const [total, setTotal] = useState(0)
  const [pageNum, setPageNum] = useState(0)
  const [loading, setLoading] = useState(true)
  const [busy, setBusy] = useState<string | null>(null)

  // The caller passes fresh functions on every render; the list is fetched once per opening.
  const source = useRef({ load, toRow })
  source.current = { load, toRow }
  const fetchPage = useCallback(
    async (page: number) => {
      setLoading(true)
      try {
        const answer = await source.current.load(page)
        const next = answer.rows.map(source.current.toRow)
        setRows((prev) => (page === 1 ? next : [...prev, ...next]))
        setTotal(answer.total)
        setPageNum(page)
      } catch (err) {
        console.warn('loading the list failed', err)
      } finally {
        setLoading(false)
      }
    },
    [],
  )
  useEffect(() => {
    void fetchPage(1)
  }, [fetchPage])

  const act = async (id: string) => {
    if (busy) return
    setBusy(id)
    const done = await onAction(id)
    setBusy(null)
    if (done) {
      setRows((prev) => prev.filter((r) => r.id !== id))
      setTotal((n) => Math.max(0, n - 1))
    }
  }

  return (
    <View className='gpanel-sub' data-testid={testId}>
      <PanelHeader title={titleOf ? titleOf(total) : title} onBack={onBack} />
      {onAdd ? (
        <View {...pressable()} className='gmanaged__add' data-testid={`${testId}-add`} onClick={onAdd}>
          + {addLabel}
        </View>
      ) : null}
      <View className='gselect__list'>
        {rows.map((r) => (
          <View key={r.id} className='gselect__item' data-testid={`${testId}-row`} data-id={r.id}>
            <Avatar src={r.avatar ? mediaUrl(r.avatar) : ''} size={32} />
            <View className='gselect__name'>
              {r.name}
              {r.detail ? <View className='gselect__detail'>{r.detail}</View> : null}
            </View>
            <Button size='small' loading={busy === r.id} testId={`${testId}-action`} onClick={() => void act(r.id)}>
              {actionLabel}
            </Button>
          </View>
        ))}
        {loading ? (
          <View className='gmembers__status'>
            <View className='spinner' /> 加载中…
          </View>
        ) : rows.length === 0 ? (
          <View className='gmembers__status'>{emptyText}</View>
        ) : rows.length < total ? (
          <View {...pressable()} className='gmembers__toggle' onClick={() => void fetchPage(pageNum + 1)}>
            加载更多
          </View>
        ) : null}
      </View>
    </View>
  )
}
