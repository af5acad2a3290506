import { ConvType, type Conversation, type Message } from '@shared/chat'
import { ActionStatus, type FriendListItem } from '@shared/friends'
import type { SearchResult } from '@shared/search'
import { pinyinMatches } from '@/utils/pinyin'
import { messageSummary } from '@/utils/summary'
import { conversationAvatar, conversationHint, conversationName } from './conversationInfo'

/** One line of the search results: a person (联系人), a group (群聊) or a chat-history hit (聊天记录). */
export interface SearchEntry {
  kind: 'user' | 'group' | 'message'
  /** The wtId of a user, the group number of a group (what people type to find it); a hit's message ID. */
  id: string
  /** What opening the entry opens: C2C{wtId} or GROUP{groupID}. */
  conversationID: string
  name: string
  avatar: string
  /** A group without an uploaded avatar: its members' avatars, drawn as a mosaic. */
  memberAvatars?: readonly string[]
  detail: string
  /** Said on hover: a group's number, so groups of one name are told apart. */
  hint: string
  /** Beside the name of a chat-history hit in a group: its number, for the same reason. */
  tag?: string
  /** Characters of the name that matched (by pinyin too), when the server said which. */
  marks?: readonly number[]
}

export interface SearchGroups {
  users: SearchEntry[]
  groups: SearchEntry[]
  messages: SearchEntry[]
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
  return { kind: 'user', id: friend.wtId, conversationID: `C2C${friend.wtId}`, name, avatar: friend.avatar, detail, hint: name }
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
    memberAvatars: isGroup ? conversation.groupProfile?.memberAvatars : undefined,
    detail: isGroup ? `群号 ${id}` : `ID ${id}`,
    hint: conversationHint(conversation),
  }
}

function fromRemote(result: SearchResult): SearchEntry {
  const avatar = result.avatar
  if (result.type === 2) {
    const detail = `群号 ${result.groupNumber}`
    const hint = `${result.name}（${detail}）`
    return { kind: 'group', id: result.groupNumber, conversationID: `GROUP${result.wtId}`, name: result.name, avatar, memberAvatars: result.memberAvatars, detail, hint }
  }
  return { kind: 'user', id: result.wtId, conversationID: `C2C${result.wtId}`, name: result.name, avatar, detail: `ID ${result.wtId}`, hint: result.name }
}

/**
 * A chat-history hit: the conversation's name and avatar, the message as the list summarises it
 * (system lines and cards read as their text, never as a placeholder), with its sender in groups.
 * Null when the summary does not hold the words (the server also matches inside card data).
 */
function fromHit(hit: Message, query: string, conversations: ReadonlyMap<string, Conversation>, viewerID: string): SearchEntry | null {
  const conversation = conversations.get(hit.conversationID)
  const isGroup = hit.conversationType === ConvType.Group
  const detail = messageSummary(hit, viewerID, { withSender: isGroup })
  if (!detail.toLowerCase().includes(query.trim().toLowerCase())) return null
  const name = conversation ? conversationName(conversation) : hit.nick || hit.from
  return {
    kind: 'message',
    id: hit.ID,
    conversationID: hit.conversationID,
    name,
    avatar: conversation ? conversationAvatar(conversation) : hit.avatar,
    detail,
    hint: conversation ? conversationHint(conversation) : name,
    ...(conversation?.groupProfile?.groupNumber ? { tag: `群号 ${conversation.groupProfile.groupNumber}` } : {}),
  }
}

/**
 * The results of a search, split into 联系人 and 群聊: the loaded conversations that match, the
 * friends that match and have no conversation, then what the server found by ID that is not among
 * them; and 聊天记录, the messages whose text holds the words. The user's own account is left out:
 * there is no chat with oneself.
 */
export function buildSearchResults(
  query: string,
  conversations: readonly Conversation[],
  remote: readonly SearchResult[],
  viewerID: string,
  friends: readonly FriendListItem[] = [],
  hits: readonly Message[] = [],
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
  const byID = new Map(conversations.map((c) => [c.conversationID, c]))
  const messages = hits.map((hit) => fromHit(hit, query, byID, viewerID)).filter((e): e is SearchEntry => e !== null)
  return { users, groups, messages }
}
