// The part of types/messageOps.ts without zod: constants, texts and plain functions, which the
// client imports without the schemas (types/messageOps.ts re-exports all of it).

/** Own messages may be revoked, and deleted only after, this many seconds (spec 9). */
export const REVOKE_WINDOW_S = 300
/** A merged record's bubble shows this many abstract lines (spec 3 "Merged message"). */
export const MERGED_ABSTRACT_SHOWN = 7
/** How many messages one forward or multi-select may carry. */
export const FORWARD_MAX_MESSAGES = 100
/** How many conversations one forward may go to. */
export const FORWARD_MAX_TARGETS = 20
/** Characters of a search keyword: a chat's message search and the conversation list's search box. */
export const SEARCH_KEYWORD_MAX = 100

export const MessageOpsError = {
  /** Spec 8: revoking past the window answers 20016 (or 10031): '已过撤回时限'. */
  RevokeTooLate: 20016,
  RevokeTooLateAlt: 10031,
  /** Spec 8: forwarding content with a sensitive word: '内容包含敏感词汇'. */
  ForwardSensitive: 80001,
} as const

/** The revoker of a message a group's owner or admin withdrew, rather than its sender. */
export const ADMIN_REVOKER = 'administrator'

export const REVOKE_TOO_LATE_TEXT = '已过撤回时限'
export const FORWARD_SENSITIVE_TEXT = '内容包含敏感词汇'

/** One message inside a merged record's messageList. A nested record keeps its own messageList. */
export interface MergedItem {
  ID: string
  type: string
  payload: Record<string, unknown>
  from: string
  nick: string
  avatar: string
  time: number
}

/** Spec 3 "Favorite": content types 1 text, 2 image, 3 video, 4 file, 5 location, 7 link text, 99 note or custom. */
export const CollectContentType = { Text: 1, Image: 2, Video: 3, File: 4, Location: 5, Link: 7, Note: 99 } as const
export type CollectContentType = (typeof CollectContentType)[keyof typeof CollectContentType]

export const COLLECT_OK_TEXT = '收藏成功'
export const COLLECT_UPLOADING_TEXT = '消息正在发送中'

/**
 * Emoji reactions, mentions, pinned one-to-one messages, translation and voice-to-text,
 * message search in a conversation, chat feature flags.
 */

/** The @all marker of the chat SDK's atUserList. */
export const AT_ALL_TAG = '__kImSDK_MesssageAtALL__'

/** Distinct reactions one message may carry. */
export const REACTION_KINDS_MAX = 10
export const REACTION_LIMIT_TEXT = '已达到表情回应上限数量'
/** Users listed per reaction in a reactionList (the count is always exact). */
export const REACTION_USERS_LISTED = 20

export const MessageOpsCode = {
  /** Too many distinct reactions on one message. */
  ReactionLimit: 10071,
  /** No translation or speech provider configured on this server. */
  ProviderMissing: 501,
  /** The provider did not answer, or answered with an error. */
  ProviderFailed: 502,
} as const

export const MessageOpsText = {
  TranslateMissing: '请开通翻译功能',
  VoiceMissing: '请开通语音转文字功能',
  ProviderFailed: '服务暂不可用，请稍后重试',
  NotLocatable: '无法定位到原消息',
  AtAllForbidden: '只有群主和管理员可以@所有人',
  MentionDisabled: '该群不支持@成员',
  FeatureOff: '该功能已关闭',
} as const

/** Section 3 "Message type filters". */
export const SearchFilter = { All: 'all', Text: 'text', File: 'file', Media: 'media', Other: 'other' } as const
export type SearchFilter = (typeof SearchFilter)[keyof typeof SearchFilter]
export const SEARCH_PAGE_SIZE = 20

/** Chat feature flags of spec section 6: all on unless the server turns one off. */
export const CHAT_FEATURE_KEYS = [
  'downloadFile',
  'copy',
  'delete',
  'revoke',
  'quote',
  'forward',
  'translate',
  'voiceToText',
  'multiSelect',
  'emojiReaction',
  'inputEmoji',
  'inputStickers',
  'inputImage',
  'inputVoice',
  'inputVideo',
  'inputFile',
  'evaluation',
  'quickReplies',
  'inputMention',
  'messageSearch',
  'readStatus',
] as const
export type ChatFeatureKey = (typeof CHAT_FEATURE_KEYS)[number]
export type ChatFeatures = Record<ChatFeatureKey, boolean>

export const ALL_FEATURES_ON: ChatFeatures = Object.fromEntries(CHAT_FEATURE_KEYS.map((k) => [k, true])) as ChatFeatures

/** The flags with `off` turned off; an unknown key is an error (a typo would silently keep a feature on). */
export function featuresWithout(off: readonly string[]): ChatFeatures {
  const unknown = off.filter((k) => !(CHAT_FEATURE_KEYS as readonly string[]).includes(k))
  if (unknown.length) throw new Error(`CHAT_FEATURES_OFF: unknown feature ${unknown.join(', ')}; known: ${CHAT_FEATURE_KEYS.join(', ')}`)
  return { ...ALL_FEATURES_ON, ...Object.fromEntries(off.map((k) => [k, false])) }
}
