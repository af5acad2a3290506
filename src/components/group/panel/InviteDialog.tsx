import { useCallback, useEffect, useMemo, useState } from 'react'
import type { GroupMember } from '@shared/group'
import Dialog from '@/components/layout/Dialog'
import { useApp, useAppStore } from '@/root/AppContext'
import { compareConversations } from '@/stores/selectors/chat'
import TransferPicker from '../TransferPicker'
import { pickerCandidates, entriesFromSearch, type PickerEntry } from '../pickerEntries'
import { memberID } from './memberName'

interface InviteDialogProps {
  open: boolean
  groupNumber: string
  /** Members held: shown as already in the group and not selectable. */
  members: readonly GroupMember[]
  onClose(): void
}

/** Inviting people with the transfer picker; people already in the group are disabled. */
export default function InviteDialog({ open, groupNumber, members, onClose }: InviteDialogProps) {
  const app = useApp()
  const { mediaUrl, searchById } = app.chat
  const { inviteMembers } = app.groups
  const [selected, setSelected] = useState<PickerEntry[]>([])
  const conversations = useAppStore((s) => s.conversations)
  const friends = useAppStore((s) => s.friends)
  const viewerID = useAppStore((s) => s.user?.wtId ?? '')
  useEffect(() => {
    if (open) setSelected([])
  }, [open])

  const inGroup = useMemo(() => new Set(members.map(memberID)), [members])
  const mark = useCallback((entries: PickerEntry[]) => entries.map((e) => (inGroup.has(e.id) ? { ...e, isDisabled: true } : e)), [inGroup])
  const entries = useMemo(
    () => mark(pickerCandidates(friends, Object.values(conversations).sort(compareConversations), viewerID, mediaUrl)),
    [friends, conversations, viewerID, mark],
  )
  const searchRemote = useCallback(async (text: string) => mark(entriesFromSearch(await searchById(text), viewerID, mediaUrl)), [viewerID, mark])

  const submit = async () => {
    if (selected.length === 0) return
    const result = await inviteMembers(groupNumber, selected.map((e) => e.id))
    if (result) onClose()
  }

  return (
    <Dialog
      open={open}
      title='邀请成员'
      wide
      onClose={onClose}
      testId='group-invite-dialog'
      confirm={{ label: `邀请${selected.length > 0 ? ` (${selected.length})` : ''}`, disabled: selected.length === 0, testId: 'group-invite-submit', onConfirm: submit }}
    >
      <TransferPicker entries={entries} selected={selected} onChange={setSelected} searchRemote={searchRemote} />
    </Dialog>
  )
}
