import { useLayoutEffect, useRef } from 'react'
import { keyboard } from '@/platform/keyboard'

// Overlays open over each other (a confirmation over a dialog over a popover): Escape closes the
// one on top only. One page has one keyboard, so the stack is shared by the page's overlays.
const stack: Array<{ current: () => void }> = []
let stopListening: (() => void) | null = null

function onEscape(): void {
  stack[stack.length - 1]?.current()
}

/** Escape closes this overlay while it is open and nothing was opened over it. */
export function useEscape(open: boolean, close: () => void): void {
  const handler = useRef(close)
  handler.current = close
  // Before the overlay is drawn, so that one on screen already answers Escape.
  useLayoutEffect(() => {
    if (!open || !keyboard.supported()) return
    stack.push(handler)
    stopListening ??= keyboard.onEscape(onEscape)
    return () => {
      const at = stack.lastIndexOf(handler)
      if (at >= 0) stack.splice(at, 1)
      if (stack.length === 0) {
        stopListening?.()
        stopListening = null
      }
    }
  }, [open])
}
