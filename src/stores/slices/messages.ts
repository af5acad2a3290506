import type { StateCreator } from 'zustand'
import type { AppState } from '../appState'
import { admitted, boundWindow, LIVE_WINDOW, MESSAGE_WINDOW, replacedWindow, type KeepSide } from '../chat/messageWindow'
import { mergeMessageList, messageKey, type MessageListState, type UiMessage } from '../chat/uiMessage'

export type { MessageListState, SendStatus, UiMessage } from '../chat/uiMessage'

export interface MessagesSlice {
  /** conversationID → its loaded messages. A conversation never opened has no entry. */
  messages: Record<string, MessageListState>
  /**
   * Merges messages (stored or local) into a conversation's list, creating the entry. `isCompleted`
   * and `hasNewer` are set when given (a page says whether more exist on its side). A page names the
   * side it extends (`keep`): the window is bounded to MESSAGE_WINDOW, dropping the other side.
   * Without it (live messages, catch-up) the window keeps its newest LIVE_WINDOW messages, and while
   * it does not reach the newest message, stored messages beyond it are not taken in.
   */
  mergeMessages(conversationID: string, messages: UiMessage[], options?: { isCompleted?: boolean; hasNewer?: boolean; keep?: KeepSide }): void
  /** Puts a page in place of the stored messages held (a jump far back, a return to the newest). */
  replaceMessages(conversationID: string, page: UiMessage[], flags: { isCompleted: boolean; hasNewer: boolean }): void
  setLoadingNewer(conversationID: string, loading: boolean): void
  /** Changes the local state of one message, found by its key (clientMsgId of the sender, or ID). */
  patchMessage(conversationID: string, key: string, patch: Partial<UiMessage>): void
  setLoadingOlder(conversationID: string, loading: boolean): void
  /** New read counts of a group message (receipt frames). */
  setReadReceipt(conversationID: string, sequence: number, readCount: number, unreadCount: number): void
  dropMessages(conversationID: string): void
  /** Marks stored messages revoked; the held payload stays so the sender can re-edit their text. */
  markRevoked(conversationID: string, match: (m: UiMessage) => boolean, revoker: string): void
  /** Takes messages out of the list (deleted for this user), by key. */
  removeMessages(conversationID: string, keys: readonly string[]): void
}

export const messagesInitial = { messages: {} } satisfies Partial<MessagesSlice>

export const EMPTY_MESSAGE_LIST: MessageListState = Object.freeze({ list: [], isCompleted: false, hasNewer: false, loadingOlder: false, loadingNewer: false }) as MessageListState

function entry(s: AppState, id: string): MessageListState {
  return s.messages[id] ?? { list: [], isCompleted: false, hasNewer: false, loadingOlder: false, loadingNewer: false }
}

export const createMessagesSlice: StateCreator<AppState, [], [], MessagesSlice> = (set) => ({
  ...messagesInitial,
  mergeMessages: (id, incoming, options = {}) =>
    set((s) => {
      const held = entry(s, id)
      const merged = mergeMessageList(held.list, options.hasNewer === undefined ? admitted(held, incoming) : incoming)
      const window = boundWindow(
        { list: merged, isCompleted: options.isCompleted ?? held.isCompleted, hasNewer: options.hasNewer ?? held.hasNewer },
        options.keep ?? 'newest',
        options.keep ? MESSAGE_WINDOW : LIVE_WINDOW,
      )
      const { list, isCompleted, hasNewer } = window
      if (s.messages[id] && list === held.list && isCompleted === held.isCompleted && hasNewer === held.hasNewer) return {}
      return { messages: { ...s.messages, [id]: { ...held, list, isCompleted, hasNewer } } }
    }),
  replaceMessages: (id, page, { isCompleted, hasNewer }) =>
    set((s) => {
      const held = entry(s, id)
      return { messages: { ...s.messages, [id]: { ...held, list: replacedWindow(held.list, page, !hasNewer), isCompleted, hasNewer } } }
    }),
  setLoadingNewer: (id, loadingNewer) =>
    set((s) => {
      const held = s.messages[id]
      if (!held || held.loadingNewer === loadingNewer) return {}
      return { messages: { ...s.messages, [id]: { ...held, loadingNewer } } }
    }),
  patchMessage: (id, key, patch) =>
    set((s) => {
      const held = s.messages[id]
      const at = held ? held.list.findIndex((m) => messageKey(m) === key) : -1
      if (!held || at < 0) return {}
      const list = held.list.slice()
      list[at] = { ...list[at]!, ...patch }
      return { messages: { ...s.messages, [id]: { ...held, list } } }
    }),
  setLoadingOlder: (id, loadingOlder) =>
    set((s) => {
      const held = entry(s, id)
      if (held.loadingOlder === loadingOlder && s.messages[id]) return {}
      return { messages: { ...s.messages, [id]: { ...held, loadingOlder } } }
    }),
  setReadReceipt: (id, sequence, readCount, unreadCount) =>
    set((s) => {
      const held = s.messages[id]
      const at = held ? held.list.findIndex((m) => m.sequence === sequence) : -1
      if (!held || at < 0) return {}
      const list = held.list.slice()
      list[at] = { ...list[at]!, readReceiptInfo: { readCount, unreadCount } }
      return { messages: { ...s.messages, [id]: { ...held, list } } }
    }),
  markRevoked: (id, match, revoker) =>
    set((s) => {
      const held = s.messages[id]
      if (!held || !held.list.some((m) => m.sequence > 0 && !m.isRevoked && match(m))) return {}
      const list = held.list.map((m) => (m.sequence > 0 && !m.isRevoked && match(m) ? { ...m, isRevoked: true, revoker } : m))
      return { messages: { ...s.messages, [id]: { ...held, list } } }
    }),
  removeMessages: (id, keys) =>
    set((s) => {
      const held = s.messages[id]
      if (!held) return {}
      const drop = new Set(keys)
      const list = held.list.filter((m) => !drop.has(messageKey(m)))
      if (list.length === held.list.length) return {}
      return { messages: { ...s.messages, [id]: { ...held, list } } }
    }),
  dropMessages: (id) =>
    set((s) => {
      if (!s.messages[id]) return {}
      const messages = { ...s.messages }
      delete messages[id]
      return { messages }
    }),
})
