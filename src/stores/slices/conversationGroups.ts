import type { StateCreator } from 'zustand'
import type { ConversationGroup } from '@shared/conversationGroup'
import type { AppState } from '../appState'

export interface ConversationGroupsSlice {
  /** GET /api/sessionGroup/list: 'all' first, then the user's groups (分组) in their order, shown and hidden. */
  conversationGroups: ConversationGroup[]
  setConversationGroups(groups: ConversationGroup[]): void
}

export const conversationGroupsInitial = { conversationGroups: [] } satisfies Partial<ConversationGroupsSlice>

export const createConversationGroupsSlice: StateCreator<AppState, [], [], ConversationGroupsSlice> = (set) => ({
  ...conversationGroupsInitial,
  setConversationGroups: (conversationGroups) => set({ conversationGroups }),
})
