import { z } from 'zod'
import { Message } from './chat'
import { SEARCH_KEYWORD_MAX } from './plain/messageOps'

export const SearchByIdBody = z.object({ searchId: z.string().trim().min(1, '请输入ID或手机号').max(32) })

/** Spec section 3 "Search result": a user (type 1) or a group (type 2). */
export const SearchResult = z.object({
  wtId: z.string(),
  name: z.string(),
  avatar: z.string(),
  type: z.literal([1, 2]),
  /** 0 ordinary user, 1 official account. */
  userType: z.number().int(),
  groupNumber: z.string(),
  /** Users: how the search matched, the applySource of a friend request from here (1 ID, 2 phone); groups: 0. */
  applySource: z.literal([0, 1, 2]).optional(),
  /** Groups without an uploaded avatar: up to 9 members' avatars for the mosaic, as in a conversation's groupProfile. */
  memberAvatars: z.array(z.string()).max(9).optional(),
})
export type SearchResult = z.infer<typeof SearchResult>

/** The sections of the search box, in the order they are shown. */
export const SearchSection = z.enum(['contacts', 'groups', 'messages', 'favorites', 'moments'])
export type SearchSection = z.infer<typeof SearchSection>
/** Entries a section shows before its 查看更多. */
export const SECTION_PREVIEW = 3
/** Entries 查看更多 shows of one section. */
export const SECTION_MORE = 50

/** The conversation list's search box: every section, or with `section` that one in full. */
export const EverythingSearchBody = z.object({
  keyword: z.string().trim().min(1, '请输入搜索内容').max(SEARCH_KEYWORD_MAX),
  section: SearchSection.optional(),
})
export type EverythingSearchBody = z.infer<typeof EverythingSearchBody>

/** Positions (in characters) of `text` that matched, for highlighting; empty when the match is elsewhere. */
const Marks = z.array(z.number().int().min(0)).max(100)

export const ContactHit = z.object({
  wtId: z.string(),
  /** What the user calls them: the remark, else the nickname. */
  name: z.string(),
  nickName: z.string(),
  remark: z.string(),
  avatar: z.string(),
  /** Characters of `name` that matched (by characters, pinyin or initials). */
  nameMarks: Marks,
  /** The nickname matched while `name` is the remark: shown as 昵称: … */
  nickMatched: z.boolean(),
})
export type ContactHit = z.infer<typeof ContactHit>

export const GroupHit = z.object({
  groupID: z.string(),
  groupNumber: z.string(),
  name: z.string(),
  avatar: z.string(),
  memberAvatars: z.array(z.string()).max(9),
  nameMarks: Marks,
  /** Members whose names matched, shown as 包含：… (at most 3). */
  members: z.array(z.string()).max(3),
})
export type GroupHit = z.infer<typeof GroupHit>

/** A conversation with matching messages: how many (counted up to 100) and the newest of them. */
export const ConversationHit = z.object({
  conversationID: z.string(),
  name: z.string(),
  avatar: z.string(),
  memberAvatars: z.array(z.string()).max(9),
  /** Matches counted up to 100; `countCapped` when there are more. */
  count: z.number().int().min(1),
  countCapped: z.boolean(),
  /** The newest match, shown (as the list summarises it) when it is the only one. */
  latest: Message,
})
export type ConversationHit = z.infer<typeof ConversationHit>

export const FavoriteHit = z.object({
  id: z.number().int(),
  /** The words that matched: the title, file name, place or note. */
  text: z.string(),
  contentType: z.number().int(),
  from: z.string(),
  time: z.number(),
})
export type FavoriteHit = z.infer<typeof FavoriteHit>

export const MomentHit = z.object({
  id: z.number().int(),
  authorWtId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string(),
  content: z.string(),
  time: z.number(),
})
export type MomentHit = z.infer<typeof MomentHit>

const section = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), more: z.boolean() })
export const EverythingSearchResult = z.object({
  contacts: section(ContactHit),
  groups: section(GroupHit),
  messages: section(ConversationHit),
  favorites: section(FavoriteHit),
  moments: section(MomentHit),
})
export type EverythingSearchResult = z.infer<typeof EverythingSearchResult>
