import { View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import { ConvType, type Conversation } from '@shared/chat'
import { CONVERSATION_GROUP_NAME_MAX, SessionType, type ConversationGroup, type SessionRelation } from '@shared/conversationGroup'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import TransferPicker from '@/components/group/TransferPicker'
import type { PickerEntry } from '@/components/group/pickerEntries'
import { useApp, useAppStore } from '@/root/AppContext'
import { compareConversations } from '@/stores/selectors/chat'
import { conversationAvatar, conversationName, isSystemUserID } from '../conversationInfo'

interface GroupEditorDialogProps {
  /** null: closed; 'new': create; a group: edit it. */
  target: ConversationGroup | 'new' | null
  onClose(): void
}

const chars = (s: string) => Array.from(s).length

/** The conversations a group can hold, newest first, as picker entries keyed by conversation ID. */
export function conversationEntries(conversations: readonly Conversation[], mediaUrl: (url: string) => string): PickerEntry[] {
  return [...conversations]
    .sort(compareConversations)
    .filter((c) => c.type === ConvType.Group || !isSystemUserID(c.conversationID.slice(3)))
    .map((c) => {
      const avatar = conversationAvatar(c)
      const entry: PickerEntry = { id: c.conversationID, nick: conversationName(c), remark: '', avatar: avatar ? mediaUrl(avatar) : '' }
      if (c.type !== ConvType.Group) return entry
      // A group without an uploaded avatar is drawn as its members' mosaic, as in the list.
      return { ...entry, isGroup: true, memberAvatars: c.groupProfile?.memberAvatars?.map((url) => (url ? mediaUrl(url) : '')) }
    })
}

export function relationOf(conversationID: string): SessionRelation {
  return conversationID.startsWith(ConvType.Group)
    ? { sessionId: conversationID, sessionType: SessionType.Group, relationId: conversationID.slice(5) }
    : { sessionId: conversationID, sessionType: SessionType.Single, relationId: conversationID.slice(3) }
}

/**
 * Create or edit a conversation group: its name (required after trim, at most 10) and its
 * conversations, picked with the transfer picker.
 */
export default function GroupEditorDialog({ target, onClose }: GroupEditorDialogProps) {
  const app = useApp()
  const { mediaUrl } = app.chat
  const conversations = useAppStore((s) => s.conversations)
  const [name, setName] = useState('')
  const [selected, setSelected] = useState<PickerEntry[]>([])
  const [saving, setSaving] = useState(false)
  const entries = useMemo(() => (target ? conversationEntries(Object.values(conversations), mediaUrl) : []), [target, conversations])

  useEffect(() => {
    if (!target) return
    if (target === 'new') {
      setName('')
      setSelected([])
      return
    }
    setName(target.groupName)
    const byId = new Map(conversationEntries(Object.values(conversations), mediaUrl).map((e) => [e.id, e]))
    setSelected(target.relationList.map((r) => byId.get(r.sessionId) ?? { id: r.sessionId, nick: r.name, remark: '', avatar: r.avatar ? mediaUrl(r.avatar) : '' }))
    // Only a newly opened editor takes the group's values; later list changes keep what is being edited.
  }, [target])

  const trimmed = name.trim()
  const submit = async () => {
    if (!target || !trimmed || saving) return
    setSaving(true)
    try {
      const relations = selected.map((e) => relationOf(e.id))
      if (target === 'new') await app.conversationGroups.add(trimmed, relations)
      else await app.conversationGroups.update(target.id, trimmed, relations)
      onClose()
    } catch {
      // The service has shown the failure; the form keeps what was entered.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      open={target !== null}
      wide
      title={target === 'new' ? '新建分组' : '编辑分组'}
      onClose={onClose}
      testId='conversation-group-editor'
      confirm={{ label: target === 'new' ? '创建' : '保存', busy: saving, disabled: !trimmed, testId: 'conversation-group-save', onConfirm: submit }}
    >
      <View className='sg-editor'>
        <View className='field__label'>
          分组名称
          <View className='group-field__count'>
            {chars(name)}/{CONVERSATION_GROUP_NAME_MAX}
          </View>
        </View>
        <TextField value={name} onChange={setName} onConfirm={submit} placeholder='请输入分组名称' maxLength={CONVERSATION_GROUP_NAME_MAX} testId='conversation-group-name' />
        <View className='field__label'>选择会话</View>
        <TransferPicker entries={entries} selected={selected} onChange={setSelected} unit='个会话' label='选择会话' placeholder='搜索会话名称' />
      </View>
    </Dialog>
  )
}
