import type { CommonEvent, ITouch } from '@tarojs/components/types/common'
import { useEffect, useRef } from 'react'

/** Spec 9: a long press is 500 ms. */
export const LONG_PRESS_MS = 500
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10

export interface PressPoint {
  x: number
  y: number
}

/** View declares its touch handlers with the generic event type; the event carries the touches. */
function firstTouch(e: CommonEvent): ITouch | undefined {
  return (e as CommonEvent & { touches?: ITouch[] }).touches?.[0]
}

/** The contextmenu event as React hands it over; Taro's View types do not list it. */
interface PointerMenuEvent {
  clientX: number
  clientY: number
  preventDefault(): void
}

/**
 * Opens a context menu by right-click (desktop) or a 500 ms long press (touch). The press is timed
 * here rather than with the components' longpress event, whose delay (350 ms) is not the spec's.
 * After a long press the click that some browsers still deliver on release is swallowed: spread
 * `handlers` on the element and wrap its click handler with `guardClick`.
 */
export function usePressMenu(onOpen: (point: PressPoint) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const origin = useRef<PressPoint | null>(null)
  const fired = useRef(false)
  const open = useRef(onOpen)
  open.current = onOpen

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }
  useEffect(() => cancel, [])

  const handlers = {
    onTouchStart: (e: CommonEvent) => {
      const touch = firstTouch(e)
      if (!touch) return
      cancel()
      fired.current = false
      const point = { x: touch.clientX, y: touch.clientY }
      origin.current = point
      timer.current = setTimeout(() => {
        timer.current = null
        fired.current = true
        open.current(point)
      }, LONG_PRESS_MS)
    },
    onTouchMove: (e: CommonEvent) => {
      const touch = firstTouch(e)
      const start = origin.current
      if (!touch || !start) return
      if (Math.abs(touch.clientX - start.x) > MOVE_TOLERANCE_PX || Math.abs(touch.clientY - start.y) > MOVE_TOLERANCE_PX) cancel()
    },
    onTouchEnd: (e: CommonEvent) => {
      cancel()
      // The browser would turn this release into a click on whatever is under the finger now,
      // which is the menu's own backdrop; a cancelled touchend makes no click.
      if (fired.current) e.preventDefault()
    },
    onTouchCancel: cancel,
    onContextMenu: (e: PointerMenuEvent) => {
      e.preventDefault()
      // A touch browser also reports a long press as contextmenu: whichever comes first opens the
      // menu, once, and the release that follows is not a click.
      const touching = timer.current !== null
      cancel()
      if (fired.current) return
      if (touching) fired.current = true
      open.current({ x: e.clientX, y: e.clientY })
    },
  }

  const guardClick = (action: () => void) => () => {
    if (fired.current) {
      fired.current = false
      return
    }
    action()
  }

  return { handlers, guardClick }
}
