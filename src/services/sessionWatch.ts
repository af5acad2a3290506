import { relaunch } from '@/router/navigation'
import type { ServiceContext } from './context'
import type { SessionEnd } from './sessionEnd'
import { loadSession, watchStoredSession } from './sessionPersistence'

export const SESSION_CHANGED_TEXT = '登录状态已在其他窗口改变'
export const SESSION_CHANGED_UNSENT_TEXT = '登录状态已在其他窗口改变，未发送的消息已取消'

/**
 * Tabs of one browser share the stored session. When another tab logs out, or out and in again,
 * this tab's token is dead and its socket would retry it for ever: instead it ends its session,
 * says why (and that unsent messages were dropped), and follows the stored one, or goes to /login.
 */
export function createSessionWatch(ctx: ServiceContext, sessionEnd: Pick<SessionEnd, 'endSession'>) {
  function onStoredSessionChange(): void {
    const current = ctx.store.getState().user
    const stored = loadSession()
    if ((current?.token ?? null) === (stored?.token ?? null)) return
    if (current) {
      const unsent = Object.values(ctx.store.getState().messages).some((m) => m.list.some((x) => x.status === 'unSend'))
      ctx.toast.error(unsent ? SESSION_CHANGED_UNSENT_TEXT : SESSION_CHANGED_TEXT)
      sessionEnd.endSession({ reason: 'expired', navigate: 'never' })
    }
    if (stored) {
      ctx.store.getState().setUser(stored)
      void relaunch('messages')
    } else if (current) {
      void relaunch('login')
    }
  }

  /** Starts watching; returns the function that stops. */
  return { start: () => watchStoredSession(onStoredSessionChange) }
}
