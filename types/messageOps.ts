import { z } from 'zod'
import { ConversationID, MESSAGE_MAX_CHARS } from './chat'

/**
 * Message operations, part B: emoji reactions, mentions, pinned one-to-one messages,
 * translation and voice-to-text, message search in a conversation, chat feature flags.
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

export const MessageRef = z.object({ conversationID: ConversationID, sequence: z.number().int().min(1) })

export const ReactionBody = MessageRef.extend({
  /** A basic emoji key such as '[微笑]'. */
  reactionID: z.string().min(1).max(32),
  /** true adds this user's reaction, false removes it. */
  add: z.boolean(),
})
export type ReactionBody = z.infer<typeof ReactionBody>

export const ReactionsBody = z.object({ conversationID: ConversationID, sequences: z.array(z.number().int().min(1)).min(1).max(100) })

export const Reaction = z.object({
  reactionID: z.string(),
  totalUserCount: z.number().int().nonnegative(),
  /** The first users who reacted (up to REACTION_USERS_LISTED). */
  partialUserList: z.array(z.object({ userID: z.string(), nick: z.string() })),
  /** Whether the viewer is among them. */
  reacted: z.boolean(),
})
export type Reaction = z.infer<typeof Reaction>

/**
 * Chat frame: the reactions of one message changed. `reacted` in the list is false for
 * everyone but `operator`, who learns their own state from `added`.
 */
export const ReactionFrame = z.object({
  type: z.literal('reaction'),
  conversationID: z.string(),
  sequence: z.number().int(),
  operator: z.string(),
  reactionID: z.string(),
  added: z.boolean(),
  reactionList: z.array(Reaction),
})
export type ReactionFrame = z.infer<typeof ReactionFrame>

/** Spec section 3 "Pinned message". */
export const PinnedMessage = z.object({
  id: z.number().int(),
  msgId: z.string(),
  msgContent: z.string(),
  nickName: z.string(),
  /** 1 when the viewer sent the pinned message. */
  oneSelf: z.union([z.literal(0), z.literal(1)]),
  conversationID: z.string(),
  senderWtId: z.string(),
  /** Sequence of the pinned message, so the bar can jump to it. */
  sequence: z.number().int(),
})
export type PinnedMessage = z.infer<typeof PinnedMessage>

const WtId = z.string().regex(/^\d{5,12}$/, 'wtId: 5-12 digits')
export const C2cTopListBody = z.object({ toUserWtId: WtId })
export const C2cTopAddBody = z.object({
  toUserWtId: WtId,
  senderWtId: WtId,
  /** The message ID: `${sender}-${clientMsgId}`. */
  msgId: z.string().min(3).max(140),
  msgContent: z.string().max(200).default(''),
})
export const C2cTopDelBody = z.object({ id: z.number().int().positive() })

export const TranslateBody = z.object({
  sourceTextList: z.array(z.string().min(1).max(MESSAGE_MAX_CHARS)).min(1).max(20),
  sourceLanguage: z.string().max(16).default('auto'),
  targetLanguage: z.string().max(16).default('zh'),
})
export type TranslateBody = z.infer<typeof TranslateBody>
export interface TranslateResult {
  translatedTextList: string[]
}

export const VoiceToTextBody = MessageRef.extend({ language: z.string().max(16).default('zh') })
export interface VoiceToTextResult {
  text: string
}

/** Section 3 "Message type filters". */
export const SearchFilter = { All: 'all', Text: 'text', File: 'file', Media: 'media', Other: 'other' } as const
export type SearchFilter = (typeof SearchFilter)[keyof typeof SearchFilter]
export const SEARCH_PAGE_SIZE = 20

export const MessageSearchBody = z.object({
  conversationID: ConversationID,
  filter: z.enum(['all', 'text', 'file', 'media', 'other']).default('all'),
  /** Matched case-insensitively inside text messages; other kinds never match a keyword. */
  keyword: z.string().max(100).default(''),
  /** Older than this sequence (the next page). */
  beforeSequence: z.number().int().min(1).optional(),
  count: z.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
})
export type MessageSearchBody = z.infer<typeof MessageSearchBody>

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
