const KB = 1024
const MB = 1024 * 1024

/**
 * A byte count as the chat shows file sizes: B below 1 KB, Kb below 1 MB, Mb above, always with
 * two decimals (uploads are capped at 100 MB, so no larger unit is needed).
 */
export function formatFileSize(bytes: number): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0
  if (n >= MB) return `${(n / MB).toFixed(2)} Mb`
  if (n >= KB) return `${(n / KB).toFixed(2)} Kb`
  return `${n.toFixed(2)} B`
}
