import { useEffect, useMemo, useState } from 'react'
import Dialog from '@/components/layout/Dialog'
import TransferPicker from '@/components/group/TransferPicker'
import type { PickerEntry } from '@/components/group/pickerEntries'
import { canFinish } from '@/components/group/pickerRules'
import { useApp, useAppStore } from '@/root/AppContext'

interface FriendPickerDialogProps {
  open: boolean
  title: string
  /** Friends who cannot be picked (already in the tag, the person on the card). */
  exclude?: readonly string[]
  single?: boolean
  doneText?: string
  testId?: string
  onDone(selected: PickerEntry[]): Promise<unknown>
  onClose(): void
}

/** Choosing friends with the transfer picker; 完成 is active only with a selection (spec 4). */
export default function FriendPickerDialog({ open, title, exclude = [], single, doneText = '完成', testId, onDone, onClose }: FriendPickerDialogProps) {
  const { mediaUrl } = useApp().chat
  const friends = useAppStore((s) => s.friends)
  const [selected, setSelected] = useState<PickerEntry[]>([])
  useEffect(() => {
    if (open) setSelected([])
  }, [open])

  const entries = useMemo(
    () =>
      friends
        .filter((f) => !exclude.includes(f.wtId))
        .map((f) => ({ id: f.wtId, nick: f.nickName, remark: f.remark, avatar: f.avatar ? mediaUrl(f.avatar) : '' })),
    [friends, exclude],
  )

  const done = async () => {
    if (!canFinish(selected)) return
    await onDone(selected)
    onClose()
  }

  return (
    <Dialog
      open={open}
      wide
      title={title}
      onClose={onClose}
      testId={testId}
      confirm={{ label: selected.length ? `${doneText} (${selected.length})` : doneText, disabled: !canFinish(selected), testId: 'picker-done', onConfirm: done }}
    >
      <TransferPicker entries={entries} selected={selected} onChange={setSelected} single={single} />
    </Dialog>
  )
}
