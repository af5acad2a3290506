import { useState, type ReactNode } from 'react'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'

interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmText?: string
  danger?: boolean
  /** Spins the action's button; it also spins by itself while a promise from onConfirm runs. */
  busy?: boolean
  /** On the dialog; the buttons get `${testId}-cancel` and `${testId}-confirm`. */
  testId: string
  onConfirm(): unknown
  onClose(): void
}

/** A question with 取消 and one action that cannot be undone. */
export default function ConfirmDialog({ open, title, children, confirmText = '确定', danger, busy, testId, onConfirm, onClose }: ConfirmDialogProps) {
  const [running, setRunning] = useState(false)
  const confirm = async () => {
    setRunning(true)
    try {
      await onConfirm()
    } finally {
      setRunning(false)
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
          <Button testId={`${testId}-cancel`} onClick={onClose}>
            取消
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy || running} testId={`${testId}-confirm`} onClick={confirm}>
            {confirmText}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
