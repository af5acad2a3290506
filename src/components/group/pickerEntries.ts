import { ConvType, type Conversation } from '@shared/chat'
import { ActionStatus, type FriendListItem } from '@shared/friends'
import type { SearchResult } from '@shared/search'
import { remarkOf } from '@/components/chat/conversationName'
import { isSystemUserID } from '@/components/conversation/conversationInfo'

/** One person in the transfer picker (spec 3 "Transfer-picker entry", the fields this product has). */
export interface PickerEntry {
  /** The person's wtId. */
  id: string
  nick: string
  remark: string
  avatar: string
  isDisabled?: boolean
  /** A group (a forward target): drawn with the group's avatar, or the mosaic of `memberAvatars`. */
  isGroup?: boolean
  memberAvatars?: readonly string[]
}

/** A titled part of the picker's list (the forward dialog's 最近聊天, 群聊 and 联系人). */
export interface PickerSection {
  key: string
  title: string
  entries: PickerEntry[]
  /** Grouped by initial letter under the title, as the plain list is. */
  byInitial?: boolean
}

export function entryName(entry: PickerEntry): string {
  return entry.remark || entry.nick || entry.id
}

/** Spec 5 "Searches": the transfer list matches a substring of the remark or the nickname. */
export function filterEntries(entries: readonly PickerEntry[], text: string): PickerEntry[] {
  const q = text.trim().toLowerCase()
  if (!q) return [...entries]
  return entries.filter((e) => e.remark.toLowerCase().includes(q) || e.nick.toLowerCase().includes(q))
}

/** The first list followed by the entries of the second it does not already have. */
export function mergeEntries(first: readonly PickerEntry[], second: readonly PickerEntry[]): PickerEntry[] {
  const ids = new Set(first.map((e) => e.id))
  return [...first, ...second.filter((e) => !ids.has(e.id))]
}

/**
 * The peers of the user's one-to-one conversations (archived ones included), newest conversation
 * first; system accounts and the user are dropped. `avatarUrl` turns a stored avatar into one the
 * page can load.
 */
export function candidatesFromConversations(
  conversations: readonly Conversation[],
  viewerID: string,
  avatarUrl: (url: string) => string,
): PickerEntry[] {
  const entries: PickerEntry[] = []
  const seen = new Set<string>()
  for (const conversation of conversations) {
    if (conversation.type !== ConvType.C2C || !conversation.userProfile) continue
    const { userID, nick, avatar } = conversation.userProfile
    if (userID === viewerID || isSystemUserID(userID) || seen.has(userID)) continue
    seen.add(userID)
    entries.push({ id: userID, nick, remark: remarkOf(conversation), avatar: avatar ? avatarUrl(avatar) : '' })
  }
  return entries
}

/** People found by ID (the groups of the same answer are not members to pick). */
export function entriesFromSearch(results: readonly SearchResult[], viewerID: string, avatarUrl: (url: string) => string): PickerEntry[] {
  return results
    .filter((r) => r.type === 1 && r.wtId !== viewerID && !isSystemUserID(r.wtId))
    .map((r) => ({ id: r.wtId, nick: r.name, remark: '', avatar: r.avatar ? avatarUrl(r.avatar) : '' }))
}

/**
 * The people a group can be made with or invited to (spec 2 "Group screens"): every friend, with
 * or without a conversation (deleted accounts left out), then the peers of one-to-one
 * conversations who are not friends. The picker groups them by initial letter.
 */
export function pickerCandidates(
  friends: readonly FriendListItem[],
  conversations: readonly Conversation[],
  viewerID: string,
  avatarUrl: (url: string) => string,
): PickerEntry[] {
  const fromFriends = friends
    .filter((f) => f.actionStatus !== ActionStatus.Deleted && f.wtId !== viewerID && !isSystemUserID(f.wtId))
    .map((f) => ({ id: f.wtId, nick: f.nickName, remark: f.remark, avatar: f.avatar ? avatarUrl(f.avatar) : '' }))
  return mergeEntries(fromFriends, candidatesFromConversations(conversations, viewerID, avatarUrl))
}
