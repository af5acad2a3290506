import { Button as TaroButton, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { pressable } from '@/platform/focus'

export type ButtonVariant = 'primary' | 'default' | 'danger' | 'ghost' | 'text'

interface ButtonProps {
  variant?: ButtonVariant
  size?: 'small' | 'normal' | 'large'
  block?: boolean
  /** A request is running: shows a spinner and ignores clicks. */
  loading?: boolean
  disabled?: boolean
  testId?: string
  /** The name a screen reader says, when the visible text is shared by several buttons (管理 on every row). */
  label?: string
  className?: string
  /** 'share': the mini-program's 转发 of the page's card (platform/shareCard). */
  openType?: 'share'
  onClick?: () => void
  children: ReactNode
}

/** The design system's button (styles/button.scss). */
export default function Button(props: ButtonProps) {
  const { variant = 'default', size = 'normal', block, loading, disabled, testId, label, className, openType, onClick, children } = props
  const classes = [
    'btn',
    `btn--${variant}`,
    size !== 'normal' ? `btn--${size}` : '',
    block ? 'btn--block' : '',
    loading ? 'btn--loading' : '',
    disabled ? 'btn--disabled' : '',
    className ?? '',
  ].filter(Boolean).join(' ')
  const handleClick = () => {
    if (loading || disabled) return
    onClick?.()
  }
  return (
    <TaroButton
      // Taro's button is a custom element, not a native one: it needs its role and tab stop.
      {...pressable()}
      // Tab skips a disabled button; aria-disabled still has a screen reader name it, dimmed.
      {...(disabled ? { tabIndex: -1 } : {})}
      aria-disabled={disabled ? 'true' : undefined}
      aria-label={label}
      className={classes}
      disabled={disabled}
      openType={openType}
      data-testid={testId}
      data-loading={loading ? 'true' : undefined}
      aria-busy={loading ? 'true' : undefined}
      onClick={handleClick}
    >
      {loading ? <View className='spinner' /> : null}
      {children}
    </TaroButton>
  )
}
