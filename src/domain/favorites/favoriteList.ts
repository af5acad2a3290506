import { CollectContentType } from '@shared/messageOps'
import type { Favorite, FavoritePage, Phrase } from '@shared/favorites'

/** One favorites list (the page's, or the toolbar panel's): rows so far, the total, the search. */
export interface FavoriteList {
  rows: Favorite[]
  total: number
  pageNum: number
  query: string
  loading: boolean
  /** Set once the first page answered: before that the list is unknown, not empty. */
  loaded: boolean
}

export const emptyFavoriteList: FavoriteList = { rows: [], total: 0, pageNum: 0, query: '', loading: false, loaded: false }

/**
 * Spec 4 "Favorites in the toolbar": page 1 replaces the list, a later page appends to it. A row
 * already shown (the list moved under us: a favorite added or pinned meanwhile) is not repeated.
 */
export function mergePage(list: FavoriteList, page: FavoritePage, pageNum: number, query: string): FavoriteList {
  const base = pageNum > 1 && query === list.query ? list.rows : []
  const seen = new Set(base.map((r) => r.id))
  return { rows: [...base, ...page.rows.filter((r) => !seen.has(r.id))], total: page.total, pageNum, query, loading: false, loaded: true }
}

/** Spec 4: a list is fully loaded when its length equals the total. */
export const fullyLoaded = (list: FavoriteList): boolean => list.loaded && list.rows.length >= list.total

/** The page a scroll to the end asks for, or null when there is nothing more or a load is running. */
export function nextPage(list: FavoriteList): number | null {
  if (list.loading || fullyLoaded(list)) return null
  return list.pageNum + 1
}

/** Pinned rows first, then newest first: the server's order, kept after a local pin or unpin. */
export function sortFavorites(rows: Favorite[]): Favorite[] {
  return [...rows].sort((a, b) => b.topStatus - a.topStatus || b.id - a.id)
}

export function withTopStatus(list: FavoriteList, id: number, topStatus: 0 | 1): FavoriteList {
  return { ...list, rows: sortFavorites(list.rows.map((r) => (r.id === id ? { ...r, topStatus } : r))) }
}

export function withoutRows(list: FavoriteList, ids: ReadonlySet<number>): FavoriteList {
  const rows = list.rows.filter((r) => !ids.has(r.id))
  return { ...list, rows, total: Math.max(0, list.total - (list.rows.length - rows.length)) }
}

/** Clicking a favorite in the toolbar panel toggles it: one selection at most. */
export const toggleSelection = (current: number | null, id: number): number | null => (current === id ? null : id)

/** What a card shows as its kind (and what a sent collect message summarises as). */
export function favoriteKindLabel(contentType: number): string {
  switch (contentType) {
    case CollectContentType.Text:
      return '文字'
    case CollectContentType.Link:
      return '链接'
    case CollectContentType.Image:
      return '图片'
    case CollectContentType.Video:
      return '视频'
    case CollectContentType.File:
      return '文件'
    case CollectContentType.Location:
      return '位置'
    case CollectContentType.Note:
      return '笔记'
    default:
      return '收藏'
  }
}

/** The text a favorite is found and summarised by. */
export function favoriteTitle(f: Pick<Favorite, 'contentType' | 'collectTitle' | 'fileName' | 'addressTitle' | 'noteContent'>): string {
  if (f.contentType === CollectContentType.File) return f.fileName || f.collectTitle
  if (f.contentType === CollectContentType.Location) return f.addressTitle || f.collectTitle
  if (f.contentType === CollectContentType.Note) return f.noteContent || f.collectTitle
  return f.collectTitle
}

/** Phrases in their saved order after moving the one at `from` to `to` (drag or the arrow buttons). */
export function movePhrase(list: Phrase[], from: number, to: number): Phrase[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list
  const next = [...list]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next.map((p, i) => ({ ...p, wordSort: i }))
}
