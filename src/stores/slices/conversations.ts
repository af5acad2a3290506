import type { StateCreator } from 'zustand'
import type { Conversation, Message } from '@shared/chat'
import type { AppState } from '../appState'
import { applyMessage, applyRead, mergeConversation } from '../chat/conversationUpdates'
import { totalUnread } from '../selectors/chat'

export interface ConversationsSlice {
  conversations: Record<string, Conversation>
  /** The list has been fetched at least once since login. */
  conversationsLoaded: boolean
  /** The conversation shown in the chat pane. */
  activeConversationID: string | null
  /** conversationID → userIDs typing there now; entries expire without a refresh (services/chat). */
  typingBy: Record<string, string[]>
  /**
   * conversationID → when it last had news, as a rising counter. Message times are whole
   * seconds, so two conversations written to in the same second are ordered by this instead.
   */
  conversationActivity: Record<string, number>
  /** The whole list from the server: conversations it no longer lists are gone. */
  setConversations(list: Conversation[]): void
  upsertConversation(conversation: Conversation): void
  removeConversation(conversationID: string): void
  patchConversation(conversationID: string, patch: Partial<Conversation>): void
  /** A new message: last message, unread count and mentions of its conversation, if known. */
  applyConversationMessage(message: Message, me: string): void
  applyConversationRead(conversationID: string, sequence: number): void
  setActiveConversation(conversationID: string | null): void
  setTypingUsers(conversationID: string, userIDs: string[]): void
}

export const conversationsInitial = {
  conversations: {},
  conversationsLoaded: false,
  activeConversationID: null,
  typingBy: {},
  conversationActivity: {},
} satisfies Partial<ConversationsSlice>

type Set = Parameters<StateCreator<AppState, [], [], ConversationsSlice>>[0]

/** Every change of the conversations also sets the sidebar's messages badge (spec 2: unread, muted excluded). */
function withBadge(s: AppState, conversations: Record<string, Conversation>): Partial<AppState> {
  if (conversations === s.conversations) return {}
  const messages = totalUnread(conversations)
  return { conversations, ...(messages === s.badges.messages ? {} : { badges: { ...s.badges, messages } }) }
}

/** Hands out activity numbers: `reserve(n)` returns the base of n numbers above every earlier one. */
type Reserve = (n: number) => number

/** A conversation whose last message moved on becomes the most recently active one. */
function touched(s: AppState, updates: Conversation[], reserve: Reserve): Partial<AppState> {
  let activity: Record<string, number> | null = null
  for (const c of updates) {
    const held = s.conversations[c.conversationID]
    if (held && held.lastSequence >= c.lastSequence) continue
    activity ??= { ...s.conversationActivity }
    activity[c.conversationID] = reserve(1) + 1
  }
  return activity ? { conversationActivity: activity } : {}
}

function update(set: Set, reserve: Reserve, conversationID: string, fn: (c: Conversation) => Conversation): void {
  set((s) => {
    const held = s.conversations[conversationID]
    if (!held) return {}
    const next = fn(held)
    if (next === held) return {}
    return { ...withBadge(s, { ...s.conversations, [conversationID]: next }), ...touched(s, [next], reserve) }
  })
}

export const createConversationsSlice: StateCreator<AppState, [], [], ConversationsSlice> = (set) => {
  // Each store counts its own activity, so two apps in one process do not share an order.
  let activityCounter = 0
  const reserve: Reserve = (n) => {
    const base = activityCounter
    activityCounter += n
    return base
  }
  return {
    ...conversationsInitial,
    setConversations: (list) =>
      set((s) => {
        const conversations: Record<string, Conversation> = {}
        const conversationActivity: Record<string, number> = {}
        // The server lists the newest first, at a finer time than the messages carry: keep its order.
        const base = reserve(list.length)
        list.forEach((c, i) => {
          conversations[c.conversationID] = mergeConversation(s.conversations[c.conversationID], c)
          const held = s.conversations[c.conversationID]
          const keepLocal = held && held.lastSequence > c.lastSequence
          conversationActivity[c.conversationID] = keepLocal ? (s.conversationActivity[c.conversationID] ?? 0) : base + list.length - i
        })
        return { ...withBadge(s, conversations), conversationActivity, conversationsLoaded: true }
      }),
    upsertConversation: (c) =>
      set((s) => {
        const next = mergeConversation(s.conversations[c.conversationID], c)
        return { ...withBadge(s, { ...s.conversations, [c.conversationID]: next }), ...touched(s, [next], reserve) }
      }),
    removeConversation: (id) =>
      set((s) => {
        if (!s.conversations[id]) return {}
        const conversations = { ...s.conversations }
        delete conversations[id]
        const conversationActivity = { ...s.conversationActivity }
        delete conversationActivity[id]
        return { ...withBadge(s, conversations), conversationActivity }
      }),
    patchConversation: (id, patch) => update(set, reserve, id, (c) => ({ ...c, ...patch })),
    applyConversationMessage: (message, me) => update(set, reserve, message.conversationID, (c) => applyMessage(c, message, me)),
    applyConversationRead: (id, sequence) => update(set, reserve, id, (c) => applyRead(c, sequence)),
    setActiveConversation: (activeConversationID) => set({ activeConversationID }),
    setTypingUsers: (id, userIDs) =>
      set((s) => {
        const current = s.typingBy[id] ?? []
        if (current.length === userIDs.length && current.every((u, i) => u === userIDs[i])) return {}
        const typingBy = { ...s.typingBy }
        if (userIDs.length) typingBy[id] = userIDs
        else delete typingBy[id]
        return { typingBy }
      }),
  }
}
