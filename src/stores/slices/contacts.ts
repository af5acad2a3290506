import type { StateCreator } from 'zustand'
import type { ApplySource, ApplyStatus, BlacklistItem, FriendApplication, FriendListItem, Tag } from '@shared/friends'
import type { AppState } from '../appState'

/** The profile popup on screen: whose, and how its user found them (the applySource of an add). */
export interface ProfileTarget {
  wtId: string
  applySource: ApplySource
  /** The group it was opened from, for applySource 5 (member protection, the default reason). */
  groupID?: string
  groupName?: string
}

export interface ContactsSlice {
  /** Two-way friends (GET /api/userFriends/list). */
  friends: FriendListItem[]
  /** The friend list has been fetched at least once since login: until then nobody counts as a friend. */
  friendsLoaded: boolean
  /** Applications received, newest first. */
  applications: FriendApplication[]
  tags: Tag[]
  blacklist: BlacklistItem[]
  /** The blacklist has been fetched at least once since login: until then nobody is known to be off it. */
  blacklistLoaded: boolean
  profileTarget: ProfileTarget | null
  setFriends(list: FriendListItem[]): void
  /** Changes one friend in place (remark, tags), if held. */
  patchFriend(wtId: string, patch: Partial<FriendListItem>): void
  removeFriend(wtId: string): void
  setApplications(list: FriendApplication[]): void
  /** A live application: replaces an older one from the same person and goes on top. */
  receiveApplication(application: FriendApplication): void
  setApplicationStatus(applyWtId: string, applyStatus: ApplyStatus): void
  setTags(tags: Tag[]): void
  setBlacklist(list: BlacklistItem[]): void
  openProfile(target: ProfileTarget): void
  closeProfile(): void
}

export const contactsInitial = {
  friends: [],
  friendsLoaded: false,
  applications: [],
  tags: [],
  blacklist: [],
  blacklistLoaded: false,
  profileTarget: null,
} satisfies Partial<ContactsSlice>

export const createContactsSlice: StateCreator<AppState, [], [], ContactsSlice> = (set) => ({
  ...contactsInitial,
  setFriends: (friends) => set({ friends, friendsLoaded: true }),
  patchFriend: (wtId, patch) =>
    set((s) => {
      if (!s.friends.some((f) => f.wtId === wtId)) return {}
      return { friends: s.friends.map((f) => (f.wtId === wtId ? { ...f, ...patch, wtId } : f)) }
    }),
  removeFriend: (wtId) =>
    set((s) => (s.friends.some((f) => f.wtId === wtId) ? { friends: s.friends.filter((f) => f.wtId !== wtId) } : {})),
  setApplications: (applications) => set({ applications }),
  receiveApplication: (application) =>
    set((s) => ({ applications: [application, ...s.applications.filter((a) => a.applyWtId !== application.applyWtId)] })),
  setApplicationStatus: (applyWtId, applyStatus) =>
    set((s) => ({ applications: s.applications.map((a) => (a.applyWtId === applyWtId ? { ...a, applyStatus } : a)) })),
  setTags: (tags) => set({ tags }),
  setBlacklist: (blacklist) => set({ blacklist, blacklistLoaded: true }),
  openProfile: (profileTarget) => set({ profileTarget }),
  closeProfile: () => set({ profileTarget: null }),
})
