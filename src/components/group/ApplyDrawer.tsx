import { View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'
import { HandleAction, type GroupApplication } from '@shared/group'
import Avatar from '@/components/layout/Avatar'
import Button from '@/components/layout/Button'
import { useNarrowScreen } from '@/components/layout/useNarrowScreen'
import { useApp, useAppStore } from '@/root/AppContext'
import { formatDateTime, joinTypeText } from './memberInfo'
import { PanelHeader } from './panel/PanelParts'
import { useEscape } from '@/components/layout/useEscape'

/** Spec 4 "Group application": a handled row leaves after 150 ms. */
export const ROW_REMOVAL_MS = 150

const EMPTY: GroupApplication[] = []

/**
 * The join-application drawer of one group: a bottom sheet on phones, a 360 px panel on the right
 * on desktop. Agree / Reject take the row out after 150 ms, the count follows, and the drawer
 * closes once the list is empty.
 */
export default function ApplyDrawer({ groupNumber, open, onClose }: { groupNumber: string; open: boolean; onClose(): void }) {
  useEscape(open, onClose)
  const app = useApp()
  const { mediaUrl } = app.chat
  const { dropApplication, handleApplication, loadPendingApplications } = app.groups
  const narrow = useNarrowScreen()
  const list = useAppStore((s) => s.pendingApplications[groupNumber] ?? EMPTY)
  const [leaving, setLeaving] = useState<Set<number>>(new Set())
  const [busy, setBusy] = useState<number | null>(null)
  const hadRows = useRef(false)
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([])

  useEffect(() => {
    if (!open) return
    hadRows.current = false
    void loadPendingApplications(groupNumber)
  }, [open, groupNumber])
  useEffect(() => () => timers.current.forEach(clearTimeout), [])
  useEffect(() => {
    if (!open) return
    if (list.length > 0) hadRows.current = true
    else if (hadRows.current) onClose()
  }, [open, list.length])

  if (!open) return null

  const handle = async (application: GroupApplication, action: HandleAction) => {
    if (busy !== null) return
    setBusy(application.applyId)
    const done = await handleApplication(application, action)
    setBusy(null)
    if (!done) return
    setLeaving((s) => new Set(s).add(application.applyId))
    timers.current.push(
      setTimeout(() => {
        dropApplication(application.applyId)
        setLeaving((s) => {
          const next = new Set(s)
          next.delete(application.applyId)
          return next
        })
      }, ROW_REMOVAL_MS),
    )
  }

  return (
    <View className={`gapply-mask${narrow ? ' gapply-mask--narrow' : ''}`} onClick={onClose}>
      <View className={`gapply${narrow ? ' gapply--sheet' : ''}`} data-testid='group-apply-drawer' onClick={(e) => e.stopPropagation()}>
        <PanelHeader title={`入群申请 (${list.length})`} onClose={onClose} testId='group-apply-title' />
        <View className='gapply__list'>
          {list.length === 0 ? <View className='gmembers__status'>暂无入群申请</View> : null}
          {list.map((a) => (
            <View key={a.applyId} className={`gapply__row${leaving.has(a.applyId) ? ' gapply__row--leaving' : ''}`} data-testid='group-apply-row' data-id={a.applicant}>
              <Avatar src={a.applicantAvatar ? mediaUrl(a.applicantAvatar) : ''} size={40} />
              <View className='gapply__text'>
                <View className='gapply__name'>{a.applicantNickName || a.applicant}</View>
                <View className='gapply__detail'>{a.applyMessage || joinTypeText(a.joinType, a.inviterNickName)}</View>
                <View className='gapply__time'>{formatDateTime(a.createTime)}</View>
              </View>
              <View className='gapply__actions'>
                <Button size='small' variant='primary' loading={busy === a.applyId} testId='group-apply-agree' onClick={() => void handle(a, HandleAction.Agree)}>
                  同意
                </Button>
                <Button size='small' testId='group-apply-reject' onClick={() => void handle(a, HandleAction.Reject)}>
                  拒绝
                </Button>
              </View>
            </View>
          ))}
        </View>
      </View>
    </View>
  )
}
