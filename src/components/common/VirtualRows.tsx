import { ScrollView, View } from '@tarojs/components'
import { useEffect, useState, type ReactNode } from 'react'
import { scroller } from '@/platform/scroller'

/** Rows drawn beyond each edge of the viewport, so a fast flick does not show blank space. */
const OVERSCAN_ROWS = 8
/** The viewport height assumed until it is measured (a tall desktop window). */
const FIRST_GUESS_PX = 1200

interface VirtualRowsProps {
  /** The scrolling element's id (for measuring it). */
  id: string
  className?: string
  count: number
  /** Every row has this height, in px: the window is computed, never measured row by row. */
  rowHeight: number
  renderRow(index: number): ReactNode
  testId?: string
  /** What a screen reader hears the rows as: a list of choices (listbox) with this name. */
  listRole?: 'listbox' | 'list'
  listLabel?: string
}

/** The first and last (exclusive) rows to draw for a scroll position. */
export function rowWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = OVERSCAN_ROWS) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan)
  return { first, last: Math.max(first, last) }
}

/**
 * A scrolling list of rows of one height that draws only the rows in view (and a few around them):
 * 10,000 conversations cost as much to draw as 30. It is a plain ScrollView with a spacer, so it
 * behaves alike in the browser and the mini-program.
 */
export default function VirtualRows({ id, className, count, rowHeight, renderRow, testId, listRole, listLabel }: VirtualRowsProps) {
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(FIRST_GUESS_PX)

  useEffect(() => {
    let current = true
    void scroller.metrics(id).then((m) => {
      if (current && m && m.clientHeight > 0) setViewport(m.clientHeight)
    })
    return () => {
      current = false
    }
  }, [id, count])

  const { first, last } = rowWindow(scrollTop, viewport, rowHeight, count)
  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) rows.push(renderRow(i))

  return (
    <ScrollView
      id={id}
      className={className}
      scrollY
      data-testid={testId}
      data-rows={count}
      onScroll={(e) => setScrollTop(e.detail.scrollTop)}
    >
      <View className='virtual-rows' role={listRole} aria-label={listLabel} style={{ height: `${count * rowHeight}px`, position: 'relative' }}>
        <View style={{ position: 'absolute', left: 0, right: 0, top: `${first * rowHeight}px` }}>{rows}</View>
      </View>
    </ScrollView>
  )
}
