import { highestSequence, mergeMessageList, messageKey, type UiMessage } from './uiMessage'

/**
 * Stored messages held per conversation after paging (ten history pages). A chat of 50,000
 * messages costs what 200 cost: pages far from where the reader is are dropped and fetched again
 * by sequence when the reader scrolls back to them.
 */
export const MESSAGE_WINDOW = 200
/**
 * Live messages only drop old pages beyond this many: the reader may be reading the oldest rows
 * held, and removing rows above them would move what they read.
 */
export const LIVE_WINDOW = 2 * MESSAGE_WINDOW

export interface MessageWindow {
  list: UiMessage[]
  /** No older messages exist on the server. */
  isCompleted: boolean
  /** Newer stored messages exist than the newest held: the window is somewhere in the past. */
  hasNewer: boolean
}

/** The side a window keeps when it is over its size: the newest messages, or the oldest ones. */
export type KeepSide = 'newest' | 'oldest'

/**
 * Bounds a window to `max` stored messages, dropping from the side away from `keep` and noting
 * that messages exist beyond the dropped side. Local messages (not stored yet) are never dropped:
 * they could not be fetched again. The same object comes back when nothing is dropped.
 */
export function boundWindow(window: MessageWindow, keep: KeepSide, max = MESSAGE_WINDOW): MessageWindow {
  const stored = window.list.filter((m) => m.sequence > 0)
  const over = stored.length - max
  if (over <= 0) return window
  const dropped = new Set(keep === 'newest' ? stored.slice(0, over) : stored.slice(stored.length - over))
  const list = window.list.filter((m) => !dropped.has(m))
  return keep === 'newest' ? { ...window, list, isCompleted: false } : { ...window, list, hasNewer: true }
}

/**
 * What of an arriving batch enters a window that does not reach the newest message: messages
 * already held (a send being acknowledged, an edit) and local ones. Stored messages newer than the
 * window are left out; the reader reaches them by scrolling down, which loads them in order.
 */
export function admitted(window: MessageWindow, incoming: readonly UiMessage[]): readonly UiMessage[] {
  if (!window.hasNewer) return incoming
  const top = highestSequence(window.list)
  const held = new Set(window.list.map(messageKey))
  const ids = new Set(window.list.map((m) => m.ID))
  return incoming.filter((m) => m.sequence === 0 || m.sequence <= top || held.has(messageKey(m)) || ids.has(m.ID))
}

/**
 * A window put in place of what was held (a jump to an old message, a return to the newest page):
 * the stored messages are the page's, the local ones held stay. A newest page also keeps what
 * is held beyond its end: a send acknowledged while the page was on its way.
 */
export function replacedWindow(held: readonly UiMessage[], page: readonly UiMessage[], isNewest: boolean): UiMessage[] {
  const top = highestSequence(page)
  return mergeMessageList(page, held.filter((m) => m.sequence === 0 || (isNewest && m.sequence > top)))
}
