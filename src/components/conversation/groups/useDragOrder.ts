import type { CommonEvent, ITouch } from '@tarojs/components/types/common'
import { useRef, useState } from 'react'

/** Where a pointer is, from a touch or a mouse event alike. */
function clientY(e: CommonEvent): number | null {
  const touch = (e as CommonEvent & { touches?: ITouch[] }).touches?.[0]
  if (touch) return touch.clientY
  const y = (e as CommonEvent & { clientY?: number }).clientY
  return typeof y === 'number' ? y : null
}

/** Moves the item at `from` to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list]
  const [item] = out.splice(from, 1)
  if (item === undefined) return out
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item)
  return out
}

/**
 * Reordering a list of rows of one height by dragging their handles, with a finger or a mouse:
 * the handle starts the drag, the list follows the pointer and drops on release. Spread
 * `handleProps(index)` on each handle and `listProps` on the list.
 */
export function useDragOrder<T>(order: readonly T[], rowHeight: number, onChange: (next: T[]) => void) {
  const drag = useRef<{ from: number; startY: number; offset: number } | null>(null)
  const [dragging, setDragging] = useState<{ index: number; offset: number } | null>(null)

  const start = (index: number) => (e: CommonEvent) => {
    const y = clientY(e)
    if (y === null) return
    e.stopPropagation()
    drag.current = { from: index, startY: y, offset: 0 }
    setDragging({ index, offset: 0 })
  }
  const move = (e: CommonEvent) => {
    const y = clientY(e)
    if (!drag.current || y === null) return
    // The page must not scroll under a finger that is moving a row.
    e.preventDefault()
    drag.current.offset = y - drag.current.startY
    setDragging({ index: drag.current.from, offset: drag.current.offset })
  }
  const end = () => {
    const current = drag.current
    drag.current = null
    setDragging(null)
    if (!current) return
    const to = Math.max(0, Math.min(order.length - 1, current.from + Math.round(current.offset / rowHeight)))
    if (to !== current.from) onChange(moveItem(order, current.from, to))
  }

  const handleProps = (index: number) => ({ onTouchStart: start(index), onMouseDown: start(index) })
  const listProps = { onTouchMove: move, onTouchEnd: end, onTouchCancel: end, onMouseMove: move, onMouseUp: end, onMouseLeave: end }

  /** The shift of a row while another is dragged: rows between the start and the drop make room. */
  const shiftOf = (index: number): number => {
    if (!dragging) return 0
    if (index === dragging.index) return dragging.offset
    const to = dragging.index + Math.round(dragging.offset / rowHeight)
    if (dragging.index < index && index <= to) return -rowHeight
    if (to <= index && index < dragging.index) return rowHeight
    return 0
  }

  return { dragging: dragging?.index ?? null, handleProps, listProps, shiftOf }
}
