import { useEffect, useMemo, useState } from 'react'
import type { Conversation } from '@shared/chat'
import type { FriendListItem } from '@shared/friends'
import type { SearchResult } from '@shared/search'
import { usePinyinReady } from '@/components/common/usePinyinReady'
import { buildSearchResults, type SearchGroups } from './searchResults'
import { useDebouncedValue } from './useDebouncedValue'

/** Spec 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 500

export interface ConversationSearch {
  /** The box holds text: the list gives way to the results. */
  searching: boolean
  /** The text is still being typed or the lookup by ID is still running. */
  pending: boolean
  /** The results for the settled text. */
  results: SearchGroups
}

/**
 * Searches the loaded conversations, the friends (by remark, nickname, ID or pinyin) and, by ID, the server, 500 ms after the last keystroke. An
 * answer that arrives after the text has changed again is dropped.
 */
export function useConversationSearch(
  query: string,
  conversations: readonly Conversation[],
  viewerID: string,
  searchById: (text: string) => Promise<SearchResult[]>,
  friends: readonly FriendListItem[] = [],
): ConversationSearch {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const [remote, setRemote] = useState<{ text: string; results: SearchResult[] } | null>(null)

  useEffect(() => {
    if (!settled) return
    let current = true
    searchById(settled)
      .then((results) => {
        if (current) setRemote({ text: settled, results })
      })
      .catch(() => {
        // The request layer has shown the failure; the local matches still stand.
        if (current) setRemote({ text: settled, results: [] })
      })
    return () => {
      current = false
    }
  }, [settled, searchById])

  // The dictionary is fetched from the first keystroke, so it is usually in before the debounce ends.
  const pinyinReady = usePinyinReady(query.trim() !== '')
  const remoteResults = remote && remote.text === settled ? remote.results : null
  const results = useMemo(
    () => (settled && pinyinReady ? buildSearchResults(settled, conversations, remoteResults ?? [], viewerID, friends) : { users: [], groups: [] }),
    [settled, pinyinReady, conversations, remoteResults, viewerID, friends],
  )
  const typing = query.trim() !== settled
  return { searching: query.trim() !== '', pending: typing || !pinyinReady || (Boolean(settled) && remoteResults === null), results }
}
