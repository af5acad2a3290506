import { Image, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import Avatar from '@/components/layout/Avatar'
import GroupAvatar from '@/components/layout/GroupAvatar'
import SearchBox from '@/components/layout/SearchBox'
import { useDebouncedValue } from '@/components/conversation/useDebouncedValue'
import { groupByInitial } from '@/utils/pinyin'
import { usePinyinReady } from '@/components/common/usePinyinReady'
import { entryName, filterEntries, mergeEntries, type PickerEntry, type PickerSection } from './pickerEntries'
import { allSelected as everySelected, canSelectAll, toggleAllEntries, toggleEntry, withoutSystemEntries } from './pickerRules'
import checkIcon from './icons/check.svg'
import removeIcon from './icons/remove.svg'
// Its styles live with the group screens; 新建分组 can open it before any of those has loaded them.
import './group.scss'
import { pressable } from '@/platform/focus'

/** Spec 9: transfer search delay. */
const SEARCH_DELAY_MS = 500

interface TransferPickerProps {
  /** The people to choose from. */
  entries: readonly PickerEntry[]
  /** The list in titled sections instead of one list by initial letter (the entries are then these sections' entries). */
  sections?: readonly PickerSection[]
  selected: readonly PickerEntry[]
  onChange(selected: PickerEntry[]): void
  /** Looks people up beyond the list (by ID); their entries join the list. */
  searchRemote?: (text: string) => Promise<PickerEntry[]>
  /** Single-choice mode: a pick replaces the previous one and there is no select-all. */
  single?: boolean
  /** What the count counts (人 by default; 个聊天 where groups are among the choices). */
  unit?: string
  /** The list's label when no search is typed (选择好友 by default). */
  label?: string
  placeholder?: string
}

function Check({ on, disabled }: { on: boolean; disabled?: boolean }) {
  return (
    <View className={`picker-check${on ? ' picker-check--on' : ''}${disabled ? ' picker-check--disabled' : ''}`}>
      {on ? <Image nativeProps={{ alt: '' }} className='picker-check__tick' src={checkIcon} /> : null}
    </View>
  )
}

function Item({ entry, on, onToggle }: { entry: PickerEntry; on: boolean; onToggle(entry: PickerEntry): void }) {
  return (
    <View {...pressable()}
      className={`picker__item${entry.isDisabled ? ' picker__item--disabled' : ''}`}
      data-testid='picker-item'
      data-id={entry.id}
      data-kind={entry.isGroup ? 'group' : 'person'}
      data-selected={on ? 'true' : 'false'}
      aria-disabled={entry.isDisabled ? 'true' : undefined}
      onClick={() => onToggle(entry)}
    >
      <Check on={on} disabled={entry.isDisabled} />
      <EntryAvatar entry={entry} />
      <View className='picker__name'>{entryName(entry)}</View>
    </View>
  )
}

function EntryAvatar({ entry }: { entry: PickerEntry }) {
  return entry.isGroup ? <GroupAvatar src={entry.avatar} members={entry.memberAvatars} size={32} /> : <Avatar src={entry.avatar} size={32} />
}

function ByInitial({ entries, selectedIds, onToggle, ready }: { entries: readonly PickerEntry[]; selectedIds: ReadonlySet<string>; onToggle(e: PickerEntry): void; ready: boolean }) {
  const groups = useMemo(() => (ready ? groupByInitial([...entries], entryName) : []), [entries, ready])
  return (
    <>
      {groups.map((group) => (
        <View key={group.letter}>
          <View className='picker__letter'>{group.letter}</View>
          {group.items.map((entry) => (
            <Item key={entry.id} entry={entry} on={selectedIds.has(entry.id)} onToggle={onToggle} />
          ))}
        </View>
      ))}
    </>
  )
}

/**
 * The two-pane transfer picker (spec 2 "Group screens", 4 "Transfer picker"): a searchable list
 * grouped by initial on the left, the selection with a count and remove buttons on the right.
 */
export default function TransferPicker(props: TransferPickerProps) {
  const { entries, sections, selected, onChange, searchRemote, single, unit = '人', label = '选择好友', placeholder = '搜索昵称、备注或ID' } = props
  const [query, setQuery] = useState('')
  const settled = useDebouncedValue(query.trim(), SEARCH_DELAY_MS)
  const [found, setFound] = useState<{ text: string; entries: PickerEntry[] } | null>(null)
  const [searching, setSearching] = useState(false)

  useEffect(() => {
    if (!settled || !searchRemote) return
    let current = true
    setSearching(true)
    searchRemote(settled)
      .then((result) => {
        if (current) setFound({ text: settled, entries: withoutSystemEntries(result) })
      })
      .catch(() => {
        if (current) setFound({ text: settled, entries: [] })
      })
      .finally(() => {
        if (current) setSearching(false)
      })
    return () => {
      current = false
    }
  }, [settled, searchRemote])

  const selectedIds = useMemo(() => new Set(selected.map((e) => e.id)), [selected])
  const candidates = useMemo(() => withoutSystemEntries(entries), [entries])
  const visible = useMemo(() => {
    // People picked from an earlier search stay on the list, so they can be unticked where they were ticked.
    if (!settled) return mergeEntries(candidates, selected)
    const remote = found && found.text === settled ? found.entries : []
    return mergeEntries(filterEntries(candidates, settled), remote)
  }, [candidates, settled, found, selected])
  const pinyinReady = usePinyinReady()
  const allSelected = everySelected(visible, selected)
  const isSearch = query.trim() !== ''
  const pending = isSearch && (query.trim() !== settled || searching)

  const toggle = (entry: PickerEntry) => {
    if (!entry.isDisabled) onChange(toggleEntry(selected, entry, single))
  }
  const toggleAll = () => onChange(toggleAllEntries(visible, selected))

  return (
    <View className='picker' data-testid='picker'>
      <View className='picker__pane picker__pane--left'>
        <SearchBox block='picker-search' value={query} onChange={setQuery} placeholder={placeholder} testId='picker-search' />
        <View className='picker__label'>
          <View>{isSearch ? '搜索结果' : label}</View>
          {canSelectAll(visible, single) ? (
            <View {...pressable()} className='picker__all' data-testid='picker-select-all' onClick={toggleAll}>
              <Check on={allSelected} />
              <View>{allSelected ? '取消全选' : '全选'}</View>
            </View>
          ) : null}
        </View>
        <View className='picker__list'>
          {sections && !isSearch ? (
            sections
              .filter((section) => section.entries.length > 0)
              .map((section) => (
                <View key={section.key} data-testid={`picker-section-${section.key}`}>
                  <View className='picker__section'>{section.title}</View>
                  {section.byInitial ? (
                    <ByInitial entries={section.entries} selectedIds={selectedIds} onToggle={toggle} ready={pinyinReady} />
                  ) : (
                    section.entries.map((entry) => <Item key={entry.id} entry={entry} on={selectedIds.has(entry.id)} onToggle={toggle} />)
                  )}
                </View>
              ))
          ) : (
            <ByInitial entries={visible} selectedIds={selectedIds} onToggle={toggle} ready={pinyinReady} />
          )}
          {pending ? (
            <View className='picker__status'>
              <View className='spinner' /> 正在搜索…
            </View>
          ) : visible.length === 0 ? (
            <View className='picker__status' data-testid='picker-empty'>
              {isSearch ? '空空如也' : '暂无好友'}
            </View>
          ) : null}
        </View>
      </View>
      <View className='picker__pane picker__pane--right'>
        <View className='picker__label'>
          <View data-testid='picker-count'>已选择 {selected.length} {unit}</View>
        </View>
        <View className='picker__list'>
          {selected.map((entry) => (
            <View key={entry.id} className='picker__item picker__item--selected' data-testid='picker-selected' data-id={entry.id}>
              <EntryAvatar entry={entry} />
              <View className='picker__name'>{entryName(entry)}</View>
              <View {...pressable()} className='picker__remove' aria-label='移除' data-testid='picker-remove' onClick={() => toggle(entry)}>
                <Image nativeProps={{ alt: '' }} className='picker__remove-icon' src={removeIcon} />
              </View>
            </View>
          ))}
        </View>
      </View>
    </View>
  )
}
