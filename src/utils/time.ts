/** Day names as the conversation list writes them (spec 9: 星期X within the week). */
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * Whole calendar days between the two dates' local days (0 = same day, 1 = yesterday…). Counted
 * through the calendar fields rather than by dividing milliseconds, so a daylight-saving day of
 * 23 or 25 hours still counts as one.
 */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate())
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate())
  return Math.round((b - a) / 86_400_000)
}

export function formatClock(d: Date): string {
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}`
}

/**
 * The day part of a timestamp relative to `now`: 今天 (empty string: the caller shows the clock),
 * 昨天, 星期X for the five days before that, M/D earlier in the same year, else YYYY/M/D.
 * "Within the week" is read as the last seven days (as WeChat does), not the calendar week, so a
 * Sunday message seen on Monday still reads 昨天 and one from last Tuesday reads 星期二.
 * Times in the future (a skewed clock) count as today.
 */
function dayLabel(d: Date, now: Date): string {
  const days = calendarDaysBetween(d, now)
  if (days <= 0) return ''
  if (days === 1) return '昨天'
  if (days < 7) return WEEKDAYS[d.getDay()]!
  if (d.getFullYear() === now.getFullYear()) return `${d.getMonth() + 1}/${d.getDate()}`
  return `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`
}

/**
 * Time of a conversation row (spec 9): today HH:mm; 昨天; within the week 星期X; this year M/D;
 * else YYYY/M/D. `seconds` is a unix time in seconds, as messages carry it; 0 or less gives ''.
 */
export function formatConversationTime(seconds: number, now: Date = new Date()): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return ''
  const d = new Date(seconds * 1000)
  return dayLabel(d, now) || formatClock(d)
}

/**
 * The same rule with the clock kept on older days (昨天 14:05, 星期二 09:30, 3/8 18:00), for
 * places that show one moment in full such as the time rows between messages.
 */
export function formatMessageTime(seconds: number, now: Date = new Date()): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return ''
  const d = new Date(seconds * 1000)
  const day = dayLabel(d, now)
  return day ? `${day} ${formatClock(d)}` : formatClock(d)
}

