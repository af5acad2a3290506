import type { TypingEvent } from '@/engines/chat/ChatEngine'
import type { ServiceContext } from '../context'

/** A typing entry disappears this long after its last refresh (the sender may have vanished). */
export const TYPING_EXPIRY_MS = 6000
/** While the editor stays in the typing state, the state is sent again this often. */
export const TYPING_REFRESH_MS = 4000

export function createTyping({ engine, state }: ServiceContext) {
  const expiries = new Map<string, ReturnType<typeof setTimeout>>()
  const outgoing = new Map<string, ReturnType<typeof setInterval>>()

  function setUser(conversationID: string, userID: string, typing: boolean): void {
    const current = state().typingBy[conversationID] ?? []
    const next = typing ? (current.includes(userID) ? current : [...current, userID]) : current.filter((u) => u !== userID)
    state().setTypingUsers(conversationID, next)
  }

  /** A typing frame from someone: shown until they stop, send, or go quiet for TYPING_EXPIRY_MS. */
  function receiveTyping({ conversationID, from, typing }: TypingEvent): void {
    const key = `${conversationID}\n${from}`
    const pending = expiries.get(key)
    if (pending) clearTimeout(pending)
    expiries.delete(key)
    setUser(conversationID, from, typing)
    if (typing) {
      expiries.set(
        key,
        setTimeout(() => {
          expiries.delete(key)
          setUser(conversationID, from, false)
        }, TYPING_EXPIRY_MS),
      )
    }
  }

  /** Someone's message arrived: they are no longer typing it. */
  function stopTypingOf(conversationID: string, userID: string): void {
    if (!(state().typingBy[conversationID] ?? []).includes(userID)) return
    receiveTyping({ conversationID, from: userID, typing: false })
  }

  /**
   * The editor's typing state (spec 4: content and focus). Only changes are sent; while it stays
   * on, it is refreshed so the receiver's expiry does not end it.
   */
  function setTyping(conversationID: string, typing: boolean): void {
    const active = outgoing.get(conversationID)
    if (typing === (active !== undefined)) return
    if (active !== undefined) {
      clearInterval(active)
      outgoing.delete(conversationID)
    }
    engine().setTyping(conversationID, typing)
    if (typing) outgoing.set(conversationID, setInterval(() => engine().setTyping(conversationID, true), TYPING_REFRESH_MS))
  }

  /** Leaving a conversation ends our typing state there. */
  function stopOwnTyping(conversationID?: string): void {
    for (const id of [...outgoing.keys()]) if (conversationID === undefined || id === conversationID) setTyping(id, false)
  }

  function clearTyping(): void {
    for (const t of expiries.values()) clearTimeout(t)
    for (const t of outgoing.values()) clearInterval(t)
    expiries.clear()
    outgoing.clear()
  }

  return { receiveTyping, stopTypingOf, setTyping, stopOwnTyping, clearTyping }
}
