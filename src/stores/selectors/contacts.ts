import type { FriendListItem } from '@shared/friends'
import { groupByInitial, type InitialGroup } from '@/utils/pinyin'
import type { AppState } from '../appState'
import type { GroupNoticeUnread } from '../slices/badges'

/** Spec 2 "Logged-in layout": the contacts badge is group notifications plus unread friend applications. */
export function contactsBadge(groupNoticeUnread: number, friendApplyUnread: number): number {
  const n = (x: number) => (Number.isFinite(x) && x > 0 ? Math.floor(x) : 0)
  return n(groupNoticeUnread) + n(friendApplyUnread)
}

export function groupNoticeTotal(unread: GroupNoticeUnread): number {
  return unread.joinApplyUnRead + unread.otherUnRead + unread.selfApplyUnRead
}

/** The group-notification part of the contacts badge (socket notice 4). */
export const selectGroupNoticeUnread = (s: AppState): number => groupNoticeTotal(s.badges.groupNotice)

export const selectContactsBadge = (s: AppState): number => contactsBadge(selectGroupNoticeUnread(s), s.badges.friendApply)

/** What the list shows for a friend: the remark, else the nickname, else the ID. */
export function friendName(friend: Pick<FriendListItem, 'remark' | 'nickName' | 'wtId'>): string {
  return friend.remark || friend.nickName || friend.wtId
}

/** Spec 5 "Searches": a substring of the remark or the nickname, any case. */
export function filterFriends(friends: readonly FriendListItem[], text: string): FriendListItem[] {
  const q = text.trim().toLowerCase()
  if (!q) return [...friends]
  return friends.filter((f) => f.remark.toLowerCase().includes(q) || f.nickName.toLowerCase().includes(q))
}

/** The friend list under pinyin initial letters, # last (spec 2 "/contacts"). */
export function groupFriends(friends: readonly FriendListItem[]): InitialGroup<FriendListItem>[] {
  return groupByInitial(friends, friendName)
}

/** One Set per friend list, kept as long as that list is (components re-render only when it changes). */
const friendIDsByList = new WeakMap<readonly FriendListItem[], ReadonlySet<string>>()

/** The wtIds of two-way friends. */
export function selectFriendIDs(s: Pick<AppState, 'friends'>): ReadonlySet<string> {
  let ids = friendIDsByList.get(s.friends)
  if (!ids) {
    ids = new Set(s.friends.map((f) => f.wtId))
    friendIDsByList.set(s.friends, ids)
  }
  return ids
}
