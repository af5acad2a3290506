import type { StateCreator } from 'zustand'
import type { SessionGroup } from '@shared/sessionGroup'
import type { AppState } from '../appState'

export interface SessionGroupsSlice {
  /** GET /api/sessionGroup/list: 'all' first, then the user's groups (分组) in their order, shown and hidden. */
  sessionGroups: SessionGroup[]
  setSessionGroups(groups: SessionGroup[]): void
}

export const sessionGroupsInitial = { sessionGroups: [] } satisfies Partial<SessionGroupsSlice>

export const createSessionGroupsSlice: StateCreator<AppState, [], [], SessionGroupsSlice> = (set) => ({
  ...sessionGroupsInitial,
  setSessionGroups: (sessionGroups) => set({ sessionGroups }),
})
