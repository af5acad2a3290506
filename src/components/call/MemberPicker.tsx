import { Input, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import { CALL_LIMITS } from '@shared/call'
import { SEARCH_KEYWORD_MAX } from '@shared/plain/messageOps'
import Avatar from '@/components/layout/Avatar'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { hasMore, searchCandidates, showSelectAll, toggleAll, toggleCandidate, type Candidate, type ToggleResult } from '@/domain/call/pickerRules'
import { useCallText } from './useCallText'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

interface Props {
  groupNumber: string
  selfId: string
  /** Members already on the call: listed, not selectable. */
  disabledIds: string[]
  singleChoice?: boolean
  onCancel(): void
  onDone(userIDs: string[]): void
}

/** The invite member picker: search, select-all, 'View more' by pages of 30, Cancel and Done. */
export default function MemberPicker({ groupNumber, selfId, disabledIds, singleChoice = false, onCancel, onDone }: Props) {
  const app = useApp()
  const { getGroupMemberPage, rememberProfiles } = app.calls
  const { toast } = app
  const t = useCallText()
  const mobile = useNarrowScreen()
  const [members, setMembers] = useState<Candidate[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(0)
  const [loading, setLoading] = useState(false)
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<string[]>([])

  const load = async (next: number) => {
    setLoading(true)
    try {
      const answer = await getGroupMemberPage(groupNumber, next)
      rememberProfiles(answer.rows)
      const rows = answer.rows
        .filter((m) => m.wtId !== selfId)
        .map((m) => ({ userID: m.wtId, nick: m.groupNickname || m.nickname, avatar: m.avatar, isDisabled: disabledIds.includes(m.wtId) }))
      setMembers((prev) => [...prev, ...rows.filter((r) => !prev.some((p) => p.userID === r.userID))])
      // The total counts the user too, who is never a candidate.
      setTotal(Math.max(0, answer.total - 1))
      setPage(next)
      // An empty result cancels.
      if (next === 1 && rows.length === 0) onCancel()
    } catch {
      if (next === 1) onCancel()
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    void load(1)
    // The first page loads once per opening.
  }, [groupNumber])

  const shown = useMemo(() => searchCandidates(members, search), [members, search])
  const apply = (r: ToggleResult) => {
    if (r.ok) setSelected(r.selected)
    else if (r.reason === 'max') toast.error(t('picker max'))
  }
  const done = () => {
    // An empty selection is ignored.
    if (selected.length === 0) return
    onDone(selected.slice(0, CALL_LIMITS.invitePickerMax))
  }
  const allPicked = shown.some((c) => !c.isDisabled) && shown.filter((c) => !c.isDisabled).every((c) => selected.includes(c.userID))

  return (
    <View className='call-picker-mask' style={{ zIndex: CALL_LIMITS.overlayZIndex + 1 }} onClick={onCancel}>
      <View className={`call-picker${mobile ? ' call-picker--mobile' : ''}`} data-testid='call-picker' onClick={(e) => e.stopPropagation()}>
        {mobile ? (
          <View {...pressable()} className='call-picker__head' data-testid='call-picker-head' onClick={onCancel}>
            ‹ {t('Select members')}
          </View>
        ) : (
          <View className='call-picker__title'>{t('Select members')}</View>
        )}
        <Input className='call-picker__search' data-testid='call-picker-search' placeholder={t('Search members')} maxlength={SEARCH_KEYWORD_MAX} value={search} onInput={(e) => setSearch(e.detail.value)} />
        {showSelectAll(shown, singleChoice) ? (
          <View {...pressable()} className='call-picker__row call-picker__row--all' data-testid='call-picker-all' onClick={() => apply(toggleAll(selected, shown))}>
            <View className={`call-picker__check${allPicked ? ' call-picker__check--on' : ''}`} />
            {t('Select all')}
          </View>
        ) : null}
        <View className='call-picker__list'>
          {shown.map((c) => {
            const on = selected.includes(c.userID)
            return (
              <View {...pressable()}
                key={c.userID}
                className={`call-picker__row${c.isDisabled ? ' call-picker__row--disabled' : ''}`}
                data-testid='call-picker-item'
                data-id={c.userID}
                data-selected={String(on)}
                aria-disabled={c.isDisabled}
                onClick={() => apply(toggleCandidate(selected, c, singleChoice))}
              >
                <View className={`call-picker__check${on || c.isDisabled ? ' call-picker__check--on' : ''}`} />
                <Avatar src={c.avatar} size={32} />
                <View className='call-picker__name'>{c.nick || c.userID}</View>
              </View>
            )
          })}
          {!search && hasMore(members.length, total) ? (
            <View {...pressable()} className='call-picker__more' data-testid='call-picker-more' onClick={() => !loading && void load(page + 1)}>
              {t('View more')}
            </View>
          ) : null}
        </View>
        <View className='call-picker__foot'>
          <View {...pressable()} className='call-picker__btn' data-testid='call-picker-cancel' onClick={onCancel}>
            {t('Cancel')}
          </View>
          <View {...pressable()} className={`call-picker__btn call-picker__btn--primary${selected.length === 0 ? ' call-picker__btn--off' : ''}`} data-testid='call-picker-done' onClick={done}>
            {t('Done')}
            {selected.length > 0 ? ` (${selected.length})` : ''}
          </View>
        </View>
      </View>
    </View>
  )
}
