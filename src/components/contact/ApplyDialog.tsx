import { View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { ApplySource, charCount, defaultApplyInfo, FRIEND_REASON_MAX } from '@shared/friends'
import Dialog from '@/components/layout/Dialog'
import TextField from '@/components/layout/TextField'
import { useApp, useAppStore } from '@/root/AppContext'
import type { ProfileTarget } from '@/stores'

interface ApplyDialogProps {
  /** Whom to add and how they were found; null keeps the dialog closed. */
  target: (ProfileTarget & { nickName: string }) | null
  onSent(): void
  onClose(): void
}

const cut = (s: string) => Array.from(s).slice(0, FRIEND_REASON_MAX).join('')

/** The reason starts filled in: from a group it names the group (spec 5), otherwise who is asking. */
export function defaultReason(selfNick: string, target: Pick<ProfileTarget, 'applySource' | 'groupName'>): string {
  if (target.applySource === ApplySource.Group && target.groupName) return defaultApplyInfo(selfNick, target.groupName)
  return cut(`我是${selfNick}`)
}

/** 添加到通讯录: the reason (at most 15 characters) and send; '申请已发送' on success. */
export default function ApplyDialog({ target, onSent, onClose }: ApplyDialogProps) {
  const { sendApplication } = useApp().contacts
  const selfNick = useAppStore((s) => s.user?.nickName ?? '')
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (target) setReason(defaultReason(selfNick, target))
  }, [target, selfNick])

  const send = async () => {
    if (!target || busy) return
    setBusy(true)
    const ok = await sendApplication({
      applyWtId: target.wtId,
      applySource: target.applySource,
      applyInfo: reason.trim(),
      ...(target.applySource === ApplySource.Group && target.groupID ? { groupID: target.groupID } : {}),
    })
    setBusy(false)
    if (ok) onSent()
  }

  return (
    <Dialog
      open={target !== null}
      title='申请添加朋友'
      onClose={onClose}
      testId='apply-dialog'
      confirm={{ label: '发送', busy, testId: 'apply-send', onConfirm: send }}
    >
      <View className='contact-form'>
        <View className='field__label'>
          发送添加朋友申请给「{target?.nickName}」
          <View className='contact-form__count'>
            {charCount(reason)}/{FRIEND_REASON_MAX}
          </View>
        </View>
        <TextField value={reason} onChange={(v) => setReason(cut(v))} onConfirm={send} maxLength={FRIEND_REASON_MAX} placeholder='填写申请理由' testId='apply-reason' />
      </View>
    </Dialog>
  )
}
