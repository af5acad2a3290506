import { useEffect } from 'react'
import { FAVORITES_SCROLL_THROTTLE_MS, FAVORITES_SEARCH_DEBOUNCE_MS } from '@shared/favorites'
import { useThrottledCallback } from '@/components/chat/useThrottle'
import { useDebouncedValue } from '@/components/conversation/useDebouncedValue'
import { fullyLoaded, nextPage } from '@/domain/favorites/favoriteList'
import { useApp, useAppStore } from '@/root/AppContext'
import type { FavoriteListKey } from '@/stores/slices/favorites'

/**
 * A favorites list with its search (debounced 500 ms) and its scroll loading (throttled 300 ms,
 * spec 9): the first page loads when shown and on every new search, the next on reaching the end.
 */
export function useFavoriteList(key: FavoriteListKey, query: string, active = true) {
  const app = useApp()
  const list = useAppStore((s) => s.favoriteLists[key])
  const settled = useDebouncedValue(query.trim(), FAVORITES_SEARCH_DEBOUNCE_MS)
  useEffect(() => {
    if (active) void app.favorites.loadFavorites(key, 1, settled)
  }, [settled, active])
  const loadMore = useThrottledCallback(() => {
    const page = nextPage(app.store.getState().favoriteLists[key])
    if (page !== null) void app.favorites.loadFavorites(key, page, app.store.getState().favoriteLists[key].query)
  }, FAVORITES_SCROLL_THROTTLE_MS)
  return { list, loadMore, done: fullyLoaded(list) }
}
