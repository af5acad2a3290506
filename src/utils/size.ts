const UNITS = ['B', 'KB', 'MB', 'GB'] as const
const STEP = 1024

/**
 * A byte count as the chat shows file sizes: B, KB, MB or GB (1024 apart), always with two
 * decimals. A value that would round to 1024.00 of one unit is shown as 1.00 of the next.
 */
export function formatFileSize(bytes: number): string {
  let n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  let unit = 0
  while (unit < UNITS.length - 1 && Number(n.toFixed(2)) >= STEP) {
    n /= STEP
    unit += 1
  }
  return `${n.toFixed(2)} ${UNITS[unit]}`
}
