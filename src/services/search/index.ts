import type { Message } from '@shared/chat'
import { chatRoutes } from '@shared/routes/chat'
import { searchRoutes } from '@shared/routes/search'
import type { EverythingSearchResult, SearchSection } from '@shared/search'
import type { ServiceContext } from '../context'

export interface HistoryPage {
  messages: Message[]
  /** Where the next page starts; absent on the last one. */
  nextCursor?: string
}

/** The conversation list's search box: every section at once, one in full, and one conversation's chat history. */
export function createSearch(ctx: ServiceContext) {
  const { api } = ctx
  return {
    /** Every section (a few of each), or `section` in full for its 查看更多. Failures are the caller's to show. */
    everything(keyword: string, section?: SearchSection): Promise<EverythingSearchResult> {
      return api.call(searchRoutes.everything, section ? { keyword, section } : { keyword }, { silent: true })
    },
    /** A page of one conversation's matches, newest first. */
    conversationHistory(keyword: string, conversationID: string, cursor?: string): Promise<HistoryPage> {
      return api.call(chatRoutes.searchAll, { keyword, conversationID, count: 20, ...(cursor ? { cursor } : {}) }, { silent: true })
    },
  }
}

export type SearchService = ReturnType<typeof createSearch>
