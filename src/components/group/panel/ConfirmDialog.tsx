import type { ReactNode } from 'react'
import Button from '@/components/layout/Button'
import Dialog from '@/components/layout/Dialog'

interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmText?: string
  danger?: boolean
  busy?: boolean
  testId: string
  onConfirm(): void
  onClose(): void
}

/** 取消 / 确定 confirmation of a group action that cannot be undone. */
export default function ConfirmDialog({ open, title, children, confirmText = '确定', danger, busy, testId, onConfirm, onClose }: ConfirmDialogProps) {
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
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} testId={`${testId}-confirm`} onClick={onConfirm}>
            {confirmText}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
