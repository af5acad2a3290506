import type { StateCreator } from 'zustand'
import type { Phrase } from '@shared/favorites'
import { emptyFavoriteList, type FavoriteList } from '@/domain/favorites/favoriteList'
import type { AppState } from '../appState'

/** Which favorites list: the /favorites page's or the chat toolbar panel's (each has its own search). */
export type FavoriteListKey = 'page' | 'panel'

export interface FavoritesSlice {
  favoriteLists: Record<FavoriteListKey, FavoriteList>
  /** The quick phrases, in their order; null until loaded. */
  phrases: Phrase[] | null
  setFavoriteList(key: FavoriteListKey, update: (list: FavoriteList) => FavoriteList): void
  setPhrases(phrases: Phrase[] | null): void
}

export const favoritesInitial = {
  favoriteLists: { page: emptyFavoriteList, panel: emptyFavoriteList },
  phrases: null,
} satisfies Partial<FavoritesSlice>

export const createFavoritesSlice: StateCreator<AppState, [], [], FavoritesSlice> = (set) => ({
  ...favoritesInitial,
  setFavoriteList: (key, update) => set((s) => ({ favoriteLists: { ...s.favoriteLists, [key]: update(s.favoriteLists[key]) } })),
  setPhrases: (phrases) => set({ phrases }),
})
