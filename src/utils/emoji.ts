import { BASIC_EMOJI_IMAGES, STICKER_IMAGES } from '@/assets/emoji/images'
import { BASIC_EMOJI_NAMES, STICKER_GROUP_TABLES } from '@/assets/emoji/names'
import { emojiNameOfPlaceholder } from './emojiNames'

export { BASIC_EMOJI_NAMES, emojiNameOfPlaceholder }
export { emojiPlaceholder, expandEmojiPlaceholders } from './emojiNames'

export interface BasicEmoji {
  /** Bracketed name, as typed into text messages: '[微笑]'. */
  name: string
  /** Position in the picker; the n of the [::n] placeholder. */
  index: number
  url: string
}

export interface Sticker {
  /** emojiGroupID, sent as the face message's index. */
  group: number
  /** Sent as the face message's data. */
  data: string
  label: string
  url: string
}

export interface StickerGroup {
  id: number
  name: string
  stickers: readonly Sticker[]
}

export const BASIC_EMOJI: readonly BasicEmoji[] = BASIC_EMOJI_NAMES.map((name, index) => ({ name, index, url: BASIC_EMOJI_IMAGES[index] }))

const emojiByName = new Map(BASIC_EMOJI.map((e) => [e.name, e]))

export const STICKER_GROUPS: readonly StickerGroup[] = STICKER_GROUP_TABLES.map((table, g) => ({
  id: table.id,
  name: table.name,
  stickers: table.items.map(([data, label], i) => ({ group: table.id, data, label, url: STICKER_IMAGES[g][i] })),
}))

const stickerByKey = new Map(STICKER_GROUPS.flatMap((g) => g.stickers.map((s) => [`${s.group}/${s.data}`, s] as const)))

/** The basic emoji of a bracketed name ('[微笑]'), if the set has it. */
export function findEmoji(name: string): BasicEmoji | null {
  return emojiByName.get(name) ?? null
}

export function emojiUrl(name: string): string | null {
  return emojiByName.get(name)?.url ?? null
}

/** Image of a face message (index = emojiGroupID, data = sticker name); null for one this build does not have. */
export function stickerUrl(index: number, data: string): string | null {
  return stickerByKey.get(`${index}/${data}`)?.url ?? null
}

export function findSticker(index: number, data: string): Sticker | null {
  return stickerByKey.get(`${index}/${data}`) ?? null
}

export type EmojiSegment = { kind: 'text'; text: string } | { kind: 'emoji'; name: string; url: string }

/**
 * A bracket that may be an emoji: '[::n]' placeholders or a short name without brackets or
 * line breaks inside. Names outside the set stay text, so '[草稿]' or '[1]' are left alone.
 */
const EMOJI_TOKEN = /\[::(\d{1,4})\]|\[[^[\]\n]{1,8}\]/g

/** Splits text into runs of plain text and known emoji, in order; adjacent text is merged. */
export function parseEmojiText(text: string): EmojiSegment[] {
  const out: EmojiSegment[] = []
  const pushText = (t: string) => {
    if (!t) return
    const last = out[out.length - 1]
    if (last && last.kind === 'text') last.text += t
    else out.push({ kind: 'text', text: t })
  }
  let at = 0
  for (const m of text.matchAll(EMOJI_TOKEN)) {
    const name = m[1] !== undefined ? emojiNameOfPlaceholder(Number(m[1])) : m[0]
    const emoji = name ? emojiByName.get(name) : undefined
    if (!emoji) continue
    pushText(text.slice(at, m.index))
    out.push({ kind: 'emoji', name: emoji.name, url: emoji.url })
    at = m.index + m[0].length
  }
  pushText(text.slice(at))
  return out
}

/** What EmojiText lays out: text (line breaks kept in it), emoji pictures and links. */
export type RichSegment = EmojiSegment | { kind: 'link'; url: string }

/**
 * http(s) links (spec 5: external links are recognised by an http(s) pattern). A link ends at
 * whitespace, brackets, quotes or CJK text and punctuation, so '见https://a.cn/x，谢谢' links
 * only the address.
 */
const LINK = /https?:\/\/[^\s<>"'`[\]{}|\\^\u2E80-\u9FFF\u3000-\u303F\uFF00-\uFFEF]+/g
/** Sentence punctuation that usually follows a link rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?]$/

/** Drops trailing punctuation, and closing parentheses that have no opening one in the link. */
function trimLink(raw: string): string {
  let url = raw
  for (;;) {
    if (TRAILING_PUNCTUATION.test(url)) url = url.slice(0, -1)
    else if (url.endsWith(')') && url.split('(').length < url.split(')').length) url = url.slice(0, -1)
    else return url
  }
}

export function parseRichText(text: string): RichSegment[] {
  const out: RichSegment[] = []
  const pushPlain = (plain: string) => {
    for (const seg of parseEmojiText(plain)) out.push(seg)
  }
  let at = 0
  for (const m of text.matchAll(LINK)) {
    const url = trimLink(m[0])
    // A bare scheme ('https://') is text, not a link.
    if (!/^https?:\/\/./.test(url)) continue
    pushPlain(text.slice(at, m.index))
    out.push({ kind: 'link', url })
    at = m.index + url.length
  }
  pushPlain(text.slice(at))
  return out
}
