import { useEffect, useMemo, useState } from 'react'
import type { Conversation } from '@shared/chat'
import type { FriendListItem } from '@shared/friends'
import type { EverythingSearchResult, SearchResult } from '@shared/search'
import { mergePeople } from '@/components/search/searchModel'
import { usePinyinReady } from '@/components/common/usePinyinReady'
import { buildSearchResults, type SearchGroups } from './searchResults'
import { useDebouncedValue } from './useDebouncedValue'

/** Spec 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 500

export interface ConversationSearch {
  /** The box holds text: the list gives way to the results. */
  searching: boolean
  /** The text is still being typed or the lookups (by ID, in the chat history) are still running. */
  pending: boolean
  /** The people and groups for the settled text, the server's matches merged in. */
  results: SearchGroups
  /** The settled text the results are for. */
  keyword: string
  /** The server's sections for it (聊天记录, 收藏, 朋友圈 and its people and groups), null until it answers. */
  sections: EverythingSearchResult | null
}

/** An answer of the server for one settled text; answers for an older text are ignored. */
function useAnswerFor<T>(text: string, ask: (text: string) => Promise<T>, fallback: T): T | null {
  const [answer, setAnswer] = useState<{ text: string; items: T } | null>(null)
  useEffect(() => {
    if (!text) return
    let current = true
    ask(text)
      .then((items) => {
        if (current) setAnswer({ text, items })
      })
      .catch(() => {
        // The request layer has shown the failure; the local matches still stand.
        if (current) setAnswer({ text, items: fallback })
      })
    return () => {
      current = false
    }
  }, [text, ask, fallback])
  return answer && answer.text === text ? answer.items : null
}

const NO_RESULTS: SearchGroups = { users: [], groups: [], messages: [] }
const NO_REMOTE: SearchResult[] = []
const EMPTY_SECTION = { items: [], more: false }
/** What a failed search of the server leaves: the device's own matches. */
export const NO_SECTIONS: EverythingSearchResult = {
  contacts: EMPTY_SECTION,
  groups: EMPTY_SECTION,
  messages: EMPTY_SECTION,
  favorites: EMPTY_SECTION,
  moments: EMPTY_SECTION,
}
const noSections = async () => NO_SECTIONS

/**
 * Searches the loaded conversations, the friends (by remark, nickname, ID or pinyin), by ID the
 * server, and the server's search box (people, groups, chat history, favorites, moments), 500 ms
 * after the last keystroke. An answer that arrives after the text has changed again is dropped.
 */
export function useConversationSearch(
  query: string,
  conversations: readonly Conversation[],
  viewerID: string,
  searchById: (text: string) => Promise<SearchResult[]>,
  friends: readonly FriendListItem[] = [],
  searchEverything: (text: string) => Promise<EverythingSearchResult> = noSections,
): ConversationSearch {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const remoteResults = useAnswerFor(settled, searchById, NO_REMOTE)
  const sections = useAnswerFor(settled, searchEverything, NO_SECTIONS)
  // The dictionary is fetched from the first keystroke, so it is usually in before the debounce ends.
  const pinyinReady = usePinyinReady(query.trim() !== '')
  const results = useMemo(
    () => (settled && pinyinReady ? mergePeople(buildSearchResults(settled, conversations, remoteResults ?? [], viewerID, friends), sections) : NO_RESULTS),
    [settled, pinyinReady, conversations, remoteResults, viewerID, friends, sections],
  )
  const typing = query.trim() !== settled
  return {
    searching: query.trim() !== '',
    pending: typing || !pinyinReady || (Boolean(settled) && (remoteResults === null || sections === null)),
    results,
    keyword: settled,
    sections: typing ? null : sections,
  }
}
