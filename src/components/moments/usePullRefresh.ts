import { useRef, useState } from 'react'

/** How far a finger pulls down at the top of the list before letting go refreshes it. */
export const PULL_TRIGGER_PX = 60

interface TouchLike {
  touches: ArrayLike<{ clientY: number }>
}

/**
 * Pull-to-refresh on phones: at the top of the list a downward drag past PULL_TRIGGER_PX, let go,
 * runs `refresh`. `atTop` says whether the list is scrolled to its top.
 */
export function usePullRefresh(refresh: () => Promise<unknown>, atTop: () => boolean) {
  const start = useRef<number | null>(null)
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)

  const handlers = {
    onTouchStart: (e: TouchLike) => {
      start.current = atTop() && !refreshing ? (e.touches[0]?.clientY ?? null) : null
    },
    onTouchMove: (e: TouchLike) => {
      if (start.current === null) return
      const dy = (e.touches[0]?.clientY ?? start.current) - start.current
      setPull(dy > 0 ? Math.min(dy, PULL_TRIGGER_PX * 1.5) : 0)
    },
    onTouchEnd: () => {
      const pulled = pull
      start.current = null
      setPull(0)
      if (pulled < PULL_TRIGGER_PX) return
      setRefreshing(true)
      refresh()
        .catch(() => undefined)
        .finally(() => setRefreshing(false))
    },
  }
  return { pull, refreshing, ready: pull >= PULL_TRIGGER_PX, handlers: handlers as Record<string, unknown> }
}
