import { View } from '@tarojs/components'
import { useEffect, useMemo, useRef, useState } from 'react'
import { GROUP_ADMIN_MAX, GroupIdentity, GroupText, type GroupMember } from '@shared/group'
import ConfirmDialog from '@/components/layout/ConfirmDialog'
import { useApp, useAppStore } from '@/root/AppContext'
import { panelAbilities } from '@/domain/groups/permissions'
import AvatarPanel from './AvatarPanel'
import InviteDialog from './InviteDialog'
import JoinLevelPanel from './JoinLevelPanel'
import MainView from './MainView'
import ManagedListPanel, { type ManagedRow } from './ManagedListPanel'
import ManageView from './ManageView'
import { memberID, memberName, removeQuestion } from './memberName'
import MuteDurationDialog from './MuteDurationDialog'
import { PanelHeader } from './PanelParts'
import QrCodePanel from './QrCodePanel'
import ReportView from './ReportView'
import SelectMembersPanel from './SelectMembersPanel'
import type { SubPanel } from './subPanels'
import TextEditPanel from './TextEditPanel'
import RobotsPanel from '../robots/RobotsPanel'
import type { RobotList } from '@shared/bots'
import { textSpec } from './textSpecs'
import { useEscape } from '@/components/layout/useEscape'
import { focusFirst, rememberFocus } from '@/platform/focus'

type View3 = 'main' | 'report' | 'manage'
type Confirm = { kind: 'leave' } | { kind: 'clear' } | { kind: 'transfer'; member: GroupMember } | { kind: 'remove'; members: GroupMember[] } | null

interface GroupInfoPanelProps {
  conversationID: string
  groupNumber: string
  onClose(): void
  onMember(member: GroupMember): void
}

const TITLE: Record<View3, string> = { main: '群聊信息', report: '举报', manage: '群管理' }
const GROUP_ADMIN_PAGE = 100

const rowOf = (m: { wtId: string; nickname: string; avatar: string; groupNickname?: string }): ManagedRow => ({ id: m.wtId, name: m.groupNickname || m.nickname || m.wtId, avatar: m.avatar })

/**
 * The group info side panel (320 px on desktop, full screen on phones) with its views main,
 * report and manage, and the sub-panels that slide over them.
 */
export default function GroupInfoPanel({ conversationID, groupNumber, onClose, onMember }: GroupInfoPanelProps) {
  const app = useApp()
  const groups = app.groups
  const {
    clearGroupHistory,
    dissolveGroup,
    api: groupApi,
    loadBlacklist,
    loadGroupInfo,
    loadMembers,
    loadMutedMembers,
    muteMembers,
    quitGroup,
    removeMembers,
    setAdmins,
    transferOwner,
    unblacklistMembers,
  } = groups
  const info = useAppStore((s) => s.groupInfos[groupNumber])
  const members = useAppStore((s) => s.groupMembers[groupNumber])
  const conversation = useAppStore((s) => s.conversations[conversationID])
  const selfID = useAppStore((s) => s.user?.wtId ?? '')
  const [view, setView] = useState<View3>('main')
  const [sub, setSub] = useState<SubPanel | null>(null)
  // Escape closes an open sub-panel first, then steps back to the main view, then closes the panel.
  useEscape(true, () => (sub ? setSub(null) : view === 'main' ? onClose() : setView('main')))
  // Closed, the panel gives focus back to what opened it (the chat header's button).
  useEffect(() => rememberFocus(), [])
  // A sub-panel covers the view beneath, which leaves the tab order (inert); focus goes into the
  // sub-panel and, when it closes, back to the row that opened it. The row is remembered as the
  // sub-panel opens: once the view beneath is inert, the browser has taken focus off it.
  const layerId = `gpanel-layer-${groupNumber}`
  const restoreSubFocus = useRef<(() => void) | null>(null)
  const openSub = (next: SubPanel | null) => {
    if (next && !sub) restoreSubFocus.current = rememberFocus()
    setSub(next)
  }
  useEffect(() => {
    if (!sub) return
    focusFirst(layerId)
    return () => {
      restoreSubFocus.current?.()
      restoreSubFocus.current = null
    }
  }, [sub !== null])
  const [confirm, setConfirm] = useState<Confirm>(null)
  const [busy, setBusy] = useState(false)
  const [inviting, setInviting] = useState(false)
  const [muting, setMuting] = useState<GroupMember[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [robotList, setRobotList] = useState<RobotList | null>(null)
  const loadRobots = () => void app.robots.list(groupNumber).then(setRobotList)

  useEffect(() => {
    let current = true
    setFailed(false)
    void loadGroupInfo(groupNumber).then((loaded) => current && !loaded && setFailed(true))
    void loadMembers(groupNumber)
    loadRobots()
    return () => {
      current = false
    }
  }, [groupNumber])

  const identity = info?.selfMember.identity ?? GroupIdentity.Member
  const can = useMemo(() => panelAbilities(identity, info?.inviteSwitch ?? 2), [identity, info?.inviteSwitch])
  // Someone who lost the role while the manage view was open is taken back to the main view.
  useEffect(() => {
    if (view === 'manage' && !can.openManage) setView('main')
  }, [view, can.openManage])

  const back = () => setSub(null)
  const runConfirm = async () => {
    if (!confirm || busy) return
    setBusy(true)
    let done = false
    if (confirm.kind === 'leave') done = await (can.dissolve ? dissolveGroup(groupNumber) : quitGroup(groupNumber))
    else if (confirm.kind === 'clear') done = await clearGroupHistory(conversationID)
    else if (confirm.kind === 'remove') done = await removeMembers(groupNumber, confirm.members.map(memberID))
    else done = await transferOwner(groupNumber, memberID(confirm.member))
    setBusy(false)
    setConfirm(null)
    if (done && confirm.kind === 'leave') onClose()
    if (done && confirm.kind === 'remove') setSub(null)
    if (done && confirm.kind === 'transfer') {
      setSub(null)
      setView('main')
    }
  }

  const renderSub = () => {
    if (!sub || !info) return null
    switch (sub.kind) {
      case 'text':
        return <TextEditPanel spec={textSpec(sub.field, info, groups)} onBack={back} />
      case 'avatar':
        return <AvatarPanel info={info} editable={can.editProfile} onBack={back} />
      case 'qr':
        return <QrCodePanel info={info} onBack={back} />
      case 'joinLevel':
        return <JoinLevelPanel groupNumber={groupNumber} level={info.limitLevel} onBack={back} />
      case 'select':
        return (
          <SelectMembersPanel
            mode={sub.mode}
            groupNumber={groupNumber}
            selfID={selfID}
            viewerIdentity={identity}
            max={sub.mode === 'addAdmin' ? GROUP_ADMIN_MAX - info.adminCount : undefined}
            onBack={() => setSub(sub.mode === 'addAdmin' ? { kind: 'admins' } : sub.mode === 'mute' ? { kind: 'muted' } : null)}
            onSubmit={async (picked) => {
              const ids = picked.map(memberID)
              if (sub.mode === 'remove') {
                setConfirm({ kind: 'remove', members: picked })
                return false
              }
              if (sub.mode === 'addAdmin') return setAdmins(groupNumber, ids, GroupIdentity.Admin)
              if (sub.mode === 'mute') {
                setMuting(picked)
                return false
              }
              setConfirm({ kind: 'transfer', member: picked[0]! })
              return false
            }}
          />
        )
      case 'admins':
        return (
          <ManagedListPanel<GroupMember>
            title='群管理员'
            titleOf={(n) => `群管理员 (${n}/${GROUP_ADMIN_MAX})`}
            testId='group-admins'
            load={(pageNum) => groupApi.removeCandidates({ groupNumber, pageNum, pageSize: GROUP_ADMIN_PAGE })}
            toRow={rowOf}
            actionLabel='取消管理员'
            onAction={(id) => setAdmins(groupNumber, [id], GroupIdentity.Member)}
            addLabel='添加管理员'
            onAdd={info.adminCount < GROUP_ADMIN_MAX ? () => setSub({ kind: 'select', mode: 'addAdmin' }) : undefined}
            emptyText='暂无管理员'
            onBack={back}
          />
        )
      case 'muted':
        return (
          <ManagedListPanel<GroupMember>
            title='禁言成员'
            testId='group-muted'
            load={(pageNum) => loadMutedMembers(groupNumber, pageNum)}
            toRow={rowOf}
            actionLabel='解除禁言'
            onAction={(id) => muteMembers(groupNumber, [id], 0)}
            addLabel='添加禁言成员'
            onAdd={() => setSub({ kind: 'select', mode: 'mute' })}
            emptyText='暂无禁言成员'
            onBack={back}
          />
        )
      case 'robots':
        return <RobotsPanel groupNumber={groupNumber} list={robotList} onChanged={loadRobots} onBack={back} />
      case 'blacklist':
        return (
          <ManagedListPanel
            title='群成员黑名单'
            testId='group-blacklist'
            load={(pageNum) => loadBlacklist(groupNumber, pageNum)}
            toRow={rowOf}
            actionLabel='移出黑名单'
            onAction={(id) => unblacklistMembers(groupNumber, [id])}
            emptyText='黑名单为空'
            onBack={back}
          />
        )
    }
  }

  const leaveText = can.dissolve ? '解散后，所有成员将被移出群聊，且不可恢复。确定解散该群聊吗？' : '退出后将不再接收该群聊的消息，确定删除并退出吗？'

  return (
    <View className='gpanel' data-testid='group-panel' data-view={view} onClick={(e) => e.stopPropagation()}>
      <View className='gpanel-under' {...(sub ? { inert: '' } : {})}>
        <PanelHeader title={TITLE[view]} onBack={view === 'main' ? undefined : () => setView('main')} onClose={onClose} />
        {!info ? (
          <View className='gmembers__status'>{failed ? '群聊信息加载失败' : <><View className='spinner' /> 加载中…</>}</View>
        ) : view === 'main' ? (
          <MainView
            info={info}
            conversation={conversation}
            members={members}
            robots={robotList}
            can={can}
            open={openSub}
            onManage={() => setView('manage')}
            onReport={() => setView('report')}
            onInvite={() => setInviting(true)}
            onMember={onMember}
            onClear={() => setConfirm({ kind: 'clear' })}
            onLeave={() => setConfirm({ kind: 'leave' })}
          />
        ) : view === 'manage' ? (
          <ManageView info={info} can={can} open={openSub} />
        ) : (
          <ReportView groupNumber={groupNumber} groupName={info.groupName} onDone={() => setView('main')} />
        )}
      </View>
      {sub ? (
        <View className='gpanel-layer' id={layerId}>
          {renderSub()}
        </View>
      ) : null}
      {info ? <InviteDialog open={inviting} groupNumber={groupNumber} members={members?.members ?? []} onClose={() => setInviting(false)} /> : null}
      <MuteDurationDialog
        open={muting !== null}
        onClose={() => setMuting(null)}
        onPick={(seconds) => {
          const picked = muting ?? []
          setMuting(null)
          void muteMembers(groupNumber, picked.map(memberID), seconds).then((done) => done && setSub({ kind: 'muted' }))
        }}
      />
      <ConfirmDialog
        open={confirm?.kind === 'leave'}
        title={can.dissolve ? '解散群聊' : '删除并退出'}
        danger
        busy={busy}
        testId='group-leave-dialog'
        onConfirm={() => void runConfirm()}
        onClose={() => setConfirm(null)}
      >
        {leaveText}
      </ConfirmDialog>
      <ConfirmDialog open={confirm?.kind === 'clear'} title='清空聊天记录' danger busy={busy} testId='group-clear-dialog' onConfirm={() => void runConfirm()} onClose={() => setConfirm(null)}>
        确定清空该群的聊天记录吗？
      </ConfirmDialog>
      <ConfirmDialog open={confirm?.kind === 'remove'} title='移出群聊' danger busy={busy} testId='group-remove-dialog' onConfirm={() => void runConfirm()} onClose={() => setConfirm(null)}>
        {confirm?.kind === 'remove' ? removeQuestion(confirm.members.map(memberName)) : ''}
      </ConfirmDialog>
      <ConfirmDialog open={confirm?.kind === 'transfer'} title={GroupText.TransferTitle} busy={busy} testId='group-transfer-dialog' onConfirm={() => void runConfirm()} onClose={() => setConfirm(null)}>
        {confirm?.kind === 'transfer' ? `确定将群主转让给「${memberName(confirm.member)}」吗？${GroupText.TransferConfirm}` : ''}
      </ConfirmDialog>
    </View>
  )
}

