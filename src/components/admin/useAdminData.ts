import { useCallback, useEffect, useState } from 'react'

/**
 * A console list: loads with `load`, reloads on `reload()` and whenever `deps` change. Errors
 * were already shown as toasts by the api client, so they only stop the spinner here.
 */
export function useAdminData<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | null>(null)
  const [loading, setLoading] = useState(true)
  const reload = useCallback(() => {
    setLoading(true)
    load()
      .then(setData, () => undefined)
      .finally(() => setLoading(false))
  }, deps)
  useEffect(reload, [reload])
  return { data, loading, reload, setData }
}

/** A time as every screen of the console shows it: 2026-11-25 20:45 (local). ISO text or epoch milliseconds. */
export function timeText(at: string | number | null | undefined): string {
  if (at === null || at === undefined || at === '') return '—'
  const d = new Date(at)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
