import { View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import Dialog from '@/components/layout/Dialog'
import TransferPicker from '@/components/group/TransferPicker'
import type { PickerEntry } from '@/components/group/pickerEntries'
import { useApp, useAppStore } from '@/root/AppContext'
import type { UiMessage } from '@/stores/slices/messages'
import { forwardTargets } from './forwardTargets'

export interface ForwardJob {
  messages: UiMessage[]
  merged: boolean
}

interface Props {
  conversationID: string
  job: ForwardJob | null
  /** The merged record's title ('群聊的聊天记录' or 'A和B的聊天记录'). */
  mergedTitle: string
  onClose(): void
  onDone(): void
}

/**
 * The forward dialog (spec 2: titled 转发) with the two-pane transfer picker: recent chats, groups
 * and contacts in sections, any number of them ticked.
 */
export default function ForwardDialog({ conversationID, job, mergedTitle, onClose, onDone }: Props) {
  const { forwardMessages, mediaUrl } = useApp().chat
  const conversations = useAppStore((s) => s.conversations)
  const friends = useAppStore((s) => s.friends)
  const [selected, setSelected] = useState<PickerEntry[]>([])
  useEffect(() => {
    if (job) setSelected([])
  }, [job])
  const sections = useMemo(() => forwardTargets(Object.values(conversations), friends, mediaUrl), [conversations, friends])
  const entries = useMemo(() => sections.flatMap((section) => section.entries), [sections])

  const send = async () => {
    if (!job || !selected.length) return
    const ok = await forwardMessages({
      conversationID,
      messages: job.messages,
      targets: selected.map((e) => e.id),
      merged: job.merged,
      title: job.merged ? mergedTitle : '',
    })
    if (ok) onDone()
  }

  const count = job?.messages.length ?? 0
  return (
    <Dialog
      open={job !== null}
      wide
      title='转发'
      onClose={onClose}
      testId='forward-dialog'
      confirm={{
        // One text node: Taro H5 put a second one, added later, in front of the first ((1)发送).
        label: selected.length > 0 ? `发送(${selected.length})` : '发送',
        disabled: !selected.length,
        testId: 'forward-send',
        onConfirm: send,
      }}
    >
      <View className='forward-head'>
        <View className='forward-head__what' data-testid='forward-what'>
          {job?.merged ? `合并转发 ${count} 条消息` : count > 1 ? `逐条转发 ${count} 条消息` : '转发 1 条消息'}
        </View>
      </View>
      {/* Every row has a checkbox, so several chats can be picked at once without a mode switch. */}
      <TransferPicker entries={entries} sections={sections} selected={selected} onChange={setSelected} unit='个聊天' label='选择聊天' placeholder='搜索聊天' />
    </Dialog>
  )
}
