import { HISTORY_PAGE_SIZE } from '@shared/chat'
import { contiguousSequence, lowestSequence } from '@/stores/chat/uiMessage'
import { toUi } from './audio'
import type { ServiceContext } from '../context'

/** Catch-up pages: the server answers at most 500; 200 keeps each answer small. */
const SINCE_PAGE_SIZE = 200

export function createLoading({ engine, state }: ServiceContext) {
  const gapFills = new Map<string, Promise<void>>()

  /** The newest page of a conversation never opened; for one already held, whatever came since. */
  async function loadNewest(conversationID: string): Promise<void> {
    if (state().messages[conversationID]) return fillGap(conversationID)
    const page = await engine().getMessageList({ conversationID, count: HISTORY_PAGE_SIZE })
    state().mergeMessages(conversationID, page.messages.map(toUi), { isCompleted: page.isCompleted })
  }

  /**
   * Fetches everything after the last sequence held without a hole (messages/since), page after
   * page. One
   * fill per conversation runs at a time; a request while it runs joins it and then looks again,
   * since the message that asked may be newer than what the running fill will reach.
   */
  function fillGap(conversationID: string): Promise<void> {
    const running = gapFills.get(conversationID)
    if (running) return running.then(() => fillGapOnce(conversationID))
    return fillGapOnce(conversationID)
  }

  function fillGapOnce(conversationID: string): Promise<void> {
    const existing = gapFills.get(conversationID)
    if (existing) return existing
    const run = (async () => {
      for (;;) {
        const held = state().messages[conversationID]
        if (!held) return
        const afterSequence = contiguousSequence(held.list)
        const page = await engine().getMessagesSince({ conversationID, afterSequence, count: SINCE_PAGE_SIZE })
        state().mergeMessages(conversationID, page.messages.map(toUi))
        if (!page.hasMore || !page.messages.length) return
      }
    })().finally(() => gapFills.delete(conversationID))
    gapFills.set(conversationID, run)
    return run
  }

  /** 'View more': the page before the oldest message held. Failures are logged (spec 8). */
  async function loadOlderMessages(conversationID: string): Promise<void> {
    const held = state().messages[conversationID]
    if (!held) return loadNewest(conversationID).catch((err: unknown) => console.warn('loading messages failed', err))
    if (held.loadingOlder || held.isCompleted) return
    const beforeSequence = lowestSequence(held.list)
    state().setLoadingOlder(conversationID, true)
    try {
      const page = await engine().getMessageList({ conversationID, count: HISTORY_PAGE_SIZE, ...(beforeSequence > 0 ? { beforeSequence } : {}) })
      state().mergeMessages(conversationID, page.messages.map(toUi), { isCompleted: page.isCompleted })
    } catch (err) {
      console.warn('loading older messages failed', err)
    } finally {
      state().setLoadingOlder(conversationID, false)
    }
  }

  /** Logout: no fill of the old session may write into the next one's store. */
  function clearFills(): void {
    gapFills.clear()
  }

  return { loadNewest, fillGap, loadOlderMessages, clearFills }
}
