/**
 * The conversation list's one search box (WeChat's): 联系人, 群聊, 聊天记录, 收藏 and 朋友圈 at once,
 * a few of each, or one section in full for its 查看更多.
 */
import {
  SECTION_MORE,
  SECTION_PREVIEW,
  type ContactHit,
  type ConversationHit,
  type EverythingSearchBody,
  type EverythingSearchResult,
  type FavoriteHit,
  type GroupHit,
  type MomentHit,
  type SearchSection,
} from '../../../../types/search.js'
import type { Db, Queryable } from '../../db/Db.js'
import { containsPattern, findConversations } from '../../data/search.js'
import { conversationFaces, favoritesMatching, friendsOf, groupMosaics, groupsOf, momentsMatching } from '../../data/searchSections.js'
import { toMessage } from '../../domain/messages.js'

type PinyinMatch = (typeof import('pinyin-pro'))['match']
type Marks = (name: string, keyword: string) => number[] | null

/**
 * Pinyin's dictionary is loaded on the first search (and kept by the module cache), not at start:
 * it is megabytes of heap that every server would otherwise carry, and collect around, from the
 * moment it starts.
 */
async function nameMatcher(): Promise<Marks> {
  const { match } = await import('pinyin-pro')
  return (name, keyword) => nameMarks(match, name, keyword)
}

/** The characters of `name` the keyword matched: literally (any case), or for Latin letters by pinyin or initials. */
function nameMarks(pinyinMatch: PinyinMatch, name: string, keyword: string): number[] | null {
  const chars = Array.from(name)
  const lower = chars.map((c) => c.toLowerCase())
  const typed = Array.from(keyword.toLowerCase())
  for (let i = 0; i + typed.length <= lower.length; i++) {
    if (typed.every((c, k) => lower[i + k] === c)) return typed.map((_, k) => i + k)
  }
  const letters = keyword.replace(/\s+/g, '').toLowerCase()
  if (!/^[a-z]+$/.test(letters) || !/[\u3400-\u9fff]/.test(name)) return null
  return pinyinMatch(name, letters) ?? null
}

async function contacts(q: Queryable, me: string, keyword: string): Promise<ContactHit[]> {
  const nameMarks = await nameMatcher()
  const hits: ContactHit[] = []
  for (const f of await friendsOf(q, me)) {
    const name = f.remark || f.nick_name
    const marks = nameMarks(name, keyword)
    const nickMarks = f.remark ? nameMarks(f.nick_name, keyword) : null
    if (!marks && !nickMarks && f.wt_id !== keyword) continue
    hits.push({ wtId: f.wt_id, name, nickName: f.nick_name, remark: f.remark, avatar: f.avatar, nameMarks: marks ?? [], nickMatched: !marks && !!nickMarks })
  }
  // Matches in the name before those elsewhere, then by name.
  return hits.sort((a, b) => Number(b.nameMarks.length > 0) - Number(a.nameMarks.length > 0) || a.name.localeCompare(b.name, 'zh'))
}

async function groups(q: Queryable, me: string, keyword: string): Promise<GroupHit[]> {
  const nameMarks = await nameMatcher()
  const found = (await groupsOf(q, me, containsPattern(keyword)))
    .map((g) => ({ g, marks: nameMarks(g.group_name, keyword), members: g.members ?? [] }))
    .filter((x) => x.marks || x.members.length > 0 || x.g.group_number === keyword)
    .sort((a, b) => Number(!!b.marks) - Number(!!a.marks) || a.g.group_name.localeCompare(b.g.group_name, 'zh'))
  const mosaics = await groupMosaics(q, found.filter((x) => !x.g.group_avatar).map((x) => x.g.group_id))
  return found.map(({ g, marks, members }) => ({
    groupID: g.group_id,
    groupNumber: g.group_number,
    name: g.group_name,
    avatar: g.group_avatar,
    memberAvatars: mosaics.get(g.group_id) ?? [],
    nameMarks: marks ?? [],
    members: marks ? [] : members,
  }))
}

async function conversations(q: Db, me: string, keyword: string, limit: number): Promise<ConversationHit[]> {
  const found = await findConversations(q, me, keyword, limit)
  const faces = await conversationFaces(q, me, found.map((c) => c.conversationID))
  return found.map((c) => {
    const face = faces.get(c.conversationID)
    return {
      conversationID: c.conversationID,
      name: face?.name ?? c.conversationID,
      avatar: face?.avatar ?? '',
      memberAvatars: face?.member_avatars ?? [],
      count: Math.min(c.count, 100),
      countCapped: c.count > 100,
      latest: toMessage(c.latest, me),
    }
  })
}

async function favorites(q: Queryable, me: string, keyword: string, limit: number): Promise<FavoriteHit[]> {
  return (await favoritesMatching(q, me, containsPattern(keyword), limit)).map((r) => ({
    id: Number(r.id),
    text: r.text,
    contentType: r.content_type,
    from: r.from_name,
    time: Number(r.time),
  }))
}

async function moments(q: Queryable, me: string, keyword: string, limit: number): Promise<MomentHit[]> {
  return (await momentsMatching(q, me, containsPattern(keyword), limit)).map((r) => ({
    id: Number(r.id),
    authorWtId: r.author_wt_id,
    authorName: r.name,
    authorAvatar: r.avatar,
    content: r.content,
    time: Number(r.time),
  }))
}

const EMPTY = { items: [], more: false }

/**
 * Every section, SECTION_PREVIEW of each, or the one asked for, SECTION_MORE of it; `more` says
 * whether there are others. Chat history only while the messageSearch feature is on.
 */
export async function searchEverything(q: Db, me: string, body: EverythingSearchBody, messageSearch: boolean): Promise<EverythingSearchResult> {
  const keyword = body.keyword
  const want = (s: SearchSection) => (!body.section || body.section === s) && (s !== 'messages' || messageSearch)
  const size = body.section ? SECTION_MORE : SECTION_PREVIEW
  const cut = <T>(items: T[]) => ({ items: items.slice(0, size), more: items.length > size })
  // One after another: PGlite has one connection, and PostgreSQL's pool is shared with sends.
  return {
    contacts: want('contacts') ? cut(await contacts(q, me, keyword)) : EMPTY,
    groups: want('groups') ? cut(await groups(q, me, keyword)) : EMPTY,
    messages: want('messages') ? cut(await conversations(q, me, keyword, size)) : EMPTY,
    favorites: want('favorites') ? cut(await favorites(q, me, keyword, size + 1)) : EMPTY,
    moments: want('moments') ? cut(await moments(q, me, keyword, size + 1)) : EMPTY,
  }
}
