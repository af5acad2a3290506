import { Textarea, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { APPLY_MESSAGE_MAX, JOIN_MODE_LABEL, JoinMode, type GroupCard } from '@shared/group'
import GroupAvatar from '@/components/layout/GroupAvatar'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'
import './group.scss'
import { useApp, useAppStore } from '@/root/AppContext'

interface GroupCardDialogProps {
  /** null: closed. */
  groupNumber: string | null
  /** 3 found by number, 1 scanned from the group's QR code. */
  joinType: 1 | 3
  onClose(): void
}

/** The card of a group someone found or scanned, with its join button (or 进入群聊 for members). */
export default function GroupCardDialog({ groupNumber, joinType, onClose }: GroupCardDialogProps) {
  const app = useApp()
  const { mediaUrl, openConversation, reloadConversations } = app.chat
  const { applyToJoin, conversationOfGroup, loadGroupCard } = app.groups
  const [card, setCard] = useState<GroupCard | null>(null)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)

  // An approval adds the reader to the group (socket notice 5 for the group) and a refusal changes
  // their application counter (notice 4): either way the card is read again while it is open.
  const changes = useAppStore((s) => (groupNumber ? (s.groupChangeCounts[groupNumber] ?? 0) : 0))
  const myApplications = useAppStore((s) => s.badges.groupNotice.selfApplyUnRead)

  useEffect(() => {
    setCard(null)
    setMessage('')
  }, [groupNumber])

  useEffect(() => {
    if (!groupNumber) return
    let current = true
    void loadGroupCard(groupNumber).then((c) => {
      if (!current) return
      if (c) setCard(c)
      else onClose()
    })
    return () => {
      current = false
    }
  }, [groupNumber, changes, myApplications])

  const join = async () => {
    if (!card || busy) return
    setBusy(true)
    const status = await applyToJoin(card.groupNumber, joinType, message.trim())
    setBusy(false)
    if (status === 'joined') onClose()
    else if (status === 'pending') setCard({ ...card, applyStatus: 'pending' })
  }
  const enter = async () => {
    if (!card) return
    onClose()
    if (!conversationOfGroup(card.groupNumber)) await reloadConversations()
    const id = conversationOfGroup(card.groupNumber) ?? `GROUP${card.groupID}`
    void openConversation(id)
  }

  const disallowed = card?.joinMode === JoinMode.Disallowed
  return (
    <Dialog open={groupNumber !== null} title='群聊资料' onClose={onClose} closeOnMask testId='group-card'>
      {!card ? (
        <View className='gmembers__status'>
          <View className='spinner' /> 加载中…
        </View>
      ) : (
        <View className='gcard'>
          <View className='gcard__head'>
            <GroupAvatar
              src={card.groupAvatar ? mediaUrl(card.groupAvatar) : ''}
              members={card.memberAvatars?.map((url) => (url ? mediaUrl(url) : ''))}
              size={56}
              testId='group-card-avatar'
            />
            <View>
              <View className='gcard__name' data-testid='group-card-name'>
                {card.groupName}
              </View>
              <View className='gcard__sub'>群号：{card.groupNumber}</View>
              <View className='gcard__sub' data-testid='group-card-count'>
                {card.groupMemberCount}人 · {JOIN_MODE_LABEL[card.joinMode]}
                {card.limitLevel > 0 ? ` · 需${card.limitLevel}级以上` : ''}
              </View>
            </View>
          </View>
          {!card.isMember && card.applyStatus !== 'pending' && card.joinMode === JoinMode.Approval ? (
            <Textarea
              className='gcard__message'
              value={message}
              placeholder='填写申请理由（选填）'
              placeholderClass='input-placeholder'
              maxlength={APPLY_MESSAGE_MAX}
              data-testid='group-card-message'
              onInput={(e) => setMessage(e.detail.value)}
            />
          ) : null}
          {card.isMember ? (
            <Button variant='primary' block testId='group-card-enter' onClick={() => void enter()}>
              进入群聊
            </Button>
          ) : card.applyStatus === 'pending' ? (
            <Button block disabled testId='group-card-pending'>
              已申请，等待审核
            </Button>
          ) : (
            <Button variant='primary' block disabled={disallowed} loading={busy} testId='group-card-join' onClick={() => void join()}>
              {disallowed ? '该群禁止加入' : card.joinMode === JoinMode.Free ? '加入群聊' : '申请加入'}
            </Button>
          )}
        </View>
      )}
    </Dialog>
  )
}
