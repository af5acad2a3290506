import { Image, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import { ROBOT_LABEL, type Robot } from '@shared/bots'
import type { GroupMember } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import SearchBox from '@/components/layout/SearchBox'
import { useDebouncedValue } from '@/components/conversation/useDebouncedValue'
import type { MemberListState } from '@/stores'
import { roleLabel } from '@/domain/groups/permissions'
import slotAdd from '../icons/slot-add.svg'
import slotRemove from '../icons/slot-remove.svg'
import { matchMembers, memberID, memberName } from './memberName'
import { useApp } from '@/root/AppContext'
import { pressable } from '@/platform/focus'

/** Spec 2: the preview shows 8 members, then the invite and remove slots. */
export const MEMBER_PREVIEW_COUNT = 8
/** Spec 9: search debounce. */
const SEARCH_DELAY_MS = 500

interface MemberGridProps {
  groupNumber: string
  list: MemberListState | undefined
  canInvite: boolean
  canRemove: boolean
  onInvite(): void
  onRemove(): void
  onMember(member: GroupMember): void
  /** The group's robots: shown after the members with their label, never counted among them. */
  robots?: Robot[]
  onRobot?(): void
}

function Tile({ member, onClick }: { member: GroupMember; onClick(): void }) {
  const { mediaUrl } = useApp().chat
  const label = roleLabel(member.identity)
  return (
    <View {...pressable()} className='gmember' data-testid='group-member' data-id={memberID(member)} data-identity={String(member.identity)} onClick={onClick}>
      <Avatar src={member.avatar ? mediaUrl(member.avatar) : ''} size={44} />
      <View className='gmember__name'>{memberName(member)}</View>
      {label ? (
        <View className={`gmember__role${member.identity === 3 ? ' gmember__role--owner' : ''}`} data-testid='group-member-role'>
          {label}
        </View>
      ) : null}
    </View>
  )
}

/**
 * Member search and the member grid of the group panel: a preview of 8 members with the invite
 * and remove slots, expandable to every member held (more load 100 at a time).
 */
export default function MemberGrid({ groupNumber, list, canInvite, canRemove, onInvite, onRemove, onMember, robots = [], onRobot }: MemberGridProps) {
  const { loadMoreMembers, searchMembers } = useApp().groups
  const { mediaUrl } = useApp().chat
  const [query, setQuery] = useState('')
  const [expanded, setExpanded] = useState(false)
  const [remote, setRemote] = useState<{ text: string; rows: GroupMember[] } | null>(null)
  const settled = useDebouncedValue(query.trim(), SEARCH_DELAY_MS)
  const members = list?.members ?? []
  const local = useMemo(() => matchMembers(members, query), [members, query])
  const searching = query.trim() !== ''

  // Members not held (a large group) are looked up on the server once typing settles.
  useEffect(() => {
    if (!settled || local.length > 0) return
    let current = true
    void searchMembers(groupNumber, settled).then((rows) => {
      if (!current) return
      if (rows) setRemote({ text: settled, rows })
      else {
        setRemote(null)
        setQuery('')
      }
    })
    return () => {
      current = false
    }
  }, [settled, groupNumber])

  const found = searching ? (local.length > 0 ? local : remote?.text === query.trim() ? remote.rows : []) : members
  const shown = searching || expanded ? found : found.slice(0, MEMBER_PREVIEW_COUNT)
  const total = list?.total ?? members.length
  const canExpand = !searching && (members.length > MEMBER_PREVIEW_COUNT || total > members.length)

  return (
    <View className='gmembers'>
      <SearchBox block='gmembers-search' value={query} onChange={setQuery} placeholder='搜索群成员' testId='group-member-search' searchKey />
      {list?.loading && members.length === 0 ? (
        <View className='gmembers__status'>
          <View className='spinner' /> 正在加载群成员…
        </View>
      ) : null}
      <View className='gmembers__grid' data-testid='group-member-grid'>
        {shown.map((m) => (
          <Tile key={memberID(m)} member={m} onClick={() => onMember(m)} />
        ))}
        {!searching
          ? robots.map((r) => (
              <View {...pressable()} key={r.robotId} className='gmember' data-testid='group-robot' data-id={r.robotId} onClick={onRobot}>
                <Avatar src={r.avatar ? mediaUrl(r.avatar) : ''} size={44} />
                <View className='gmember__name'>{r.name}</View>
                <View className='gmember__role gmember__role--robot' data-testid='group-robot-label'>
                  {ROBOT_LABEL}
                </View>
              </View>
            ))
          : null}
        {!searching && canInvite ? (
          <View {...pressable()} className='gmember gmember--slot' data-testid='group-invite-slot' onClick={onInvite}>
            <View className='gmember__slot'>
              <Image nativeProps={{ alt: '' }} className='gmember__slot-icon' src={slotAdd} />
            </View>
            <View className='gmember__name'>邀请</View>
          </View>
        ) : null}
        {!searching && canRemove ? (
          <View {...pressable()} className='gmember gmember--slot' data-testid='group-remove-slot' onClick={onRemove}>
            <View className='gmember__slot'>
              <Image nativeProps={{ alt: '' }} className='gmember__slot-icon' src={slotRemove} />
            </View>
            <View className='gmember__name'>移除</View>
          </View>
        ) : null}
      </View>
      {searching && found.length === 0 ? (
        <View className='gmembers__status' data-testid='group-member-empty'>
          暂无搜索结果
        </View>
      ) : null}
      {expanded && !searching && total > members.length ? (
        <View {...pressable()} className='gmembers__toggle' data-testid='group-member-more' onClick={() => void loadMoreMembers(groupNumber)}>
          {list?.loading ? '加载中…' : '加载更多'}
        </View>
      ) : null}
      {canExpand ? (
        <View {...pressable()} className='gmembers__toggle' data-testid='group-member-expand' onClick={() => setExpanded(!expanded)}>
          {expanded ? '收起' : `查看全部成员 (${total})`}
        </View>
      ) : null}
    </View>
  )
}
