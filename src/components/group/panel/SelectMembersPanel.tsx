import { Image, View } from '@tarojs/components'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { GroupIdentity, GroupText, type GroupMember } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import SearchBox from '@/components/layout/SearchBox'
import { useDebouncedValue } from '@/components/conversation/useDebouncedValue'
import { GroupToast, type CandidateKind } from '@/services/groups'
import checkIcon from '../icons/check.svg'
import { roleLabel } from '@/domain/groups/permissions'
import { memberID, memberName } from './memberName'
import { PanelHeader } from './PanelParts'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

export type SelectMode = 'remove' | 'addAdmin' | 'mute' | 'transfer'

const SOURCE: Record<SelectMode, CandidateKind> = { remove: 'all', addAdmin: 'add', mute: 'muted', transfer: 'all' }
const TITLE: Record<SelectMode, string> = { remove: '移除成员', addAdmin: '添加管理员', mute: '禁言成员', transfer: '选择新群主' }
const ACTION: Record<SelectMode, string> = { remove: '移除', addAdmin: '完成', mute: '禁言', transfer: '转让' }

interface SelectMembersPanelProps {
  mode: SelectMode
  groupNumber: string
  selfID: string
  /** Only members of a lower identity can be removed. */
  viewerIdentity: number
  /** How many more may be picked (admins: 20 minus the current ones). */
  max?: number
  /** Resolves true when done; the panel then goes back. */
  onSubmit(selected: GroupMember[]): Promise<boolean>
  onBack(): void
}

/**
 * The select-group-member panel: candidates from the server 100 at a time (加载更多), a search
 * by ID or nickname, multiple choice, or a single choice for the transfer.
 */
export default function SelectMembersPanel({ mode, groupNumber, selfID, viewerIdentity, max, onSubmit, onBack }: SelectMembersPanelProps) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const { loadCandidates } = app.groups
  const { toast } = app
  const [rows, setRows] = useState<GroupMember[]>([])
  const [total, setTotal] = useState(0)
  const [pageNum, setPageNum] = useState(0)
  const [loading, setLoading] = useState(false)
  const [selected, setSelected] = useState<GroupMember[]>([])
  const [submitting, setSubmitting] = useState(false)
  const [query, setQuery] = useState('')
  const keyword = useDebouncedValue(query.trim(), 500)
  const single = mode === 'transfer'

  const load = useCallback(
    async (page: number) => {
      setLoading(true)
      try {
        const answer = await loadCandidates(SOURCE[mode], groupNumber, page, keyword)
        const usable = answer.rows.filter((m) => memberID(m) !== selfID && m.identity !== GroupIdentity.Owner && (mode !== 'remove' || m.identity < viewerIdentity))
        setRows((prev) => (page === 1 ? usable : [...prev, ...usable.filter((m) => !prev.some((p) => memberID(p) === memberID(m)))]))
        setTotal(answer.total)
        setPageNum(page)
      } catch (err) {
        console.warn('loading candidates failed', err)
        toast.error(GroupToast.memberListFailed)
      } finally {
        setLoading(false)
      }
    },
    [mode, groupNumber, keyword, selfID, viewerIdentity],
  )
  useEffect(() => {
    void load(1)
  }, [load])

  const ids = useMemo(() => new Set(selected.map(memberID)), [selected])
  const toggle = (m: GroupMember) => {
    const id = memberID(m)
    if (ids.has(id)) return setSelected(selected.filter((s) => memberID(s) !== id))
    if (single) return setSelected([m])
    if (max !== undefined && selected.length >= max) return void toast.waring(GroupText.AdminCap)
    setSelected([...selected, m])
  }
  const unchanged = selected.length === 0
  const submit = async () => {
    if (unchanged || submitting) return
    setSubmitting(true)
    const done = await onSubmit(selected)
    setSubmitting(false)
    if (done) onBack()
  }
  const title = TITLE[mode]

  return (
    <View className='gpanel-sub' data-testid={`group-select-${mode}`}>
      <PanelHeader title={title} onBack={onBack} />
      <SearchBox block='gmembers-search' className='gselect__search' value={query} onChange={setQuery} placeholder='搜索群成员' testId='group-select-search' />
      <View className='gselect__list'>
        {rows.map((m) => {
          const on = ids.has(memberID(m))
          return (
            <View {...pressable()} key={memberID(m)} className='gselect__item' data-testid='group-select-item' data-id={memberID(m)} data-selected={on ? 'true' : 'false'} onClick={() => toggle(m)}>
              <View className={`picker-check${on ? ' picker-check--on' : ''}`}>{on ? <Image nativeProps={{ alt: '' }} className='picker-check__tick' src={checkIcon} /> : null}</View>
              <Avatar src={m.avatar ? mediaUrl(m.avatar) : ''} size={32} />
              <View className='gselect__name'>{memberName(m)}</View>
              {roleLabel(m.identity) ? <View className='gmember__role'>{roleLabel(m.identity)}</View> : null}
            </View>
          )
        })}
        {loading ? (
          <View className='gmembers__status'>
            <View className='spinner' /> 加载中…
          </View>
        ) : rows.length === 0 ? (
          <View className='gmembers__status' data-testid='group-select-empty'>
            {query.trim() ? '暂无搜索结果' : '暂无可选成员'}
          </View>
        ) : total > pageNum * 100 ? (
          <View {...pressable()} className='gmembers__toggle' data-testid='group-select-more' onClick={() => void load(pageNum + 1)}>
            加载更多
          </View>
        ) : null}
      </View>
      <View className='gselect__foot'>
        <Button variant={mode === 'remove' ? 'danger' : 'primary'} block loading={submitting} disabled={unchanged} testId='group-select-submit' onClick={() => void submit()}>
          {/* One string: a count text node added later lands before the label in the H5 button. */}
          {`${ACTION[mode]}${!single && selected.length > 0 ? `(${selected.length})` : ''}`}
        </Button>
      </View>
    </View>
  )
}
