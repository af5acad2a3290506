import { Image, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import closeIcon from '@/assets/icons/close.svg'
import { useEscape } from './useEscape'

interface DialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  wide?: boolean
  /** Forms keep their input when the backdrop is clicked by mistake; reading-only dialogs close. */
  closeOnMask?: boolean
  testId?: string
  closeTestId?: string
}

/** Modal dialog: centred card on desktop, bottom sheet on narrow screens (styles/dialog.scss). */
export default function Dialog(props: DialogProps) {
  const { open, title, onClose, children, footer, wide, closeOnMask, testId, closeTestId } = props
  useEscape(open, onClose)
  if (!open) return null
  return (
    <View className='dialog-mask' onClick={closeOnMask ? onClose : undefined}>
      <View
        className={`dialog${wide ? ' dialog--wide' : ''}`}
        data-testid={testId}
        role='dialog'
        aria-label={title}
        onClick={(e) => e.stopPropagation()}
      >
        <View className='dialog__head'>
          <View className='dialog__title'>{title}</View>
          <View className='dialog__close' data-testid={closeTestId} aria-label='关闭' onClick={onClose}>
            <Image className='dialog__close-icon' src={closeIcon} />
          </View>
        </View>
        <View className='dialog__body'>{children}</View>
        {footer ? <View className='dialog__foot'>{footer}</View> : null}
      </View>
    </View>
  )
}
