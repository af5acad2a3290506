// The part of types/favorites.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/favorites.ts re-exports all of it).

/** Spec 9: favorites page size and scroll-load throttle, search debounce. */
export const FAVORITES_PAGE_SIZE = 10
export const FAVORITES_SCROLL_THROTTLE_MS = 300
export const FAVORITES_SEARCH_DEBOUNCE_MS = 500
/** How many favorites one batch delete may name. */
export const FAVORITES_BATCH_MAX = 100
/** Spec 9: a quick phrase is at most 200 characters. */
export const PHRASE_MAX_CHARS = 200
/** How many quick phrases one account may keep. */
export const PHRASES_MAX = 100

export const TopStatus = { Off: 0, On: 1 } as const
export type TopStatus = (typeof TopStatus)[keyof typeof TopStatus]

/** The official helper's account and conversation (spec 1). */
export const HELPER_ID = 'wisperHelper'
export const HELPER_CONVERSATION_ID = `C2C${HELPER_ID}`
/**
 * The helper's avatar (a green chat bubble), set by migration 150 on its account so every list,
 * chat and search shows it; an inline picture, so no file has to exist on the server.
 */
export const HELPER_AVATAR = "data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2040%2040%27%3E%3Crect%20width=%2740%27%20height=%2740%27%20rx=%276%27%20fill=%27%2307c160%27/%3E%3Cpath%20d=%27M11%2011h18a4%204%200%200%201%204%204v9a4%204%200%200%201-4%204H19l-6%205v-5h-2a4%204%200%200%201-4-4v-9a4%204%200%200%201%204-4z%27%20fill=%27%23fff%27/%3E%3Ccircle%20cx=%2714%27%20cy=%2719.5%27%20r=%272%27%20fill=%27%2307c160%27/%3E%3Ccircle%20cx=%2720%27%20cy=%2719.5%27%20r=%272%27%20fill=%27%2307c160%27/%3E%3Ccircle%20cx=%2726%27%20cy=%2719.5%27%20r=%272%27%20fill=%27%2307c160%27/%3E%3C/svg%3E"
/** The second special kind of conversation (spec 1): ids starting with this prefix. */
export const YX_CONVERSATION_PREFIX = 'C2Cyx'
/** The custom message type of the helper's welcome card (spec 3 "Custom message data"). */
export const HELPER_MSG_TYPE = 'wisperHelper Msg'

export const FavoriteText = {
  Deleted: '删除成功',
  Pinned: '置顶成功',
  Unpinned: '已取消置顶',
  NotFound: '收藏不存在',
  PhraseDeleteConfirm: '确认删除？',
  PhraseNotFound: '常用语不存在',
} as const

/** How much of a phrase the delete prompt's title quotes. */
const PHRASE_TITLE_CHARS = 20

/** The delete prompt's title names the phrase (a long one cut short); its text stays '确认删除？'. */
export function phraseDeleteTitle(word: string): string {
  const chars = Array.from(word.trim())
  return `删除常用语「${chars.length > PHRASE_TITLE_CHARS ? `${chars.slice(0, PHRASE_TITLE_CHARS).join('')}…` : chars.join('')}」`
}

/** The welcome card's JSON `data` (custom message, type 'wisperHelper Msg'). */
export interface HelperCardData {
  type: typeof HELPER_MSG_TYPE
  detailType: 'faq'
  content: { imgMsg: { img: string }; title: string; txtMsg: Array<{ id: number; question: string; replyMsg: string; jumpUrl: string }> }
}
