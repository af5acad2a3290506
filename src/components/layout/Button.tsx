import { Button as TaroButton, View } from '@tarojs/components'
import type { ReactNode } from 'react'

export type ButtonVariant = 'primary' | 'default' | 'danger' | 'ghost' | 'text'

interface ButtonProps {
  variant?: ButtonVariant
  size?: 'small' | 'normal' | 'large'
  block?: boolean
  /** A request is running: shows a spinner and ignores clicks. */
  loading?: boolean
  disabled?: boolean
  testId?: string
  className?: string
  onClick?: () => void
  children: ReactNode
}

/** The design system's button (styles/button.scss). */
export default function Button(props: ButtonProps) {
  const { variant = 'default', size = 'normal', block, loading, disabled, testId, className, onClick, children } = props
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
      className={classes}
      disabled={disabled}
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
