import { useEffect, useMemo, useState } from 'react'
import type { Conversation, Message } from '@shared/chat'
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
  /** The text is still being typed or the lookups (by ID, in the chat history) are still running. */
  pending: boolean
  /** The results for the settled text. */
  results: SearchGroups
}

/** An answer of the server for one settled text; answers for an older text are ignored. */
function useAnswerFor<T>(text: string, ask: (text: string) => Promise<T[]>): T[] | null {
  const [answer, setAnswer] = useState<{ text: string; items: T[] } | null>(null)
  useEffect(() => {
    if (!text) return
    let current = true
    ask(text)
      .then((items) => {
        if (current) setAnswer({ text, items })
      })
      .catch(() => {
        // The request layer has shown the failure; the local matches still stand.
        if (current) setAnswer({ text, items: [] })
      })
    return () => {
      current = false
    }
  }, [text, ask])
  return answer && answer.text === text ? answer.items : null
}

const noHistory = async (): Promise<Message[]> => []

const NO_RESULTS: SearchGroups = { users: [], groups: [], messages: [] }

/**
 * Searches the loaded conversations, the friends (by remark, nickname, ID or pinyin), by ID the
 * server, and the chat history of every conversation, 500 ms after the last keystroke. An answer
 * that arrives after the text has changed again is dropped.
 */
export function useConversationSearch(
  query: string,
  conversations: readonly Conversation[],
  viewerID: string,
  searchById: (text: string) => Promise<SearchResult[]>,
  friends: readonly FriendListItem[] = [],
  searchHistory: (text: string) => Promise<Message[]> = noHistory,
): ConversationSearch {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const remoteResults = useAnswerFor(settled, searchById)
  const hits = useAnswerFor(settled, searchHistory)
  // The dictionary is fetched from the first keystroke, so it is usually in before the debounce ends.
  const pinyinReady = usePinyinReady(query.trim() !== '')
  const results = useMemo(
    () => (settled && pinyinReady ? buildSearchResults(settled, conversations, remoteResults ?? [], viewerID, friends, hits ?? []) : NO_RESULTS),
    [settled, pinyinReady, conversations, remoteResults, viewerID, friends, hits],
  )
  const typing = query.trim() !== settled
  return { searching: query.trim() !== '', pending: typing || !pinyinReady || (Boolean(settled) && (remoteResults === null || hits === null)), results }
}
