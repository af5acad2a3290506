import { loadPinyin, type PinyinFn } from '@/platform/pinyinLoader'

/** The bucket for names that start with neither a Latin letter nor a Chinese character. */
export const OTHER_INITIAL = '#'

export interface InitialGroup<T> {
  /** 'A'…'Z', or '#' (always last). */
  letter: string
  items: T[]
}

const LATIN = /^[a-z]$/i

let engine: PinyinFn | null = null
let loading: Promise<void> | null = null
const waiting = new Set<() => void>()

/**
 * Fetches the pinyin dictionary once (H5 loads it on first use, see platform/pinyinLoader). The
 * functions below need it: screens check pinyinReady() and re-render through onPinyinReady().
 */
export function ensurePinyin(): Promise<void> {
  loading ??= loadPinyin().then(
    (fn) => {
      engine = fn
      for (const notify of waiting) notify()
      waiting.clear()
    },
    (err: unknown) => {
      // A failed fetch (offline) may be retried by the next search.
      loading = null
      throw err
    },
  )
  return loading
}

export function pinyinReady(): boolean {
  return engine !== null
}

/** Calls `fn` once the dictionary is in; returns the unsubscribe. */
export function onPinyinReady(fn: () => void): () => void {
  if (engine) {
    fn()
    return () => undefined
  }
  waiting.add(fn)
  return () => waiting.delete(fn)
}

function dictionary(): PinyinFn {
  if (!engine) throw new Error('pinyin is used before ensurePinyin() resolved')
  return engine
}

/**
 * The sort key of a name: Chinese characters become toneless pinyin, everything else is kept,
 * lower-cased. 'surname: head' reads a leading surname with its surname sound (曾 → zeng, 单 → shan),
 * which is what people expect for contact names.
 */
export function pinyinKey(name: string): string {
  const text = name.trim()
  if (!text) return ''
  return dictionary()(text, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase()
}

/** The first letter of each character's pinyin (王五 → ww); other characters are kept, lower-cased. */
export function pinyinInitials(name: string): string {
  const text = name.trim()
  if (!text) return ''
  return dictionary()(text, { pattern: 'first', toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase()
}

/**
 * Whether Latin letters typed by the user spell a name by pinyin: the full pinyin contains them
 * ('wangwu', 'wang' find 王五) or the initials start with them ('ww', 'w' find 王五).
 */
export function pinyinMatches(name: string, typed: string): boolean {
  const q = typed.replace(/\s+/g, '').toLowerCase()
  if (!/^[a-z]+$/.test(q)) return false
  return pinyinKey(name).includes(q) || pinyinInitials(name).startsWith(q)
}

/** 'A'…'Z' for a name starting with a Latin letter or a Chinese character, else '#'. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0]
  if (!first) return OTHER_INITIAL
  if (LATIN.test(first)) return first.toUpperCase()
  const letter = dictionary()(first, { pattern: 'first', toneType: 'none', surname: 'head' }).toUpperCase()
  // pinyin-pro returns a non-Chinese character unchanged, so only a letter counts as an initial.
  return /^[A-Z]$/.test(letter) ? letter : OTHER_INITIAL
}

/**
 * Groups items by the pinyin initial of their name (spec 2: grouped by initial letter, # last).
 * Groups are in A-Z order; inside a group items are ordered by their pinyin, then by name, so
 * 张三 and 章三 stay in a stable order.
 */
export function groupByInitial<T>(items: readonly T[], nameOf: (item: T) => string): InitialGroup<T>[] {
  const keyed = items.map((item) => {
    const name = nameOf(item)
    return { item, name, letter: initialOf(name), key: pinyinKey(name) }
  })
  keyed.sort((a, b) => {
    if (a.letter !== b.letter) {
      if (a.letter === OTHER_INITIAL) return 1
      if (b.letter === OTHER_INITIAL) return -1
      return a.letter < b.letter ? -1 : 1
    }
    if (a.key !== b.key) return a.key < b.key ? -1 : 1
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  })
  const groups: InitialGroup<T>[] = []
  for (const entry of keyed) {
    const last = groups[groups.length - 1]
    if (last && last.letter === entry.letter) last.items.push(entry.item)
    else groups.push({ letter: entry.letter, items: [entry.item] })
  }
  return groups
}
