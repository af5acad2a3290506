import { useEffect, useMemo, useRef } from 'react'

/**
 * Calls `fn` at most once per `ms`, always including a final call after the last trigger, so the
 * end state of a burst (the final scroll position) is never missed.
 */
export function useThrottledCallback(fn: () => void, ms: number): () => void {
  const latest = useRef(fn)
  latest.current = fn
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const last = useRef(0)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  return useMemo(
    () => () => {
      if (timer.current) return
      const wait = Math.max(0, last.current + ms - Date.now())
      timer.current = setTimeout(() => {
        timer.current = null
        last.current = Date.now()
        latest.current()
      }, wait)
    },
    [ms],
  )
}
