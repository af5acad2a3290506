import type { StateCreator } from 'zustand'
import type { AppState } from '../appState'

/** The three group-notification counters of socket notice 4. */
export interface GroupNoticeUnread {
  joinApplyUnRead: number
  otherUnRead: number
  selfApplyUnRead: number
}

export interface Badges {
  messages: number
  moments: number
  /** A friend has posted a moment since the feed was last loaded (socket notice 6): the entry's dot. */
  friendMoment: boolean
  groupNotice: GroupNoticeUnread
  /** Unread friend applications; with groupNotice it makes the contacts badge (selectors/contacts.ts). */
  friendApply: number
}

export interface BadgesSlice {
  badges: Badges
  /** Bumped by socket notice 3 so open chats reload their pinned messages. */
  topMessageVersion: number
  setMessagesUnread(count: number): void
  setMomentsCount(count: number): void
  setFriendMoment(on: boolean): void
  setGroupNoticeUnread(unread: GroupNoticeUnread): void
  setFriendApplyUnread(count: number): void
  bumpTopMessageVersion(): void
}

const noGroupNotice: GroupNoticeUnread = { joinApplyUnRead: 0, otherUnRead: 0, selfApplyUnRead: 0 }

export function emptyBadges(): Badges {
  return { messages: 0, moments: 0, friendMoment: false, groupNotice: { ...noGroupNotice }, friendApply: 0 }
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0)

export const createBadgesSlice: StateCreator<AppState, [], [], BadgesSlice> = (set) => ({
  badges: emptyBadges(),
  topMessageVersion: 0,
  setMessagesUnread: (n) => set((s) => ({ badges: { ...s.badges, messages: count(n) } })),
  setMomentsCount: (n) => set((s) => ({ badges: { ...s.badges, moments: count(n) } })),
  setFriendMoment: (on) => set((s) => (s.badges.friendMoment === on ? s : { badges: { ...s.badges, friendMoment: on } })),
  setGroupNoticeUnread: (unread) =>
    set((s) => {
      const groupNotice = {
        joinApplyUnRead: count(unread.joinApplyUnRead),
        otherUnRead: count(unread.otherUnRead),
        selfApplyUnRead: count(unread.selfApplyUnRead),
      }
      return { badges: { ...s.badges, groupNotice } }
    }),
  setFriendApplyUnread: (n) => set((s) => ({ badges: { ...s.badges, friendApply: count(n) } })),
  bumpTopMessageVersion: () => set((s) => ({ topMessageVersion: s.topMessageVersion + 1 })),
})
