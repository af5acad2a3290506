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
  /** Group notifications plus unread friend applications (spec 2 "Logged-in layout"). */
  contacts: number
  moments: number
  groupNotice: GroupNoticeUnread
  friendApply: number
}

export interface BadgesSlice {
  badges: Badges
  /** Bumped by socket notice 3 so open chats reload their pinned messages. */
  topMessageVersion: number
  setMessagesUnread(count: number): void
  setMomentsCount(count: number): void
  setGroupNoticeUnread(unread: GroupNoticeUnread): void
  setFriendApplyUnread(count: number): void
  bumpTopMessageVersion(): void
}

const noGroupNotice: GroupNoticeUnread = { joinApplyUnRead: 0, otherUnRead: 0, selfApplyUnRead: 0 }

export function emptyBadges(): Badges {
  return { messages: 0, contacts: 0, moments: 0, groupNotice: { ...noGroupNotice }, friendApply: 0 }
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0)

function contactsTotal(groupNotice: GroupNoticeUnread, friendApply: number): number {
  return groupNotice.joinApplyUnRead + groupNotice.otherUnRead + groupNotice.selfApplyUnRead + friendApply
}

export const createBadgesSlice: StateCreator<AppState, [], [], BadgesSlice> = (set) => ({
  badges: emptyBadges(),
  topMessageVersion: 0,
  setMessagesUnread: (n) => set((s) => ({ badges: { ...s.badges, messages: count(n) } })),
  setMomentsCount: (n) => set((s) => ({ badges: { ...s.badges, moments: count(n) } })),
  setGroupNoticeUnread: (unread) =>
    set((s) => {
      const groupNotice = {
        joinApplyUnRead: count(unread.joinApplyUnRead),
        otherUnRead: count(unread.otherUnRead),
        selfApplyUnRead: count(unread.selfApplyUnRead),
      }
      return { badges: { ...s.badges, groupNotice, contacts: contactsTotal(groupNotice, s.badges.friendApply) } }
    }),
  setFriendApplyUnread: (n) =>
    set((s) => {
      const friendApply = count(n)
      return { badges: { ...s.badges, friendApply, contacts: contactsTotal(s.badges.groupNotice, friendApply) } }
    }),
  bumpTopMessageVersion: () => set((s) => ({ topMessageVersion: s.topMessageVersion + 1 })),
})
