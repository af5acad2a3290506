import { FOLD_MARK, type Conversation } from '@shared/chat'
import type { AppState } from '../appState'
import type { MessageListState } from '../chat/uiMessage'
import { EMPTY_MESSAGE_LIST } from '../slices/messages'
import { selectPendingSends, sortTime, type PendingSend } from './pendingSends'

export type ConversationTab = 'all' | 'unread' | 'atMe' | 'c2c' | 'group'

export const isArchived = (c: Conversation): boolean => c.markList.includes(FOLD_MARK)

/** Muted conversations never count towards a badge (spec 2: the unread tab excludes muted). */
export function totalUnread(conversations: Record<string, Conversation>): number {
  let n = 0
  for (const c of Object.values(conversations)) if (!c.isMuted) n += c.unreadCount
  return n
}

const inTab: Record<ConversationTab, (c: Conversation) => boolean> = {
  all: () => true,
  unread: (c) => c.unreadCount > 0 && !c.isMuted,
  atMe: (c) => c.groupAtInfoList.length > 0,
  c2c: (c) => c.type === 'C2C',
  group: (c) => c.type === 'GROUP',
}

const lastTime = (c: Conversation) => c.lastMessage?.time ?? c.updatedAt

/**
 * Pinned first, then the newest last message first. `activity` (the store's
 * conversationActivity) breaks ties between messages of the same second.
 */
export function compareConversations(a: Conversation, b: Conversation, activity: Record<string, number> = {}): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1
  return (
    lastTime(b) - lastTime(a) ||
    (activity[b.conversationID] ?? 0) - (activity[a.conversationID] ?? 0) ||
    a.conversationID.localeCompare(b.conversationID)
  )
}

type Lists = Pick<AppState, 'conversations' | 'conversationActivity' | 'messages'>

// Components subscribe with these selectors; each returns the same array for the same
// conversations (and pending sends), so a subscriber is only woken when its list really changes.
function memoByConversations<T>(compute: (state: Lists) => T): (state: Lists) => T {
  let lastConversations: Lists['conversations'] | null = null
  let lastActivity: Lists['conversationActivity'] | null = null
  let lastPending: Record<string, PendingSend> | null = null
  let lastOutput: T
  return (state) => {
    const pending = selectPendingSends(state)
    if (state.conversations !== lastConversations || state.conversationActivity !== lastActivity || pending !== lastPending) {
      lastOutput = compute(state)
      lastConversations = state.conversations
      lastActivity = state.conversationActivity
      lastPending = pending
    }
    return lastOutput
  }
}

interface SortKey {
  c: Conversation
  pinned: number
  time: number
  activity: number
}

/**
 * The order of compareConversations, with each conversation's key read once instead of once per
 * comparison: at 10,000 conversations that is about 140,000 comparisons on the list's arrival.
 */
export function sortConversations(
  list: Iterable<Conversation>,
  activity: Record<string, number>,
  keep: (c: Conversation) => boolean = () => true,
  pending: Record<string, PendingSend> = {},
): Conversation[] {
  const keyed: SortKey[] = []
  for (const c of list) {
    if (keep(c)) keyed.push({ c, pinned: c.isPinned ? 1 : 0, time: sortTime(lastTime(c), pending[c.conversationID]), activity: activity[c.conversationID] ?? 0 })
  }
  keyed.sort((a, b) => b.pinned - a.pinned || b.time - a.time || b.activity - a.activity || a.c.conversationID.localeCompare(b.c.conversationID))
  return keyed.map((k) => k.c)
}

function sorted(state: Lists, keep: (c: Conversation) => boolean): Conversation[] {
  return sortConversations(Object.values(state.conversations), state.conversationActivity, keep, selectPendingSends(state))
}

const tabLists = Object.fromEntries(
  (Object.keys(inTab) as ConversationTab[]).map((tab) => [tab, memoByConversations((s) => sorted(s, (c) => !isArchived(c) && inTab[tab](c)))]),
) as Record<ConversationTab, (state: Lists) => Conversation[]>

const archivedList = memoByConversations((s) => sorted(s, isArchived))

/** The conversation list of a tab; archived conversations are only in selectArchivedList. */
export function selectConversationList(state: AppState, tab: ConversationTab): Conversation[] {
  return tabLists[tab](state)
}

/** Archived (folded, mark 4) conversations, for the archive view and its entry row. */
export function selectArchivedList(state: AppState): Conversation[] {
  return archivedList(state)
}

// One pass over the conversations for every tab's badge: no tab list needs sorting for it, which
// at 10,000 conversations is most of the time between the list's arrival and its first rows.
const tabUnreads = memoByConversations((s) => {
  const out = Object.fromEntries((Object.keys(inTab) as ConversationTab[]).map((tab) => [tab, 0])) as Record<ConversationTab, number>
  const tabs = Object.keys(inTab) as ConversationTab[]
  for (const c of Object.values(s.conversations)) {
    if (c.isMuted || c.unreadCount === 0 || isArchived(c)) continue
    for (const tab of tabs) if (inTab[tab](c)) out[tab] += c.unreadCount
  }
  return out
})

/** Unread messages of a tab's conversations, muted ones excluded (the tab badges). */
export function selectTabUnread(state: AppState, tab: ConversationTab): number {
  return tabUnreads(state)[tab]
}

/** Unread messages of archived conversations that are not muted (archiving mutes, so usually 0). */
export function selectArchivedUnread(state: AppState): number {
  let n = 0
  for (const c of selectArchivedList(state)) if (!c.isMuted) n += c.unreadCount
  return n
}

/** The sidebar's messages badge: every unread message outside muted conversations. */
export function selectTotalUnread(state: AppState): number {
  return totalUnread(state.conversations)
}

export function selectConversation(state: AppState, conversationID: string): Conversation | null {
  return state.conversations[conversationID] ?? null
}

/** A conversation's loaded messages; an unopened conversation gives one shared empty state. */
export function selectMessages(state: AppState, conversationID: string): MessageListState {
  return state.messages[conversationID] ?? EMPTY_MESSAGE_LIST
}

/** Who is typing in a conversation (userIDs); the same empty array when nobody is. */
export function selectTypingUsers(state: AppState, conversationID: string): string[] {
  return state.typingBy[conversationID] ?? NOBODY
}

const NOBODY: string[] = []
