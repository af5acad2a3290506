import type { LoginResult } from '@shared/auth'
import { storage } from '@/platform/storage'

export const SESSION_STORAGE_KEY = 'wt_session'

/** A hand-written check rather than the zod schema keeps zod out of the start-up path. */
function isLoginResult(value: unknown): value is LoginResult {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.wtId === 'string' &&
    typeof v.imToken === 'string' &&
    typeof v.avatar === 'string' &&
    typeof v.nickName === 'string' &&
    typeof v.vipLevel === 'number' &&
    typeof v.vipType === 'number'
  )
}

/** Exactly the LoginResult fields: a QR poll answer also carries `status`, which is not stored. */
export function toLoginResult(value: LoginResult): LoginResult {
  const { token, wtId, imToken, avatar, nickName, vipLevel, vipType } = value
  return { token, wtId, imToken, avatar, nickName, vipLevel, vipType }
}

export function saveSession(user: LoginResult): void {
  storage.set(SESSION_STORAGE_KEY, toLoginResult(user))
}

export function loadSession(): LoginResult | null {
  const saved = storage.get<unknown>(SESSION_STORAGE_KEY)
  if (isLoginResult(saved)) return toLoginResult(saved)
  if (saved !== null) storage.remove(SESSION_STORAGE_KEY)
  return null
}

/**
 * Forgets the stored session. Given the token of the session that ended, a newer one another tab
 * stored meanwhile (a login after a logout) is kept.
 */
export function forgetSession(endedToken?: string): void {
  if (endedToken !== undefined) {
    const stored = storage.get<{ token?: unknown }>(SESSION_STORAGE_KEY)
    if (stored && typeof stored === 'object' && stored.token !== endedToken) return
  }
  storage.remove(SESSION_STORAGE_KEY)
}

/** Calls `onChange` when another tab of this browser stores or forgets the session. */
export function watchStoredSession(onChange: () => void): () => void {
  return storage.watch(SESSION_STORAGE_KEY, onChange)
}
