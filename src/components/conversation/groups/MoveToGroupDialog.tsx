import { Image, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import type { Conversation } from '@shared/chat'
import { DefaultGroup, SessionType, type ConversationGroup, type SessionRelation } from '@shared/conversationGroup'
import { pressable } from '@/platform/focus'
import Dialog from '@/components/layout/Dialog'
import checkIcon from '@/components/group/icons/check.svg'
import { useApp, useAppStore } from '@/root/AppContext'

interface MoveToGroupDialogProps {
  /** The conversation to place; null keeps the dialog closed. */
  conversation: Conversation | null
  onClose(): void
}

function relationOf(c: Conversation): SessionRelation {
  const group = c.conversationID.startsWith('GROUP')
  return {
    sessionId: c.conversationID,
    sessionType: group ? SessionType.Group : SessionType.Single,
    relationId: c.conversationID.slice(group ? 'GROUP'.length : 'C2C'.length),
  }
}

const holds = (g: ConversationGroup, id: string) => g.relationList.some((r) => r.sessionId === id)

/**
 * 移至分组 from a conversation's menu: the user's groups with a tick on those that hold it (a chat
 * may sit in several), so a chat reaches a group without opening the group editor. Only the
 * groups whose tick changed are saved.
 */
export default function MoveToGroupDialog({ conversation, onClose }: MoveToGroupDialogProps) {
  const { conversationGroups } = useApp()
  const all = useAppStore((s) => s.conversationGroups)
  const groups = all.filter((g) => g.defaultGroup === DefaultGroup.UserCreated)
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set())
  const id = conversation?.conversationID ?? ''
  useEffect(() => {
    if (conversation) setPicked(new Set(groups.filter((g) => holds(g, conversation.conversationID)).map((g) => g.id)))
  }, [id])

  const toggle = (groupId: number) => {
    const next = new Set(picked)
    if (next.has(groupId)) next.delete(groupId)
    else next.add(groupId)
    setPicked(next)
  }

  const confirm = async () => {
    if (!conversation) return
    try {
      for (const g of groups) {
        const want = picked.has(g.id)
        if (want === holds(g, id)) continue
        const relations = g.relationList.map(({ sessionId, sessionType, relationId }) => ({ sessionId, sessionType, relationId }))
        await conversationGroups.update(g.id, g.groupName, want ? [...relations, relationOf(conversation)] : relations.filter((r) => r.sessionId !== id))
      }
      onClose()
    } catch {
      // The service has shown 修改失败，请重试; the dialog stays for another try.
    }
  }

  return (
    <Dialog
      open={conversation !== null}
      title='移至分组'
      onClose={onClose}
      testId='conv-move-dialog'
      confirm={{ label: '确定', testId: 'conv-move-confirm', onConfirm: confirm }}
    >
      <View className='conv-move__list' role='group' aria-label='分组'>
      {groups.map((g) => {
        const on = picked.has(g.id)
        return (
          <View {...pressable()}
            key={g.id}
            className={`check-option conv-move__option${on ? ' check-option--on' : ''}`}
            role='checkbox'
            aria-checked={on ? 'true' : 'false'}
            data-testid='conv-move-group'
            data-id={String(g.id)}
            onClick={() => toggle(g.id)}
          >
            <View className='check-option__box'>{on ? <Image nativeProps={{ alt: '' }} className='check-option__tick' src={checkIcon} /> : null}</View>
            <View className='conv-move__name'>{g.groupName}</View>
          </View>
        )
      })}
      </View>
    </Dialog>
  )
}
