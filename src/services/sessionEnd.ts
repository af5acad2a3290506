import type { ChatEngine } from '@/engines/chat/ChatEngine'
import { relaunch } from '@/router/navigation'
import type { AppStore } from '@/stores'
import { forgetSession } from './sessionPersistence'

/** Why a session ends: the user logged out, the server ended it (forced logout), or a request found it gone. */
export type SessionEndReason = 'logout' | 'kicked' | 'expired'

export interface EndSessionOptions {
  /**
   * 'ifSession' (default) opens /login only when there was a session to end, so two reports of
   * the same ending (a socket notice and an HTTP code) navigate once; 'never' leaves it to the caller.
   */
  navigate?: 'ifSession' | 'never'
  reason?: SessionEndReason
  /** What the login page says about it (the server's words: 你已在其他设备上被退出登录…). */
  notice?: string
}

type SessionEndListener = (reason: SessionEndReason) => void

export type SessionEnd = ReturnType<typeof createSessionEnd>

export function createSessionEnd(store: AppStore, chatEngine: ChatEngine) {
  const listeners = new Set<SessionEndListener>()

  /**
   * Features that hold live state beyond the store (a running call) stop through this, so the
   * session's end does not import them.
   */
  function onSessionEnd(listener: SessionEndListener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  const logoutListeners = new Set<() => Promise<void>>()

  /** Work that must reach the server before a chosen logout closes the socket (hanging up a call). */
  function beforeLogout(listener: () => Promise<void>): () => void {
    logoutListeners.add(listener)
    return () => logoutListeners.delete(listener)
  }

  async function runBeforeLogout(): Promise<void> {
    await Promise.all([...logoutListeners].map((l) => l().catch((err: unknown) => console.warn('before-logout step failed', err))))
  }

  /** Clears the stored and in-memory session, stops the messaging engine, and goes to /login. */
  function endSession(options: EndSessionOptions = {}): void {
    const state = store.getState()
    const hadSession = state.user !== null
    for (const listener of listeners) {
      try {
        listener(options.reason ?? 'expired')
      } catch (err) {
        console.warn('session end listener failed', err)
      }
    }
    chatEngine.logout().catch((err: unknown) => console.warn('messaging logout failed', err))
    forgetSession(state.user?.token)
    state.clearSession()
    if (hadSession && options.notice) state.setSessionEndNotice(options.notice)
    if (hadSession && options.navigate !== 'never') void relaunch('login')
  }

  return { onSessionEnd, beforeLogout, runBeforeLogout, endSession }
}
