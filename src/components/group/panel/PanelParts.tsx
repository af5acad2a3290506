import { Image, View } from '@tarojs/components'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { icons } from '@/assets/icons'
import chevron from '@/components/chat/icons/chevron-right.svg'
import { pressable } from '@/platform/focus'

/** Spec 4 "Group settings": a toggle stays disabled for 1 s after a change. */
export const TOGGLE_COOLDOWN_MS = 1000

export function PanelHeader({ title, onBack, onClose, testId }: { title: string; onBack?: () => void; onClose?: () => void; testId?: string }) {
  return (
    <View className='gpanel-head' data-testid={testId}>
      {onBack ? (
        <View {...pressable()} className='gpanel-head__btn' aria-label='返回' data-testid='gpanel-back' onClick={onBack}>
          <Image nativeProps={{ alt: '' }} className='gpanel-head__icon' src={icons.back} />
        </View>
      ) : null}
      <View className='gpanel-head__title'>{title}</View>
      {onClose ? (
        <View {...pressable()} className='gpanel-head__btn' aria-label='关闭' data-testid='gpanel-close' onClick={onClose}>
          <Image nativeProps={{ alt: '' }} className='gpanel-head__icon' src={icons.close} />
        </View>
      ) : null}
    </View>
  )
}

interface RowProps {
  label: string
  value?: ReactNode
  onClick?: () => void
  testId?: string
  danger?: boolean
  /** A value on its own line below the label (the notice). */
  block?: boolean
}

export function PanelRow({ label, value, onClick, testId, danger, block }: RowProps) {
  return (
    <View {...pressable()}
      className={`gpanel-row${onClick ? ' gpanel-row--link' : ''}${danger ? ' gpanel-row--danger' : ''}${block ? ' gpanel-row--block' : ''}`}
      data-testid={testId}
      onClick={onClick}
    >
      <View className='gpanel-row__label'>{label}</View>
      {value !== undefined ? <View className='gpanel-row__value'>{value}</View> : null}
      {onClick && !block ? <Image nativeProps={{ alt: '' }} className='gpanel-row__arrow' src={chevron} /> : null}
    </View>
  )
}

/**
 * A switch row. After each change it stays disabled for 1 s, so a double click cannot send two
 * opposite changes.
 */
export function SwitchRow({ label, checked, onChange, testId, hint }: { label: string; checked: boolean; onChange(next: boolean): void; testId?: string; hint?: string }) {
  const [cooling, setCooling] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current)
  }, [])
  const toggle = () => {
    if (cooling) return
    setCooling(true)
    timer.current = setTimeout(() => setCooling(false), TOGGLE_COOLDOWN_MS)
    onChange(!checked)
  }
  return (
    <View className='gpanel-row'>
      <View className='gpanel-row__label'>
        {label}
        {hint ? <View className='gpanel-row__hint'>{hint}</View> : null}
      </View>
      <View {...pressable()}
        className={`gswitch${checked ? ' gswitch--on' : ''}${cooling ? ' gswitch--disabled' : ''}`}
        role='switch'
        aria-checked={checked ? 'true' : 'false'}
        aria-disabled={cooling ? 'true' : undefined}
        aria-label={label}
        data-testid={testId}
        onClick={toggle}
      >
        <View className='gswitch__knob' />
      </View>
    </View>
  )
}

export function PanelSection({ children }: { children: ReactNode }) {
  return <View className='gpanel-section'>{children}</View>
}
