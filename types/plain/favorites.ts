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

/** The welcome card's JSON `data` (custom message, type 'wisperHelper Msg'). */
export interface HelperCardData {
  type: typeof HELPER_MSG_TYPE
  detailType: 'faq'
  content: { imgMsg: { img: string }; title: string; txtMsg: Array<{ id: number; question: string; replyMsg: string; jumpUrl: string }> }
}
