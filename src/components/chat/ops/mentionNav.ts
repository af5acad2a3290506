import type { EditorNavKey } from '@/platform/keyboard'

export type MentionNavResult = { kind: 'move'; index: number } | { kind: 'close' } | null

/**
 * What a key does to the open @ list of `count` entries with `index` highlighted: Up and Down
 * move the highlight (wrapping at the ends), Escape closes the list. null when no list is open.
 */
export function mentionNav(key: EditorNavKey, index: number, count: number): MentionNavResult {
  if (count <= 0) return null
  if (key === 'escape') return { kind: 'close' }
  const step = key === 'down' ? 1 : -1
  return { kind: 'move', index: (((index + step) % count) + count) % count }
}

/** The entry Enter picks: the highlighted one, or the first when the list got shorter. */
export function highlightedEntry<T>(list: readonly T[], index: number): T | undefined {
  return list[index] ?? list[0]
}
