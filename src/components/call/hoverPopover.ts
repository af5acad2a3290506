import { useEffect, useRef, useState } from 'react'

/** Spec section 9: a popover stays this long after the pointer leaves its button and itself. */
export const POPOVER_CLOSE_DELAY_MS = 1000

/**
 * Opens on hover and closes a while after the pointer has left both the trigger and the popover,
 * so the pointer can travel from one to the other.
 */
export class HoverPopover {
  private timer: ReturnType<typeof setTimeout> | null = null
  private inside = 0

  constructor(
    private readonly onChange: (open: boolean) => void,
    private readonly delayMs = POPOVER_CLOSE_DELAY_MS,
  ) {}

  enter(): void {
    this.inside += 1
    this.cancel()
    this.onChange(true)
  }

  leave(): void {
    this.inside = Math.max(0, this.inside - 1)
    if (this.inside > 0) return
    this.cancel()
    this.timer = setTimeout(() => {
      this.timer = null
      this.onChange(false)
    }, this.delayMs)
  }

  close(): void {
    this.inside = 0
    this.cancel()
    this.onChange(false)
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}

export function useHoverPopover(): { open: boolean; enter: () => void; leave: () => void; close: () => void } {
  const [open, setOpen] = useState(false)
  const ref = useRef<HoverPopover | null>(null)
  ref.current ??= new HoverPopover(setOpen)
  useEffect(() => () => ref.current?.close(), [])
  const c = ref.current
  // Stable handlers: the element listeners are attached once.
  const handlers = useRef({ enter: () => c.enter(), leave: () => c.leave(), close: () => c.close() }).current
  return { open, ...handlers }
}
