import { Image, View } from '@tarojs/components'
import { useCallback, useEffect, useState } from 'react'
import type { GroupMember } from '@shared/group'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { useApp, useAppStore } from '@/root/AppContext'
import ApplyDrawer from './ApplyDrawer'
import MemberProfilePopup from './MemberProfilePopup'
import GroupInfoPanel from './panel/GroupInfoPanel'
import { memberID } from './panel/memberName'
import { isManager, muteLeftText, speakState } from '@/domain/groups/permissions'
import applyIcon from './icons/apply.svg'
import moreIcon from './icons/more.svg'
import './group.scss'
import { pressable } from '@/platform/focus'

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
  const { loadGroupInfo, loadPendingApplications } = useApp().groups
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
        <View {...pressable()} className='chat-header__action' aria-label='入群申请' data-testid='group-apply-badge' onClick={onApply}>
          <Image nativeProps={{ alt: '' }} className='chat-header__action-icon' src={applyIcon} />
          <View className='chat-header__badge' data-testid='group-apply-count'>
            {pending > 99 ? '99+' : pending}
          </View>
        </View>
      ) : null}
      <View {...pressable()} className='chat-header__action' aria-label='群聊信息' data-testid='group-info-open' onClick={onInfo}>
        <Image nativeProps={{ alt: '' }} className='chat-header__action-icon' src={moreIcon} />
      </View>
    </>
  )
}

/**
 * What takes the input's place while the reader may not speak: 全员禁言中 under mute-all,
 * 您已被禁言 with the time left while muted; null when they may speak. The server refuses a send
 * with the same words if the state here is behind.
 */
export function useSpeakBlock(groupNumber: string): string | null {
  const info = useAppStore((s) => (groupNumber ? s.groupInfos[groupNumber] : undefined))
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  const muteUntil = info?.selfMember.muteUntil ?? 0
  const muteAll = info?.bannedSwitch === 1
  const identity = info?.selfMember.identity ?? 0
  const blocked = info ? speakState(identity, muteUntil, muteAll, now) : 'ok'
  // A mute ends on its own, and its time left counts down: the text follows each minute.
  useEffect(() => {
    if (blocked !== 'muted') return
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 15_000)
    const end = setTimeout(() => setNow(Math.floor(Date.now() / 1000)), Math.min(Math.max(0, muteUntil * 1000 - Date.now()) + 500, 2 ** 31 - 1))
    return () => {
      clearInterval(timer)
      clearTimeout(end)
    }
  }, [blocked, muteUntil])
  useEffect(() => setNow(Math.floor(Date.now() / 1000)), [muteUntil, muteAll])
  if (blocked === 'allMuted') return '全员禁言中'
  if (blocked === 'muted') return `您已被禁言，${muteLeftText(muteUntil, now)}后解除`
  return null
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
