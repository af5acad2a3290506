import { z } from 'zod'
import { ConversationID, MESSAGE_MAX_CHARS, Message } from './chat'
import { FORWARD_MAX_MESSAGES, FORWARD_MAX_TARGETS, SEARCH_KEYWORD_MAX, SEARCH_PAGE_SIZE } from './plain/messageOps'

/**
 * Message operations (spec section 4 "Messages", the menu table): revoke, delete for me,
 * forward (one by one or as one merged record) and favorites. HTTP bodies under /api/im/message/
 * and /api/user/collection/; their frames (`revoked`, `reaction`) are in types/frames.ts.
 */

export * from './plain/messageOps'

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

export const MessageSearchBody = z.object({
  conversationID: ConversationID,
  filter: z.enum(['all', 'text', 'file', 'media', 'other']).default('all'),
  /** Matched case-insensitively inside text messages; other kinds never match a keyword. */
  keyword: z.string().max(SEARCH_KEYWORD_MAX).default(''),
  /** Older than this sequence (the next page). */
  beforeSequence: z.number().int().min(1).optional(),
  count: z.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
})
export type MessageSearchBody = z.infer<typeof MessageSearchBody>

/** The conversation list's search: chat history of every conversation of the user, newest first. */
export const HistorySearchBody = z.object({
  keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
  count: z.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
  /** The next page: the `nextCursor` of the page before. */
  cursor: z.string().max(200).regex(/^\d{1,20}\|[^|]{1,120}\|\d{1,19}$/, '无效的翻页位置').optional(),
  /** Only this conversation's matches (a conversation's 聊天记录 opened from the search box). */
  conversationID: ConversationID.optional(),
})
export type HistorySearchBody = z.infer<typeof HistorySearchBody>
export const HistorySearchResult = z.object({
  messages: z.array(Message),
  /** Where the next page starts; absent when this page is the last. */
  nextCursor: z.string().optional(),
})
export type HistorySearchResult = z.infer<typeof HistorySearchResult>
