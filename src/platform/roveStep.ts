export type RoveOrientation = 'vertical' | 'horizontal' | 'grid'

/** Which item holds the Tab stop before any was focused or selected: the first, or the newest at the end. */
export type RoveStart = 'first' | 'last'

/**
 * Where a key moves focus among `count` roving items from item `at`; null when the key is not a
 * move here (the page keeps it). In a grid of `columns` items a row, ↑ and ↓ go to the same
 * column of the row above or below and stay put at the first or last row, ← and → step along
 * the reading order across rows; Home and End go to the first and last item everywhere.
 */
export function roveStep(key: string, orientation: RoveOrientation, at: number, count: number, columns = 1): number | null {
  const last = count - 1
  if (count <= 0 || at < 0 || at > last) return null
  if (key === 'Home') return 0
  if (key === 'End') return last
  const across = orientation === 'grid' ? Math.max(1, columns) : 1
  switch (key) {
    case 'ArrowDown':
      if (orientation === 'horizontal') return null
      if (orientation === 'grid') return at + across <= last ? at + across : at
      return Math.min(last, at + 1)
    case 'ArrowUp':
      if (orientation === 'horizontal') return null
      if (orientation === 'grid') return at - across >= 0 ? at - across : at
      return Math.max(0, at - 1)
    case 'ArrowRight':
      return orientation === 'vertical' ? null : Math.min(last, at + 1)
    case 'ArrowLeft':
      return orientation === 'vertical' ? null : Math.max(0, at - 1)
    default:
      return null
  }
}
