/** Sidebar and tab badges: nothing for zero, the count up to the cap, then `${cap}+` (spec: 99). */
export function formatBadge(n: number, cap = 99): string {
  if (!Number.isFinite(n) || n <= 0) return ''
  const whole = Math.floor(n)
  return whole > cap ? `${cap}+` : String(whole)
}
