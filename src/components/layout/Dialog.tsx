import { Image, View } from '@tarojs/components'
import { useId, useRef, useState, type ReactNode } from 'react'
import closeIcon from '@/assets/icons/close.svg'
import Button from '@/components/layout/Button'
import { usePopup } from '@/components/common/usePopup'
import { pressable } from '@/platform/focus'

/** The footer's 取消 and one action; the action's button spins while a promise from onConfirm runs. */
export interface DialogConfirm {
  label: ReactNode
  onConfirm(): unknown
  disabled?: boolean
  /** Spins the action's button for work the dialog does not see (a form's own submit). */
  busy?: boolean
  danger?: boolean
  testId?: string
  cancelTestId?: string
}

interface DialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  /** Instead of footer: 取消 (onClose) and this action. */
  confirm?: DialogConfirm
  wide?: boolean
  /** Forms keep their input when the backdrop is clicked by mistake; reading-only dialogs close. */
  closeOnMask?: boolean
  testId?: string
  closeTestId?: string
}

/** Modal dialog: centred card on desktop, bottom sheet on narrow screens (styles/dialog.scss). */
export default function Dialog(props: DialogProps) {
  const { open, title, onClose, children, confirm, wide, closeOnMask, testId, closeTestId } = props
  const id = `dialog${useId().replace(/:/g, '')}`
  const running = useConfirmRun(confirm)
  // The first field is what the dialog is for; × stays one Shift+Tab away.
  usePopup(open, onClose, { id, modal: true, focusPart: `${id}-body` })
  if (!open) return null
  const footer = confirm ? (
    <>
      <Button testId={confirm.cancelTestId} onClick={onClose}>
        取消
      </Button>
      <Button
        variant={confirm.danger ? 'danger' : 'primary'}
        disabled={confirm.disabled}
        loading={confirm.busy || running.busy}
        testId={confirm.testId}
        onClick={running.run}
      >
        {confirm.label}
      </Button>
    </>
  ) : props.footer
  return (
    <View className='dialog-mask' onClick={closeOnMask ? onClose : undefined}>
      <View
        id={id}
        className={`dialog${wide ? ' dialog--wide' : ''}`}
        data-testid={testId}
        role='dialog'
        aria-modal='true'
        aria-labelledby={`${id}-title`}
        onClick={(e) => e.stopPropagation()}
      >
        <View className='dialog__head'>
          <View className='dialog__title' id={`${id}-title`}>{title}</View>
          <View {...pressable('关闭')} className='dialog__close' data-testid={closeTestId} onClick={onClose}>
            <Image nativeProps={{ alt: '' }} className='dialog__close-icon' src={closeIcon} />
          </View>
        </View>
        <View className='dialog__body' id={`${id}-body`}>
          {children}
        </View>
        {footer ? <View className='dialog__foot'>{footer}</View> : null}
      </View>
    </View>
  )
}

/** One run of the action at a time: presses while its promise runs are ignored. */
function useConfirmRun(confirm: DialogConfirm | undefined) {
  const [busy, setBusy] = useState(false)
  const running = useRef(false)
  const run = () => {
    if (!confirm || running.current) return
    const result = confirm.onConfirm()
    if (!(result instanceof Promise)) return
    running.current = true
    setBusy(true)
    void result.finally(() => {
      running.current = false
      setBusy(false)
    })
  }
  return { busy, run }
}
