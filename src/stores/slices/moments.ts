import type { StateCreator } from 'zustand'
import type { Moment, MomentInteractions, MomentNotice } from '@shared/moments'
import type { AppState } from '../appState'

/** A paged list of moments as far as it has been loaded (the feed, or one user's album). */
export interface MomentPage {
  /** '' for the feed, else the album owner's wtId. */
  owner: string
  ids: number[]
  total: number
  /** The last page held (0: none yet). */
  pageNum: number
  loading: boolean
}

export interface MomentNoticeList {
  rows: MomentNotice[]
  total: number
  pageNum: number
  loading: boolean
}

export interface MomentsSlice {
  /** id → moment, for every list and the detail page. */
  momentById: Record<number, Moment>
  /** id → its likes and comments as the caller may see them. */
  momentInteractions: Record<number, MomentInteractions>
  momentFeed: MomentPage
  momentAlbum: MomentPage
  momentNotices: MomentNoticeList
  setMomentPageLoading(list: 'momentFeed' | 'momentAlbum', loading: boolean): void
  /** Page 1 replaces the list; a later page appends the moments not held yet. */
  putMomentPage(list: 'momentFeed' | 'momentAlbum', owner: string, rows: Moment[], total: number, pageNum: number): void
  putMoment(moment: Moment): void
  /** A just-published moment goes on top of the feed (and of my album when it is open). */
  prependMoment(moment: Moment): void
  putInteractions(list: MomentInteractions[]): void
  patchInteractions(id: number, patch: Partial<MomentInteractions>): void
  dropMoment(id: number): void
  setMomentNoticesLoading(loading: boolean): void
  putMomentNoticePage(rows: MomentNotice[], total: number, pageNum: number): void
}

export const emptyMomentPage = (owner = ''): MomentPage => ({ owner, ids: [], total: 0, pageNum: 0, loading: false })

export const momentsInitial = {
  momentById: {},
  momentInteractions: {},
  momentFeed: emptyMomentPage(),
  momentAlbum: emptyMomentPage(),
  momentNotices: { rows: [], total: 0, pageNum: 0, loading: false },
} satisfies Partial<MomentsSlice>

const withoutId = (page: MomentPage, id: number): MomentPage =>
  page.ids.includes(id) ? { ...page, ids: page.ids.filter((x) => x !== id), total: Math.max(0, page.total - 1) } : page

export const createMomentsSlice: StateCreator<AppState, [], [], MomentsSlice> = (set) => ({
  ...momentsInitial,
  setMomentPageLoading: (list, loading) => set((s) => ({ [list]: { ...s[list], loading } }) as Partial<AppState>),
  putMomentPage: (list, owner, rows, total, pageNum) =>
    set((s) => {
      const held = s[list]
      const base = pageNum === 1 || held.owner !== owner ? [] : held.ids
      const ids = [...base, ...rows.map((m) => m.id).filter((id) => !base.includes(id))]
      const momentById = { ...s.momentById }
      for (const m of rows) momentById[m.id] = m
      return { momentById, [list]: { owner, ids, total, pageNum, loading: false } } as Partial<AppState>
    }),
  putMoment: (moment) => set((s) => ({ momentById: { ...s.momentById, [moment.id]: moment } })),
  prependMoment: (moment) =>
    set((s) => {
      const onTop = (page: MomentPage): MomentPage =>
        page.ids.includes(moment.id) ? page : { ...page, ids: [moment.id, ...page.ids], total: page.total + 1 }
      const mine = s.user?.wtId === moment.wtId
      return {
        momentById: { ...s.momentById, [moment.id]: moment },
        momentFeed: onTop(s.momentFeed),
        momentAlbum: mine && s.momentAlbum.owner === moment.wtId ? onTop(s.momentAlbum) : s.momentAlbum,
      }
    }),
  putInteractions: (list) =>
    set((s) => {
      const momentInteractions = { ...s.momentInteractions }
      for (const entry of list) momentInteractions[entry.id] = entry
      return { momentInteractions }
    }),
  patchInteractions: (id, patch) =>
    set((s) => {
      const held = s.momentInteractions[id] ?? { id, commentsList: [], praiseList: [], groupList: [], minePraiseStatus: 0 as const }
      return { momentInteractions: { ...s.momentInteractions, [id]: { ...held, ...patch } } }
    }),
  dropMoment: (id) =>
    set((s) => {
      const { [id]: _moment, ...momentById } = s.momentById
      const { [id]: _interactions, ...momentInteractions } = s.momentInteractions
      return {
        momentById,
        momentInteractions,
        momentFeed: withoutId(s.momentFeed, id),
        momentAlbum: withoutId(s.momentAlbum, id),
        momentNotices: { ...s.momentNotices, rows: s.momentNotices.rows.filter((n) => n.friendsCircleId !== id) },
      }
    }),
  setMomentNoticesLoading: (loading) => set((s) => ({ momentNotices: { ...s.momentNotices, loading } })),
  putMomentNoticePage: (rows, total, pageNum) =>
    set((s) => {
      const base = pageNum === 1 ? [] : s.momentNotices.rows
      const held = new Set(base.map((n) => n.id))
      return { momentNotices: { rows: [...base, ...rows.filter((n) => !held.has(n.id))], total, pageNum, loading: false } }
    }),
})
