import { z } from 'zod'
import { ConversationID, MESSAGE_MAX_CHARS, Message } from './chat'

/**
 * Message operations (spec section 4 "Messages", the menu table): revoke, delete for me,
 * forward (one by one or as one merged record) and favorites. HTTP bodies under /api/im/message/
 * and /api/user/collection/; their frames (`revoked`, `reaction`) are in types/frames.ts.
 */

/** Own messages may be revoked, and deleted only after, this many seconds (spec 9). */
export const REVOKE_WINDOW_S = 300
/** A merged record's bubble shows this many abstract lines (spec 3 "Merged message"). */
export const MERGED_ABSTRACT_SHOWN = 7
/** How many messages one forward or multi-select may carry. */
export const FORWARD_MAX_MESSAGES = 100
/** How many conversations one forward may go to. */
export const FORWARD_MAX_TARGETS = 20

export const MessageOpsError = {
  /** Spec 8: revoking past the window answers 20016 (or 10031): '已过撤回时限'. */
  RevokeTooLate: 20016,
  RevokeTooLateAlt: 10031,
  /** Spec 8: forwarding content with a sensitive word: '内容包含敏感词汇'. */
  ForwardSensitive: 80001,
} as const

export const REVOKE_TOO_LATE_TEXT = '已过撤回时限'
export const FORWARD_SENSITIVE_TEXT = '内容包含敏感词汇'

const sequence = z.number().int().min(1)

export const RevokeBody = z.object({ conversationID: ConversationID, sequence })
export type RevokeBody = z.infer<typeof RevokeBody>

export const DeleteMessagesBody = z.object({ conversationID: ConversationID, sequences: z.array(sequence).min(1).max(FORWARD_MAX_MESSAGES) })
export type DeleteMessagesBody = z.infer<typeof DeleteMessagesBody>

export const ForwardBody = z.object({
  /** Where the messages are now, as the forwarder sees it. */
  conversationID: ConversationID,
  sequences: z.array(sequence).min(1).max(FORWARD_MAX_MESSAGES),
  targets: z.array(ConversationID).min(1).max(FORWARD_MAX_TARGETS),
  /** One merged record instead of the messages one by one. */
  merged: z.boolean().default(false),
  /** The merged record's title; the server makes one when empty. */
  title: z.string().max(128).default(''),
})
export type ForwardBody = z.infer<typeof ForwardBody>

export const ForwardResult = z.object({
  /** One row per target: code 200, or the send error that stopped it there. */
  results: z.array(z.object({ conversationID: z.string(), sent: z.number().int(), code: z.number().int(), msg: z.string() })),
})
export type ForwardResult = z.infer<typeof ForwardResult>

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

const optText = (max: number) => z.string().max(max).optional()

export const CollectionAddBody = z
  .object({
    collectedUserId: z.string().max(64).default(''),
    contentType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(7), z.literal(99)]),
    collectTitle: z.string().max(12 * 1024).default(''),
    imageUuid: optText(2048),
    videoImage: optText(2048),
    videoUuid: optText(2048),
    snapshotUuid: optText(2048),
    videoImageAddress: optText(2048),
    fileUuid: optText(2048),
    fileSize: z.number().int().min(0).optional(),
    fileType: optText(32),
    fileName: optText(255),
    addressTitle: optText(512),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    /** Re-favoriting a note: the favorite it comes from. */
    id: z.union([z.number().int().min(1), z.string().regex(/^\d{1,18}$/)]).optional(),
  })
  .superRefine((b, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    }
    if (b.contentType === 1 || b.contentType === 7) need(b.collectTitle.trim() !== '', 'collectTitle', '收藏内容不能为空')
    if (b.contentType === 2) need(!!b.imageUuid, 'imageUuid', '缺少图片地址')
    if (b.contentType === 3) need(!!b.videoUuid, 'videoUuid', '缺少视频地址')
    if (b.contentType === 4) need(!!b.fileUuid && !!b.fileName, 'fileUuid', '缺少文件')
    if (b.contentType === 5) need(b.lat !== undefined && b.lng !== undefined, 'lat', '缺少位置')
    if (b.contentType === 99) need(b.id !== undefined || b.collectTitle.trim() !== '', 'id', '缺少收藏内容')
  })
export type CollectionAddBody = z.infer<typeof CollectionAddBody>

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

export const MessageRef = z.object({ conversationID: ConversationID, sequence: z.number().int().min(1) })

export const ReactionBody = MessageRef.extend({
  /** A basic emoji key such as '[微笑]'. */
  reactionID: z.string().min(1).max(32),
  /** true adds this user's reaction, false removes it. */
  add: z.boolean(),
})
export type ReactionBody = z.infer<typeof ReactionBody>

export const ReactionsBody = z.object({ conversationID: ConversationID, sequences: z.array(z.number().int().min(1)).min(1).max(100) })

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
export const TranslateResult = z.object({ translatedTextList: z.array(z.string()) })
export type TranslateResult = z.infer<typeof TranslateResult>

export const VoiceToTextBody = MessageRef.extend({ language: z.string().max(16).default('zh') })
export const VoiceToTextResult = z.object({ text: z.string() })
export type VoiceToTextResult = z.infer<typeof VoiceToTextResult>

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

/** The conversation list's search: chat history of every conversation of the user, newest first. */
export const HistorySearchBody = z.object({
  keyword: z.string().trim().min(1).max(100),
  count: z.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
})
export type HistorySearchBody = z.infer<typeof HistorySearchBody>
export const HistorySearchResult = z.object({ messages: z.array(Message) })
export type HistorySearchResult = z.infer<typeof HistorySearchResult>

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
