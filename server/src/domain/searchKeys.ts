/**
 * The words of a message that search matches, and the keys its index holds for it (migrations
 * 160 and 170). The indexer computes them here for the blocks it writes beside the sends;
 * im_search_text and im_search_keys in the migrations compute the same in the database, and
 * server/test/search-keys.test.ts holds the two to the same answers.
 *
 * A message's keys are every distinct character and character bigram of its searchable text, in
 * lower case and without white space, the hour it was stored in and its channel. A keyword is
 * looked up by its bigrams (or its one character): a block holding all of them holds candidates,
 * and each candidate's text is then checked.
 *
 * Keys are numbers, not strings: a GIN index of bigints takes a row in about a third of the work
 * of one of strings (docs/decisions/0098). A term is its code point, or its two code points as
 * one number above every code point; an hour and a channel are negative, so no term is one.
 */
import { MsgType } from '../../../types/chat.js'

/** One more than the largest code point. */
const CODE_POINTS = 0x110000
/** Channel keys lie below every hour key. */
const CHANNELS = 2 ** 31

/** A term's key: a character's code point, or a bigram's two as one number (im_search_code). */
export function termCode(term: string): number {
  const first = term.codePointAt(0)!
  const rest = term.slice(first > 0xffff ? 2 : 1)
  return rest ? (first + 1) * CODE_POINTS + rest.codePointAt(0)! : first
}

/** The key of an hour since 1970 (im_search_hour). */
export const hourKey = (hour: number) => -hour
/** The key of a channel, by its channels.search_id (im_search_channel). */
export const channelKey = (searchId: number) => -(CHANNELS + searchId)
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

/** Calls `visit` with each character of `text` that is not white space, and the one before it (-1 after white space or at the start). */
function eachPair(text: string, visit: (cp: number, prev: number) => void): void {
  let prev = -1
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (isSpace(cp)) {
      prev = -1
      continue
    }
    visit(cp, prev)
    prev = cp
  }
}

/** Every distinct character and bigram of a text that holds no white space (im_search_terms). */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>()
  eachPair(text, (cp, prev) => {
    terms.add(String.fromCodePoint(cp))
    if (prev >= 0) terms.add(String.fromCodePoint(prev, cp))
  })
  return [...terms]
}

/** Adds the term keys of a searchable text (already in lower case) to `keys`. */
export function addTextKeys(text: string, keys: Set<number>): void {
  eachPair(text, (cp, prev) => {
    keys.add(cp)
    if (prev >= 0) keys.add((prev + 1) * CODE_POINTS + cp)
  })
}

/** How a keyword is looked up, or null for one of white space only. */
export interface KeywordLookup {
  /** The keys of its bigrams, or of its characters when it has no bigram: a block of candidates holds every one. */
  terms: number[]
}

export function keywordLookup(keyword: string): KeywordLookup | null {
  const lower = keyword.toLowerCase()
  const all = searchTerms(lower)
  if (all.length === 0) return null
  const bigrams = all.filter((t) => [...t].length === 2)
  const terms = bigrams.length ? bigrams : all
  return { terms: terms.map(termCode) }
}
