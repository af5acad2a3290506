import { View } from '@tarojs/components'
import { useState } from 'react'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'

interface ConfirmDialogProps {
  open: boolean
  title: string
  text: string
  confirmText: string
  danger?: boolean
  testId?: string
  onConfirm(): Promise<unknown>
  onClose(): void
}

/** A question with cancel and one action; the action's button spins while it runs. */
export default function ConfirmDialog({ open, title, text, confirmText, danger, testId, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      testId={testId}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} testId={testId ? `${testId}-confirm` : undefined} onClick={confirm}>
            {confirmText}
          </Button>
        </>
      }
    >
      <View className='contact-confirm__text'>{text}</View>
    </Dialog>
  )
}
