import { HISTORY_PAGE_SIZE } from '@shared/chat'
import { MESSAGE_WINDOW } from '@/stores/chat/messageWindow'
import { contiguousSequence, highestSequence, lowestSequence } from '@/stores/chat/uiMessage'
import { toUi } from './audio'
import type { ServiceContext } from '../context'

/** Catch-up pages: the server answers at most 500; 200 keeps each answer small. */
const SINCE_PAGE_SIZE = 200
/**
 * The page loaded around a message jumped to far back: taller than any screen, so the reader can
 * scroll on from it both ways (and scrolling down loads what follows).
 */
const AROUND_PAGE_SIZE = 60
/** The most a history page may hold (types/chat.ts HistoryBody). */
const HISTORY_PAGE_MAX = 100

export function createLoading({ engine, state }: ServiceContext) {
  const gapFills = new Map<string, Promise<void>>()

  /** The newest page of a conversation never opened; for one already held, whatever came since. */
  async function loadNewest(conversationID: string): Promise<void> {
    if (state().messages[conversationID]) return fillGap(conversationID)
    const page = await engine().getMessageList({ conversationID, count: HISTORY_PAGE_SIZE })
    state().mergeMessages(conversationID, page.messages.map(toUi), { isCompleted: page.isCompleted })
    // A list newer than this page (a message stored while the page was on its way, before the
    // socket was up to push it) found nothing held when it looked for gaps: this side fills it.
    const held = state().messages[conversationID]
    const lastSequence = state().conversations[conversationID]?.lastSequence ?? 0
    if (held && lastSequence > contiguousSequence(held.list)) await fillGap(conversationID)
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
        // A window in the past catches up by scrolling down (loadNewerMessages), page by page.
        if (!held || held.hasNewer) return
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
      state().mergeMessages(conversationID, page.messages.map(toUi), { isCompleted: page.isCompleted, keep: 'oldest' })
    } catch (err) {
      console.warn('loading older messages failed', err)
    } finally {
      state().setLoadingOlder(conversationID, false)
    }
  }

  /** Scrolling down in a window that does not reach the newest message: the page after it. */
  async function loadNewerMessages(conversationID: string): Promise<void> {
    const held = state().messages[conversationID]
    if (!held || !held.hasNewer || held.loadingNewer) return
    state().setLoadingNewer(conversationID, true)
    try {
      const page = await engine().getMessagesSince({ conversationID, afterSequence: highestSequence(held.list), count: HISTORY_PAGE_SIZE })
      state().mergeMessages(conversationID, page.messages.map(toUi), { hasNewer: page.hasMore, keep: 'newest' })
    } catch (err) {
      console.warn('loading newer messages failed', err)
    } finally {
      state().setLoadingNewer(conversationID, false)
    }
  }

  /** The newest page in place of a window in the past (scroll to latest, a send). */
  async function showNewest(conversationID: string): Promise<void> {
    const page = await engine().getMessageList({ conversationID, count: HISTORY_PAGE_SIZE })
    state().replaceMessages(conversationID, page.messages.map(toUi), { isCompleted: page.isCompleted, hasNewer: false })
  }

  /**
   * Makes a message held, for a jump to it: at once when it is, else the page around it in place
   * of the window (found by sequence, however far back). Resolves false when the user cannot see it.
   */
  async function loadAround(conversationID: string, messageID: string): Promise<boolean> {
    const isHeld = () => Boolean(state().messages[conversationID]?.list.some((m) => m.ID === messageID))
    if (isHeld()) return true
    const sequence = await engine().locateMessage(conversationID, messageID)
    if (sequence === null) return false
    const half = AROUND_PAGE_SIZE / 2
    const before = state().messages[conversationID]
    const lowest = before ? lowestSequence(before.list) : 0
    const stored = before ? before.list.filter((m) => m.sequence > 0).length : 0
    if (before && lowest > 0 && stored + lowest - sequence + half <= MESSAGE_WINDOW) {
      // Near enough: the pages in between are loaded too and the window keeps what it held.
      let from = lowest
      while (from > sequence - half) {
        const count = Math.min(HISTORY_PAGE_MAX, from - (sequence - half))
        const older = await engine().getMessageList({ conversationID, count, beforeSequence: from })
        state().mergeMessages(conversationID, older.messages.map(toUi), { isCompleted: older.isCompleted, keep: 'oldest' })
        if (older.isCompleted || !older.messages.length) break
        from = lowestSequence(older.messages.map(toUi))
      }
      return isHeld()
    }
    const page = await engine().getMessageList({ conversationID, count: AROUND_PAGE_SIZE, beforeSequence: sequence + half })
    const held = state().messages[conversationID]?.list ?? []
    const messages = page.messages.map(toUi)
    // The page reaches the newest message when nothing held is newer than its end.
    const hasNewer = highestSequence(held) > highestSequence(messages)
    state().replaceMessages(conversationID, messages, { isCompleted: page.isCompleted, hasNewer })
    return isHeld()
  }

  /** Logout: no fill of the old session may write into the next one's store. */
  function clearFills(): void {
    gapFills.clear()
  }

  return { loadNewest, fillGap, loadOlderMessages, loadNewerMessages, showNewest, loadAround, clearFills }
}
