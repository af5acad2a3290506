/** Spec 9 'Size format: B, Kb or Mb with two decimals': its units, exactly. */
const UNITS = ['B', 'Kb', 'Mb'] as const
const STEP = 1024

/**
 * A byte count as the chat shows file sizes: B, Kb or Mb (1024 apart), always with two
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
