import type { StateCreator } from 'zustand'
import type { SessionGroup } from '@shared/sessionGroup'
import type { AppState } from '../appState'

export interface ConversationGroupsSlice {
  /** GET /api/sessionGroup/list: 'all' first, then the user's groups (分组) in their order, shown and hidden. */
  conversationGroups: SessionGroup[]
  setConversationGroups(groups: SessionGroup[]): void
}

export const conversationGroupsInitial = { conversationGroups: [] } satisfies Partial<ConversationGroupsSlice>

export const createConversationGroupsSlice: StateCreator<AppState, [], [], ConversationGroupsSlice> = (set) => ({
  ...conversationGroupsInitial,
  setConversationGroups: (conversationGroups) => set({ conversationGroups }),
})
