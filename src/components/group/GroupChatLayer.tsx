import { Image, View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import type { GroupMember } from '@shared/group'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { loadGroupInfo, loadPendingApplications } from '@/services/groups'
import { useAppStore } from '@/stores'
import ApplyDrawer from './ApplyDrawer'
import MemberProfilePopup from './MemberProfilePopup'
import GroupInfoPanel from './panel/GroupInfoPanel'
import { memberID } from './panel/memberName'
import { isManager, speakState } from '@/domain/groups/permissions'
import applyIcon from './icons/apply.svg'
import moreIcon from './icons/more.svg'
import './group.scss'

/** What is open over a group chat. */
export interface GroupChatUi {
  panel: boolean
  drawer: boolean
  member: string | null
}

const CLOSED: GroupChatUi = { panel: false, drawer: false, member: null }

export function useGroupChatUi() {
  const [ui, setUi] = useState<GroupChatUi>(CLOSED)
  const openPanel = useCallback(() => setUi((u) => ({ ...u, panel: true })), [])
  const openDrawer = useCallback(() => setUi((u) => ({ ...u, drawer: true })), [])
  const openMember = useCallback((wtId: string) => setUi((u) => ({ ...u, member: wtId })), [])
  const close = useCallback((part: keyof GroupChatUi) => setUi((u) => ({ ...u, [part]: part === 'member' ? null : false })), [])
  return { ui, openPanel, openDrawer, openMember, close }
}

const NO_APPS: never[] = []

/**
 * The group chat header's buttons: the join-application badge for admins (opens the drawer) and
 * the group info button. The group's info is fetched here, so the role is known at once.
 */
export function GroupHeaderActions({ groupNumber, isMember, onInfo, onApply }: { groupNumber: string; isMember: boolean; onInfo(): void; onApply(): void }) {
  const identity = useAppStore((s) => s.groupInfos[groupNumber]?.selfMember.identity ?? 0)
  const pending = useAppStore((s) => s.pendingApplications[groupNumber] ?? NO_APPS).length
  const manager = isManager(identity)
  useEffect(() => {
    if (isMember && groupNumber) void loadGroupInfo(groupNumber)
  }, [groupNumber, isMember])
  useEffect(() => {
    if (manager && isMember) void loadPendingApplications(groupNumber)
  }, [manager, isMember, groupNumber])
  if (!isMember || !groupNumber) return null
  return (
    <>
      {manager && pending > 0 ? (
        <View className='chat-header__action' aria-label='入群申请' data-testid='group-apply-badge' onClick={onApply}>
          <Image className='chat-header__action-icon' src={applyIcon} />
          <View className='chat-header__badge' data-testid='group-apply-count'>
            {pending > 99 ? '99+' : pending}
          </View>
        </View>
      ) : null}
      <View className='chat-header__action' aria-label='群聊信息' data-testid='group-info-open' onClick={onInfo}>
        <Image className='chat-header__action-icon' src={moreIcon} />
      </View>
    </>
  )
}

/**
 * Above the input while the reader may not speak: 全员禁言中 under mute-all, 您已被禁言 while
 * muted. The input stays usable; the server refuses the send with the same words.
 */
export function GroupSpeakHint({ groupNumber }: { groupNumber: string }) {
  const info = useAppStore((s) => s.groupInfos[groupNumber])
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  const muteUntil = info?.selfMember.muteUntil ?? 0
  // A mute ends on its own: the hint goes when it does.
  useEffect(() => {
    const left = muteUntil - Math.floor(Date.now() / 1000)
    if (left <= 0) return
    const timer = setTimeout(() => setNow(Math.floor(Date.now() / 1000)), Math.min(left * 1000 + 500, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [muteUntil])
  if (!info) return null
  const state = speakState(info.selfMember.identity, muteUntil, info.bannedSwitch === 1, Math.max(now, Math.floor(Date.now() / 1000)))
  if (state === 'ok') return null
  return (
    <View className='chat-speak-hint' data-testid='group-speak-hint'>
      {state === 'allMuted' ? '全员禁言中' : '您已被禁言'}
    </View>
  )
}

interface GroupChatLayerProps {
  conversationID: string
  groupNumber: string
  ui: GroupChatUi
  openMember(wtId: string): void
  close(part: keyof GroupChatUi): void
}

/** The group info panel, the application drawer and the member card over a group chat. */
export function GroupChatLayer({ conversationID, groupNumber, ui, openMember, close }: GroupChatLayerProps) {
  const narrow = useNarrowScreen()
  if (!groupNumber) return null
  return (
    <>
      {ui.panel ? (
        <View className={`gpanel-mask${narrow ? ' gpanel-mask--narrow' : ''}`} onClick={() => close('panel')}>
          <GroupInfoPanel conversationID={conversationID} groupNumber={groupNumber} onClose={() => close('panel')} onMember={(m: GroupMember) => openMember(memberID(m))} />
        </View>
      ) : null}
      <ApplyDrawer groupNumber={groupNumber} open={ui.drawer} onClose={() => close('drawer')} />
      <MemberProfilePopup groupNumber={groupNumber} wtId={ui.member} onClose={() => close('member')} />
    </>
  )
}
