import type { Conversation, Message } from '@shared/chat'
import type { GroupCreateBody, GroupType } from '@shared/group'
import type { SearchResult } from '@shared/search'
import type { GetReadMembersParams, ReadMembersPage } from '@/engines/chat/ChatEngine'
import { contiguousSequence } from '@/stores/chat/uiMessage'
import { selectArchivedList } from '@/stores/selectors/chat'
import type { ServiceContext } from '../context'
import type { createLoading } from './loading'
import type { createReads } from './read'
import type { createTyping } from './typing'

/** Spec 8 "Toasts and texts": switching to a conversation failed. */
export const OPEN_FAILED_TEXT = '进入会话失败'

/** Later reloads after the bounded rounds ran out while a count was still unconfirmed. */
const SETTLE_DELAYS_MS = [1000, 3000, 8000]

export interface ConversationDeps {
  loading: Pick<ReturnType<typeof createLoading>, 'fillGap' | 'loadNewest'>
  reads: Pick<ReturnType<typeof createReads>, 'flushReads' | 'markConversationRead'>
  typing: Pick<ReturnType<typeof createTyping>, 'stopOwnTyping'>
}

export function createConversations({ engine, state, toast }: ServiceContext, { loading, reads, typing }: ConversationDeps) {
  const { fillGap, loadNewest } = loading
  const { flushReads, markConversationRead } = reads
  const { stopOwnTyping } = typing

  let reloading: Promise<void> | null = null
  let reloadAgain = false
  let settleAttempt = 0
  let settleTimer: ReturnType<typeof setTimeout> | null = null

  /**
   * The conversation list from the server, then a catch-up (messages/since) of every held
   * conversation whose last sequence is beyond the highest one held: what runs on every
   * (re)connect, and when a message arrives for a conversation not known yet. Calls during a
   * reload make one more reload after it, never more.
   */
  function reloadConversations(): Promise<void> {
    if (reloading) {
      reloadAgain = true
      return reloading
    }
    reloading = (async () => {
      // Bounded, so a conversation the server somehow never confirms cannot keep it asking.
      let rounds = 0
      do {
        reloadAgain = false
        await reloadOnce()
      } while (reloadAgain && ++rounds < 5)
      // Messages kept coming faster than the lists: once they stop, a list as new as what is held
      // settles the count. A few later tries, spaced out, then the next message or reconnect.
      if (reloadAgain) scheduleSettle()
      else settleAttempt = 0
    })().finally(() => {
      reloading = null
    })
    return reloading
  }

  function scheduleSettle(): void {
    const delay = SETTLE_DELAYS_MS[settleAttempt]
    if (delay === undefined || settleTimer) return
    settleAttempt += 1
    settleTimer = setTimeout(() => {
      settleTimer = null
      void reloadConversations()
    }, delay)
  }

  async function reloadOnce(): Promise<void> {
    let list: Conversation[]
    try {
      list = await engine().getConversationList()
    } catch (err) {
      console.warn('loading conversations failed', err)
      return
    }
    const s = state()
    const active = s.activeConversationID
    const activeHeld = active ? s.conversations[active] : undefined
    // The open chat stays even when the server stopped listing it (deleted while open elsewhere).
    const keep = activeHeld && !list.some((c) => c.conversationID === active) ? [activeHeld] : []
    // A conversation that got newer live while the list was on its way holds a count the list
    // cannot confirm (messages pushed before it was known were not counted): ask again, and the
    // server's derived count settles it once a list is at least as new as what is held.
    if (list.some((c) => (s.conversations[c.conversationID]?.lastSequence ?? 0) > c.lastSequence)) reloadAgain = true
    s.setConversations(keep.length ? list.concat(keep) : list)
    // Only conversations with messages held can have a gap; the rest (nearly all of a long list)
    // cost no promise at all.
    const behind = list.filter((c) => {
      const held = state().messages[c.conversationID]
      return held !== undefined && c.lastSequence > contiguousSequence(held.list)
    })
    await Promise.all(
      behind.map(async (c) => {
        try {
          await fillGap(c.conversationID)
        } catch (err) {
          console.warn('catching up failed', c.conversationID, err)
        }
      }),
    )
  }

  /**
   * Shows a conversation: makes it active, creates it on the server if this user has none yet
   * (a first chat with someone found by ID), loads its newest page (or what came since), and
   * marks it read.
   */
  async function openConversation(conversationID: string): Promise<void> {
    state().setActiveConversation(conversationID)
    try {
      if (!state().conversations[conversationID]) state().upsertConversation(await engine().openConversation(conversationID))
    } catch (err) {
      console.warn('opening the conversation failed', err)
      toast.error(OPEN_FAILED_TEXT)
      if (state().activeConversationID === conversationID) state().setActiveConversation(null)
      return
    }
    try {
      await loadNewest(conversationID)
    } catch (err) {
      console.warn('loading messages failed', err)
    }
    if (state().activeConversationID === conversationID) markConversationRead(conversationID)
  }

  /** Leaves the chat pane: our typing state there ends, reads seen so far go out. */
  function closeConversation(): void {
    const active = state().activeConversationID
    if (active) stopOwnTyping(active)
    flushReads()
    state().setActiveConversation(null)
  }

  async function patch(call: () => Promise<Conversation>): Promise<Conversation> {
    const conversation = await call()
    state().upsertConversation(conversation)
    return conversation
  }

  function setPinned(conversationID: string, isPinned: boolean): Promise<Conversation> {
    return patch(() => engine().pinConversation(conversationID, isPinned))
  }

  /** Muting also takes a conversation out of the archive (server rule, spec 4). */
  function setMuted(conversationID: string, isMuted: boolean): Promise<Conversation> {
    return patch(() => engine().muteConversation(conversationID, isMuted))
  }

  /** Archiving (fold mark 4) also mutes it. */
  function setFolded(conversationID: string, folded: boolean): Promise<Conversation> {
    return patch(() => engine().foldConversation(conversationID, folded))
  }

  /** 'Move all out' of the archive view. */
  async function moveAllOutOfArchive(): Promise<void> {
    const archived = selectArchivedList(state())
    await Promise.all(archived.map((c) => setFolded(c.conversationID, false)))
  }

  /** Deletes the conversation for this user; with clearHistory its messages are gone for them too. */
  async function deleteConversation(conversationID: string, clearHistory: boolean): Promise<void> {
    await engine().deleteConversation(conversationID, clearHistory)
    if (state().activeConversationID === conversationID) closeConversation()
    state().removeConversation(conversationID)
    // Without clearHistory the messages stay on the server; either way they are reloaded on open.
    state().dropMessages(conversationID)
  }

  /** Saved when leaving a chat; shown as '[草稿] …' in the list. Only a change is sent. */
  async function saveDraft(conversationID: string, text: string): Promise<void> {
    const conv = state().conversations[conversationID]
    if (!conv || conv.draftText === text) return
    state().patchConversation(conversationID, { draftText: text })
    try {
      state().upsertConversation(await engine().setDraft(conversationID, text))
    } catch (err) {
      console.warn('saving the draft failed', err)
    }
  }

  /** Creates a chat group and returns its conversation ID (GROUP + txGroupid), ready to open. */
  async function createGroup(body: { groupName: string; groupNotice?: string; groupAvatar?: string; wtIds: string[]; groupType?: GroupType }): Promise<string> {
    const input: GroupCreateBody = {
      groupName: body.groupName.trim(),
      groupNotice: body.groupNotice ?? '',
      groupAvatar: body.groupAvatar ?? '',
      wtIds: body.wtIds,
      groupType: body.groupType,
    }
    const created = await engine().createGroup(input)
    const conversationID = `GROUP${created.txGroupid}`
    try {
      state().upsertConversation(await engine().openConversation(conversationID))
    } catch (err) {
      // The server also pushes the new conversation; the list reload picks it up if that was missed.
      console.warn('loading the new group failed', err)
      void reloadConversations()
    }
    return conversationID
  }

  /** Users by ID or phone, groups by number (exact match). */
  function searchById(query: string): Promise<SearchResult[]> {
    const searchId = query.trim()
    if (!searchId) return Promise.resolve([])
    return engine().searchById(searchId)
  }

  /** The conversation list's search of chat history; a failure finds nothing (the list's own matches stand). */
  async function searchAllMessages(query: string): Promise<Message[]> {
    const keyword = query.trim()
    if (!keyword) return []
    try {
      return await engine().searchAllMessages(keyword)
    } catch (err) {
      console.warn('searching the chat history failed', err)
      return []
    }
  }

  /** A page of a group message's readers (filter 0) or non-readers (filter 1), 100 per page. */
  function getReadMembers(conversationID: string, sequence: number, filter: 0 | 1, cursor = ''): Promise<ReadMembersPage> {
    const params: GetReadMembersParams = { conversationID, sequence, filter, cursor }
    return engine().getReadMembers(params)
  }

  function clearReloads(): void {
    reloading = null
    reloadAgain = false
    if (settleTimer) clearTimeout(settleTimer)
    settleTimer = null
    settleAttempt = 0
  }

  return {
    reloadConversations,
    openConversation,
    closeConversation,
    setPinned,
    setMuted,
    setFolded,
    moveAllOutOfArchive,
    deleteConversation,
    saveDraft,
    createGroup,
    searchById,
    searchAllMessages,
    getReadMembers,
    clearReloads,
  }
}
