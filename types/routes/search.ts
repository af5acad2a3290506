import { EverythingSearchBody, EverythingSearchResult } from '../search'
import { route } from './route'

/** The conversation list's one search box: contacts, groups, chat history, favorites and moments. */
export const searchRoutes = {
  everything: route({
    method: 'POST',
    path: '/search/everything',
    summary: 'Search contacts, groups, chat history, favorites and moments at once, or one of them in full',
    body: EverythingSearchBody,
    answer: EverythingSearchResult,
  }),
}
