import type { ReactNode } from 'react'
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
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      testId={testId}
      confirm={{ label: confirmText, danger, busy, testId: `${testId}-confirm`, cancelTestId: `${testId}-cancel`, onConfirm }}
    >
      {children}
    </Dialog>
  )
}
