import { ConvType, type Conversation } from '@shared/chat'
import { ActionStatus, type FriendListItem } from '@shared/friends'
import type { SearchResult } from '@shared/search'
import { pinyinMatches } from '@/utils/pinyin'
import { conversationAvatar, conversationName } from './conversationInfo'

/** One line of the search results: a person (联系人) or a group (群聊). */
export interface SearchEntry {
  kind: 'user' | 'group'
  /** The wtId of a user, the group number of a group (what people type to find it). */
  id: string
  /** What opening the entry opens: C2C{wtId} or GROUP{groupID}. */
  conversationID: string
  name: string
  avatar: string
  detail: string
}

export interface SearchGroups {
  users: SearchEntry[]
  groups: SearchEntry[]
}

/**
 * Whether a conversation matches what was typed: its name contains the text (any case), its ID or
 * group number is the text, or, for Latin letters only, its name's pinyin contains them or its
 * initials start with them (zhang and zs find 张三).
 */
export function conversationMatches(conversation: Conversation, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return false
  const name = conversationName(conversation)
  if (name.toLowerCase().includes(q)) return true
  const id = conversation.type === ConvType.Group ? conversation.groupProfile?.groupNumber : conversation.userProfile?.userID
  if (id && id === q) return true
  return pinyinMatches(name, q)
}

/** A friend matches by remark, nickname (any case, or by pinyin) or ID. */
export function friendMatches(friend: FriendListItem, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return false
  if (friend.wtId === q) return true
  return [friend.remark, friend.nickName].some((name) => name && (name.toLowerCase().includes(q) || pinyinMatches(name, q)))
}

function fromFriend(friend: FriendListItem): SearchEntry {
  const name = friend.remark || friend.nickName || friend.wtId
  const detail = friend.remark && friend.nickName ? `昵称 ${friend.nickName}` : `ID ${friend.wtId}`
  return { kind: 'user', id: friend.wtId, conversationID: `C2C${friend.wtId}`, name, avatar: friend.avatar, detail }
}

function fromConversation(conversation: Conversation): SearchEntry {
  const isGroup = conversation.type === ConvType.Group
  const id = isGroup ? conversation.groupProfile?.groupNumber ?? '' : conversation.userProfile?.userID ?? conversation.conversationID.slice(3)
  return {
    kind: isGroup ? 'group' : 'user',
    id,
    conversationID: conversation.conversationID,
    name: conversationName(conversation),
    avatar: conversationAvatar(conversation),
    detail: isGroup ? `群号 ${id}` : `ID ${id}`,
  }
}

function fromRemote(result: SearchResult): SearchEntry {
  const avatar = result.avatar
  if (result.type === 2) {
    return { kind: 'group', id: result.groupNumber, conversationID: `GROUP${result.wtId}`, name: result.name, avatar, detail: `群号 ${result.groupNumber}` }
  }
  return { kind: 'user', id: result.wtId, conversationID: `C2C${result.wtId}`, name: result.name, avatar, detail: `ID ${result.wtId}` }
}

/**
 * The results of a search, split into 联系人 and 群聊: the loaded conversations that match, the
 * friends that match and have no conversation, then what the server found by ID that is not among
 * them. The user's own account is left out: there is no chat with oneself.
 */
export function buildSearchResults(
  query: string,
  conversations: readonly Conversation[],
  remote: readonly SearchResult[],
  viewerID: string,
  friends: readonly FriendListItem[] = [],
): SearchGroups {
  const users: SearchEntry[] = []
  const groups: SearchEntry[] = []
  const seen = new Set<string>()
  for (const conversation of conversations) {
    if (!conversationMatches(conversation, query)) continue
    const entry = fromConversation(conversation)
    seen.add(entry.conversationID)
    ;(entry.kind === 'group' ? groups : users).push(entry)
  }
  for (const friend of friends) {
    if (friend.actionStatus === ActionStatus.Deleted || friend.wtId === viewerID || !friendMatches(friend, query)) continue
    const entry = fromFriend(friend)
    if (seen.has(entry.conversationID)) continue
    seen.add(entry.conversationID)
    users.push(entry)
  }
  for (const result of remote) {
    if (result.type === 1 && result.wtId === viewerID) continue
    const entry = fromRemote(result)
    if (seen.has(entry.conversationID)) continue
    seen.add(entry.conversationID)
    ;(entry.kind === 'group' ? groups : users).push(entry)
  }
  return { users, groups }
}
