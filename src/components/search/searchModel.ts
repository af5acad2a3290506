import { MsgType, type StoredBody } from '@shared/chat'
import type { ContactHit, EverythingSearchResult, GroupHit, SearchSection } from '@shared/search'
import type { SearchEntry, SearchGroups } from '@/components/conversation/searchResults'
import { tryParseJson } from '@/utils/json'

/** What the results panel shows: every section, one section in full (查看更多), or one conversation's matches. */
export type SearchView = { kind: 'all' } | { kind: 'section'; section: SearchSection } | { kind: 'conversation'; conversationID: string; name: string; count: string }

export const SECTION_TITLES: Record<SearchSection, string> = {
  contacts: '联系人',
  groups: '群聊',
  messages: '聊天记录',
  favorites: '收藏',
  moments: '朋友圈',
}

export interface TextPart {
  text: string
  hit: boolean
}

/** Character positions of every occurrence of `keyword` in `text`, in any case. */
export function keywordMarks(text: string, keyword: string): number[] {
  const chars = Array.from(text.toLowerCase())
  const typed = Array.from(keyword.trim().toLowerCase())
  const marks: number[] = []
  if (typed.length === 0) return marks
  for (let i = 0; i + typed.length <= chars.length; i++) {
    if (typed.every((c, k) => chars[i + k] === c)) {
      for (let k = 0; k < typed.length; k++) marks.push(i + k)
      i += typed.length - 1
    }
  }
  return marks
}

/** `text` cut into runs of matched and unmatched characters, for drawing the matched ones highlighted. */
export function splitMarks(text: string, marks: readonly number[]): TextPart[] {
  const set = new Set(marks)
  const parts: TextPart[] = []
  Array.from(text).forEach((c, i) => {
    const hit = set.has(i)
    const last = parts[parts.length - 1]
    if (last && last.hit === hit) last.text += c
    else parts.push({ text: c, hit })
  })
  return parts
}

function fromContact(c: ContactHit): SearchEntry {
  const detail = c.remark ? `昵称: ${c.nickName}` : `ID ${c.wtId}`
  return { kind: 'user', id: c.wtId, conversationID: `C2C${c.wtId}`, name: c.name, avatar: c.avatar, detail, hint: c.name, marks: c.nameMarks }
}

function fromGroup(g: GroupHit): SearchEntry {
  const detail = g.members.length > 0 ? `包含: ${g.members.join('、')}` : `群号 ${g.groupNumber}`
  return {
    kind: 'group',
    id: g.groupNumber,
    conversationID: `GROUP${g.groupID}`,
    name: g.name,
    avatar: g.avatar,
    memberAvatars: g.avatar ? undefined : g.memberAvatars,
    detail,
    hint: `${g.name}（群号 ${g.groupNumber}）`,
    marks: g.nameMarks,
  }
}

/**
 * The people and groups of the search: what the device found (loaded conversations, friends, by
 * ID) with the server's matches added (friends found by pinyin or nickname, groups found by a
 * member's name), and the characters the server matched marked.
 */
export function mergePeople(local: SearchGroups, server: Pick<EverythingSearchResult, 'contacts' | 'groups'> | null): SearchGroups {
  if (!server) return local
  const contactMarks = new Map(server.contacts.items.map((c) => [`C2C${c.wtId}`, c]))
  const groupHits = new Map(server.groups.items.map((g) => [`GROUP${g.groupID}`, g]))
  const mark = (entry: SearchEntry, hit: ContactHit | GroupHit | undefined): SearchEntry => {
    if (!hit) return entry
    if (hit.name === entry.name && hit.nameMarks.length > 0) return { ...entry, marks: hit.nameMarks }
    if ('members' in hit && hit.members.length > 0) return { ...entry, detail: `包含: ${hit.members.join('、')}` }
    return entry
  }
  const users = local.users.map((e) => mark(e, contactMarks.get(e.conversationID)))
  const groups = local.groups.map((e) => mark(e, groupHits.get(e.conversationID)))
  const seen = new Set([...users, ...groups].map((e) => e.conversationID))
  for (const c of server.contacts.items) if (!seen.has(`C2C${c.wtId}`)) users.push(fromContact(c))
  for (const g of server.groups.items) if (!seen.has(`GROUP${g.groupID}`)) groups.push(fromGroup(g))
  return { ...local, users, groups }
}

/** The characters of a name to highlight: those the server matched, else where the keyword stands in it. */
export const nameMarksOf = (entry: SearchEntry, keyword: string): readonly number[] => entry.marks ?? keywordMarks(entry.name, keyword)

/** The row Up or Down moves to among `count` rows, from `index` (-1: none yet), wrapping at the ends. */
export function moveActive(index: number, count: number, key: 'up' | 'down'): number {
  if (count <= 0) return -1
  if (index < 0) return key === 'down' ? 0 : count - 1
  return (index + (key === 'down' ? 1 : -1) + count) % count
}

/** 「N条相关的聊天记录」 with the count as the server counted it (100+ beyond 100). */
export const matchCount = (count: number, capped: boolean) => `${capped ? '100+' : count}条相关的聊天记录`

/** Every string inside a custom message's data, its JSON strings opened too (a favorite card's detail is one). */
function stringsOf(value: unknown, out: string[], depth = 0): void {
  if (depth > 4) return
  if (typeof value === 'string') {
    const inner = value.trimStart().startsWith('{') || value.trimStart().startsWith('[') ? tryParseJson(value) : undefined
    if (inner === undefined) out.push(value)
    else stringsOf(inner, out, depth + 1)
  } else if (Array.isArray(value)) for (const v of value) stringsOf(v, out, depth + 1)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out, depth + 1)
}

/** The words the server searches in a message (server im_search_text), one string per field. */
export function searchableWords(body: StoredBody): string[] {
  const out: string[] = []
  // A text or a file name is words as typed, even one that reads as JSON.
  const plain = (v: unknown) => {
    if (typeof v === 'string') out.push(v)
  }
  switch (body.type) {
    case MsgType.Text:
      plain(body.payload.text)
      break
    case MsgType.File:
      plain(body.payload.fileName)
      break
    case MsgType.Location:
      stringsOf(body.payload.description, out)
      break
    case MsgType.Merger:
      stringsOf([body.payload.title, body.payload.abstractList], out)
      break
    case MsgType.Custom:
      stringsOf([body.payload.data, body.payload.description], out)
      break
  }
  return out
}

/** Characters kept before a match when a result line starts inside the matched words. */
const LEAD = 8

/**
 * The line a search result shows for a message: its summary when the keyword stands in it (a
 * text, a file name); otherwise the summary's label ('[小助手]', '张三: [聊天记录]') and the words
 * that matched, from a little before the match, so that what was found is there to highlight.
 */
export function matchedLine(summary: string, body: StoredBody, keyword: string): string {
  if (keywordMarks(summary, keyword).length > 0) return summary
  for (const words of searchableWords(body)) {
    const line = words.replace(/\s+/g, ' ').trim()
    const at = keywordMarks(line, keyword)[0]
    if (at === undefined) continue
    const chars = Array.from(line)
    const excerpt = (at > LEAD ? '…' : '') + chars.slice(Math.max(0, at - LEAD)).join('')
    const label = summary.includes(']') ? summary.slice(0, summary.indexOf(']') + 1) : ''
    return label ? `${label} ${excerpt}` : excerpt
  }
  return summary
}
