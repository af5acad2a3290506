import { getChatEngine } from '@/engines'
import { relaunch } from '@/router/navigation'
import { useAppStore } from '@/stores'
import { forgetSession } from './sessionPersistence'

export interface EndSessionOptions {
  /**
   * 'ifSession' (default) opens /login only when there was a session to end, so two reports of
   * the same ending (a socket notice and an HTTP code) navigate once; 'never' leaves it to the caller.
   */
  navigate?: 'ifSession' | 'never'
}

/** Clears the stored and in-memory session, stops the messaging engine, and goes to /login. */
export function endSession(options: EndSessionOptions = {}): void {
  const state = useAppStore.getState()
  const hadSession = state.user !== null
  getChatEngine()
    .logout()
    .catch((err: unknown) => console.warn('messaging logout failed', err))
  forgetSession()
  state.clearSession()
  if (hadSession && options.navigate !== 'never') void relaunch('login')
}
