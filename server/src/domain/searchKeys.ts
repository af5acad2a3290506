/**
 * The words of a message that search matches, and the keys its index holds for it (migration
 * 160). Computed here for the sends, so that PostgreSQL only stores them; im_search_text and
 * im_search_keys in the migration compute the same for the messages stored by other statements,
 * and server/test/search-keys.test.ts holds the two to the same answers.
 *
 * A message's keys are every distinct character and character bigram of its searchable text, in
 * lower case and without white space, the hour it was stored in and its channel. A keyword is
 * looked up by its bigrams (or its one character): a message holding all of them is a candidate,
 * and unless the keyword is that one term the text itself is then checked.
 */
import { MsgType } from '../../../types/chat.js'

/** Keys that are no term: they start with a character no term holds (terms hold no white space, and this is ASCII US). */
const HOUR = '\u001fh'
const CHANNEL = '\u001fc'

export const hourKey = (hour: number) => `${HOUR}${hour}`
export const channelKey = (channelId: string) => `${CHANNEL}${channelId}`
/** The hour (since 1970) a moment falls in, as the index counts them. */
export const hourOf = (ms: number) => Math.floor(ms / 3_600_000)

const LOCATION_TITLE = /"title"\s*:\s*"((?:[^"\\]|\\.)*)"/
/** What /\s/ matches, without a regular expression per character (this runs for every message sent). */
const isSpace = (c: number) =>
  (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff

const field = (payload: Record<string, unknown>, name: string): string | null => {
  const v = payload[name]
  if (v === undefined || v === null) return null
  return typeof v === 'string' ? v : JSON.stringify(v)
}

const joined = (...parts: Array<string | null>) => {
  const kept = parts.filter((p): p is string => p !== null)
  return kept.length ? kept.join('\n') : null
}

/** The searchable text of a message, in lower case, or null for a kind without words (im_search_text). */
export function searchText(type: string, payload: unknown): string | null {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null
  const p = payload as Record<string, unknown>
  let text: string | null
  switch (type) {
    case MsgType.Text:
      text = field(p, 'text')
      break
    case MsgType.File:
      text = field(p, 'fileName')
      break
    case MsgType.Location: {
      const description = field(p, 'description')
      text = description === null ? null : (LOCATION_TITLE.exec(description)?.[1] ?? description)
      break
    }
    case MsgType.Merger: {
      const list = Array.isArray(p.abstractList) ? p.abstractList.filter((a) => a !== null).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))) : []
      text = joined(field(p, 'title'), list.length ? list.join('\n') : null)
      break
    }
    case MsgType.Custom:
      text = joined(field(p, 'data'), field(p, 'description'))
      break
    default:
      text = null
  }
  return text === null ? null : text.toLowerCase()
}

/** Every distinct character and bigram of a text that holds no white space (im_search_terms). */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>()
  let prev = ''
  for (const ch of text) {
    if (isSpace(ch.charCodeAt(0))) {
      prev = ''
      continue
    }
    terms.add(ch)
    if (prev) terms.add(prev + ch)
    prev = ch
  }
  return [...terms]
}

/**
 * The keys of a new message but its hour, joined by spaces (no key holds one): the send passes
 * them to im_send_batch_store, which adds the hour of the transaction.
 */
export function sendKeys(type: string, payload: unknown, channelId: string): string {
  const text = searchText(type, payload)
  const terms = text ? searchTerms(text) : []
  terms.push(channelKey(channelId))
  return terms.join(' ')
}

/** How a keyword is looked up, or null for one of white space only. */
export interface KeywordLookup {
  /** Its bigrams, or its characters when it has no bigram: a match holds every one. */
  terms: string[]
  /** The keyword is its one term: every message holding it matches, the text needs no check. */
  exact: boolean
}

export function keywordLookup(keyword: string): KeywordLookup | null {
  const lower = keyword.toLowerCase()
  const all = searchTerms(lower)
  if (all.length === 0) return null
  const bigrams = all.filter((t) => [...t].length === 2)
  const terms = bigrams.length ? bigrams : all
  return { terms, exact: terms.length === 1 && terms[0] === lower }
}
