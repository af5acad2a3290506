import { MOMENT_IMAGES_MAX, MomentVisibility, type MomentComment, type MomentPraise } from '@shared/moments'

/**
 * How a moment's pictures are laid out, as WeChat does: one picture large, four in a 2x2
 * square, any other count in rows of three.
 */
export type ImageGridLayout = 'single' | 'square' | 'rows'

export function imageGridLayout(count: number): ImageGridLayout {
  if (count === 1) return 'single'
  if (count === 4) return 'square'
  return 'rows'
}

export const VISIBILITY_OPTIONS: ReadonlyArray<{ value: MomentVisibility; label: string; hint: string }> = [
  { value: MomentVisibility.AllFriends, label: '公开', hint: '所有朋友可见' },
  { value: MomentVisibility.OnlyMe, label: '私密', hint: '仅自己可见' },
  { value: MomentVisibility.Tags, label: '部分可见', hint: '选中的标签可见' },
  { value: MomentVisibility.ExceptTags, label: '不给谁看', hint: '选中的标签不可见' },
]

export const needsTags = (v: MomentVisibility) => v === MomentVisibility.Tags || v === MomentVisibility.ExceptTags

export function visibilityLabel(v: MomentVisibility): string {
  return VISIBILITY_OPTIONS.find((o) => o.value === v)?.label ?? ''
}

/** The list with the item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (from < 0 || from >= list.length || from === target) return list as T[]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item!)
  return next
}

/** How many more pictures may be picked: none once a video is chosen. */
export function imageRoom(held: number, hasVideo: boolean): number {
  return hasVideo ? 0 : Math.max(0, MOMENT_IMAGES_MAX - held)
}

/** A moment's time as WeChat writes it: 刚刚, N分钟前, N小时前, 昨天, N天前 within a week, then the date. */
export function formatMomentTime(seconds: number, now: Date = new Date()): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return ''
  const d = new Date(seconds * 1000)
  const diff = Math.max(0, Math.floor(now.getTime() / 1000 - seconds))
  if (diff < 60) return '刚刚'
  if (diff < 3600) return `${Math.floor(diff / 60)}分钟前`
  const days = Math.round(
    (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) - Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())) / 86_400_000,
  )
  if (days <= 0) return `${Math.floor(diff / 3600)}小时前`
  if (days === 1) return '昨天'
  if (days < 7) return `${days}天前`
  if (d.getFullYear() === now.getFullYear()) return `${d.getMonth() + 1}月${d.getDate()}日`
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`
}

export const praiseNames = (list: readonly MomentPraise[]) => list.map((p) => p.nickName).join('，')

/** The name part of a comment line: 'B' or 'B 回复 A'. */
export function commentWho(c: MomentComment): { from: string; to: string } {
  return { from: c.nickName, to: c.replyWtId ? c.replyNickName : '' }
}

/** The commenter deletes their own comment; the moment's author any comment on it. */
export const canDeleteComment = (me: string, c: MomentComment, momentAuthor: string) => c.wtId === me || momentAuthor === me

