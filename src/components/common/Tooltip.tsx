import { View } from '@tarojs/components'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useEscape } from '@/components/layout/useEscape'
import { onFocusWithin } from '@/platform/focus'
import { watchHover } from '@/platform/hover'
import './Tooltip.scss'

/** How long a tip shown by a long touch stays up. */
const TOUCH_SHOW_MS = 1500

interface TooltipProps {
  text: string
  children: ReactNode
  /** Below the element instead of above it (elements at the top of a pane). */
  below?: boolean
  /** Over the element itself, from its start (a row's text: above or below it would hide a neighbouring row). */
  over?: boolean
  className?: string
}

/**
 * A short hint over an element, shown on pointer hover, on keyboard focus and on a long touch (the
 * browser's `title` shows on hover only, and the mini-program has none). Escape hides it. The hint
 * is also the element's description for screen readers.
 */
export default function Tooltip({ text, children, below, over, className }: TooltipProps) {
  const id = `tip${useId().replace(/:/g, '')}`
  const [shown, setShown] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => watchHover(id, () => setShown(true), () => setShown(false)), [id])
  useEffect(() => onFocusWithin(id, () => setShown(true), () => setShown(false)), [id])
  useEffect(() => () => clearTimeout(timer.current), [])
  useEscape(shown, () => setShown(false))
  const onLongPress = () => {
    setShown(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setShown(false), TOUCH_SHOW_MS)
  }
  return (
    <View id={id} className={`tooltip${className ? ` ${className}` : ''}`} aria-describedby={`${id}-text`} onLongPress={onLongPress}>
      {children}
      <View id={`${id}-text`} role='tooltip' className={`tooltip__bubble${over ? ' tooltip__bubble--over' : below ? ' tooltip__bubble--below' : ''}${shown ? ' tooltip__bubble--shown' : ''}`} data-testid='tooltip'>
        {text}
      </View>
    </View>
  )
}
