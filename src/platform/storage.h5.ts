import type { StoragePort } from './storage'

/** Private browsing modes may refuse writes; storage is best-effort, so failures are logged only. */
function localStore(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export const storage: StoragePort = {
  get<T>(key: string): T | null {
    const raw = localStore()?.getItem(key)
    if (raw == null) return null
    try {
      return JSON.parse(raw) as T
    } catch {
      return null
    }
  },
  set(key, value) {
    try {
      localStore()?.setItem(key, JSON.stringify(value))
    } catch (err) {
      console.error('storage write failed', key, err)
    }
  },
  remove(key) {
    localStore()?.removeItem(key)
  },
  watch(key, onChange) {
    // Fired in the other tabs only; a null key means the whole store was cleared.
    const listener = (e: StorageEvent) => {
      if (e.key === key || e.key === null) onChange()
    }
    window.addEventListener('storage', listener)
    return () => window.removeEventListener('storage', listener)
  },
}
