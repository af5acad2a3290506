import type { Message } from '@shared/chat'
import { visibility } from '@/platform/visibility'
import type { ServiceContext } from '../context'

/** Messages that become visible together (a page scrolled into view) share one read frame. */
const FLUSH_DELAY_MS = 100

export function createReads({ engine, me, state }: ServiceContext) {
  const pendingRead = new Map<string, number>()
  const pendingReceipts = new Map<string, Set<number>>()
  /** conversationID:sequence of group receipts already sent from this session. */
  const receipted = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | null = null

  /**
   * Called by the message list when an incoming message is at least 70% visible (spec 4): marks
   * the conversation read up to it and, for a group message asking for receipts, sends one. While
   * the app is hidden nothing counts as seen; the reports wait until it shows again.
   */
  function reportMessageVisible(conversationID: string, message: Pick<Message, 'from' | 'sequence' | 'conversationType' | 'needReadReceipt'>): void {
    if (message.from === me() || message.sequence <= 0) return
    const conv = state().conversations[conversationID]
    if (!conv || message.sequence > conv.readSequence || conv.unreadCount > 0) {
      pendingRead.set(conversationID, Math.max(pendingRead.get(conversationID) ?? 0, message.sequence))
    }
    if (message.conversationType === 'GROUP' && message.needReadReceipt && !receipted.has(`${conversationID}:${message.sequence}`)) {
      let set = pendingReceipts.get(conversationID)
      if (!set) pendingReceipts.set(conversationID, (set = new Set()))
      set.add(message.sequence)
    }
    schedule()
  }

  /** Opening a conversation reads it to its newest message. */
  function markConversationRead(conversationID: string): void {
    const conv = state().conversations[conversationID]
    if (!conv || (conv.unreadCount === 0 && conv.readSequence >= conv.lastSequence)) return
    pendingRead.set(conversationID, Math.max(pendingRead.get(conversationID) ?? 0, conv.lastSequence))
    schedule()
  }

  function schedule(): void {
    if (timer !== null || visibility.isHidden()) return
    timer = setTimeout(flushReads, FLUSH_DELAY_MS)
  }

  /**
   * Sends what was seen; runs again when the app becomes visible and on every (re)connect, since
   * read frames are not queued by the engine while it is disconnected.
   */
  function flushReads(): void {
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (visibility.isHidden() || !engine().isReady()) return
    for (const [conversationID, sequence] of pendingRead) {
      engine().markRead(conversationID, sequence)
      state().applyConversationRead(conversationID, sequence)
    }
    pendingRead.clear()
    for (const [conversationID, set] of pendingReceipts) {
      const sequences = [...set].sort((a, b) => a - b)
      engine().sendReceipts(conversationID, sequences)
      for (const s of sequences) receipted.add(`${conversationID}:${s}`)
    }
    pendingReceipts.clear()
  }

  function clearReads(): void {
    if (timer !== null) clearTimeout(timer)
    timer = null
    pendingRead.clear()
    pendingReceipts.clear()
    receipted.clear()
  }

  return { reportMessageVisible, markConversationRead, flushReads, clearReads }
}
