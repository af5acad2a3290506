import { useEffect, useRef } from 'react'
import { focusFirst, onPressOutside, rememberFocus, trapFocus } from '@/platform/focus'
import { useEscape } from '@/components/layout/useEscape'

interface PopupOptions {
  /** The DOM id of the pop-up (or of the region that counts as inside it, opener included). */
  id: string
  /** Dialogs: Tab stays inside while open. */
  modal?: boolean
  /** Menus and popovers: a press outside closes them. */
  closeOnPressOutside?: boolean
  /** Moves focus into the pop-up when it opens (true unless the opener keeps typing focus). */
  takeFocus?: boolean
  /** The id of the part whose first control takes focus before the rest (a dialog's body, ahead of its ×). */
  focusPart?: string
}

/**
 * One behaviour for every pop-up: Escape closes the one on top, focus moves in when it opens and
 * back to what opened it when it closes, dialogs keep Tab inside, menus close on a press outside.
 */
export function usePopup(open: boolean, close: () => void, { id, modal, closeOnPressOutside, takeFocus = true, focusPart }: PopupOptions): void {
  const onClose = useRef(close)
  onClose.current = close
  useEscape(open, close)
  useEffect(() => {
    if (!open) return
    const restore = rememberFocus()
    const stops: Array<() => void> = []
    // After the pop-up's first paint: its elements exist then.
    const timer = setTimeout(() => {
      if (takeFocus) focusFirst(id, focusPart)
      if (modal) stops.push(trapFocus(id))
      if (closeOnPressOutside) stops.push(onPressOutside(id, () => onClose.current()))
    }, 0)
    return () => {
      clearTimeout(timer)
      for (const stop of stops) stop()
      restore()
    }
  }, [open, id, modal, closeOnPressOutside, takeFocus, focusPart])
}
