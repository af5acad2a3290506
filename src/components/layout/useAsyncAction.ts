import { useCallback, useRef, useState } from 'react'
import { isApiError } from '@/services/api/errors'

/** The words to show inline for a failed action: the server's message, else a generic one. */
export function failureText(err: unknown, fallback = '操作失败，请稍后重试'): string {
  if (isApiError(err)) return err.msg || fallback
  return fallback
}

/**
 * Runs one form action at a time: `busy` drives the button's spinner, `error` the inline message.
 * A second submit while the first is running is ignored (Enter pressed twice, double clicks).
 */
export function useAsyncAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const running = useRef(false)

  const run = useCallback(async (action: () => Promise<void>, fallback?: string) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    setError('')
    try {
      await action()
    } catch (err) {
      setError(failureText(err, fallback))
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])

  return { busy, error, setError, run }
}
