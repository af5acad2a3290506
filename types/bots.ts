import { z } from 'zod'
import { PageQuery } from './envelope'
import { GroupNumber } from './group'
import { UploadUrl } from './upload'
import { WEBHOOK_LIMITS as L, ROBOT_ID_PREFIX } from './plain/bots'
import { ADMIN_FILTER_MAX } from './plain/admin'

/**
 * Group robots (docs/bots.md): the WeCom-compatible webhook's body and answers, the group's
 * management of its robots, the operator's console, and what an outgoing robot's callback
 * receives and may answer.
 */

export * from './plain/bots'

/** UTF-8 length without TextEncoder, which not every mini-program runtime has. */
export function utf8Bytes(s: string): number {
  let n = 0
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
  }
  return n
}
const bytes = utf8Bytes
/** WeCom counts its limits in UTF-8 bytes; the message names the field as WeCom's answers do. */
const limited = (field: string, max: number) =>
  z
    .string({ error: `${field} missing` })
    .refine((s) => bytes(s) <= max, `${field} exceed max length ${max}`)
const content = (field: string, max: number) => limited(field, max).refine((s) => s.trim().length > 0, 'empty content')

const Mentions = z.array(z.string().max(64)).max(L.mentionsMax).default([])

export const WebhookText = z.object({
  msgtype: z.literal('text'),
  text: z.object({ content: content('text.content', L.textBytes), mentioned_list: Mentions, mentioned_mobile_list: Mentions }),
})
export const WebhookMarkdown = z.object({ msgtype: z.literal('markdown'), markdown: z.object({ content: content('markdown.content', L.markdownBytes) }) })
export const WebhookImage = z.object({
  msgtype: z.literal('image'),
  image: z.object({
    base64: z.string({ error: 'image.base64 missing' }).min(1, 'image.base64 missing').max(Math.ceil((L.imageBytes * 4) / 3) + 4, 'invalid image size'),
    md5: z.string({ error: 'image.md5 missing' }).regex(/^[0-9a-fA-F]{32}$/, 'image.md5 invalid'),
  }),
})
export const NewsArticle = z.object({
  title: content('title', L.titleBytes),
  description: limited('description', L.descriptionBytes).default(''),
  url: limited('url', L.urlBytes).refine((u) => /^https?:\/\/\S+$/i.test(u), 'url invalid'),
  picurl: limited('picurl', L.urlBytes).default(''),
})
export const WebhookNews = z.object({
  msgtype: z.literal('news'),
  news: z.object({ articles: z.array(NewsArticle).min(1, 'articles empty').max(L.articlesMax, `articles exceed max length ${L.articlesMax}`) }),
})
export const WebhookFile = z.object({ msgtype: z.literal('file'), file: z.object({ media_id: z.string({ error: 'media_id missing' }).min(1).max(128) }) })

/** The body of POST /api/webhook/send, as WeCom's robot API takes it. */
export const WebhookMessage = z.discriminatedUnion('msgtype', [WebhookText, WebhookMarkdown, WebhookImage, WebhookNews, WebhookFile], {
  error: 'invalid message type',
})
export type WebhookMessage = z.infer<typeof WebhookMessage>
/** What an outgoing robot's callback may answer: the same format, without files. */
export const CallbackReply = z.discriminatedUnion('msgtype', [WebhookText, WebhookMarkdown, WebhookNews], { error: 'invalid message type' })
export type CallbackReply = z.infer<typeof CallbackReply>

/** The key travels in the query, as in WeCom's address. */
export const WebhookQuery = z.object({ key: z.string().max(128).default('') })
export const WebhookUploadQuery = WebhookQuery.extend({ type: z.string().max(16).default('') })
export const WebhookUploadForm = z.object({ media: z.file().max(L.fileMaxBytes) })

/** WeCom's answer: errcode 0 and 'ok', or its error code and a message. */
export const WeComAnswer = z.object({ errcode: z.number().int(), errmsg: z.string() })
export type WeComAnswer = z.infer<typeof WeComAnswer>
export const WeComUploadAnswer = WeComAnswer.extend({ type: z.string().optional(), media_id: z.string().optional(), created_at: z.string().optional() })
export type WeComUploadAnswer = z.infer<typeof WeComUploadAnswer>

export const RobotId = z.string().regex(new RegExp(`^${ROBOT_ID_PREFIX}[0-9a-f]{12}$`), '机器人ID格式不正确')

/** A robot as a group's members see it; the callback address only for its managers. */
export const Robot = z.object({
  robotId: RobotId,
  name: z.string(),
  avatar: z.string(),
  description: z.string(),
  paused: z.boolean(),
  /** Whether it answers when mentioned (an outgoing robot). */
  answers: z.boolean(),
  callbackUrl: z.string().optional(),
  createdBy: z.string(),
  /** Unix seconds. */
  createdAt: z.number().int(),
})
export type Robot = z.infer<typeof Robot>

export const RobotList = z.object({ robots: z.array(Robot), canManage: z.boolean(), enabled: z.boolean() })
export type RobotList = z.infer<typeof RobotList>

const Name = z.string().trim().min(1, '请输入机器人名称').max(20, '机器人名称最多20个字')
const CallbackUrl = z
  .string()
  .trim()
  .max(L.urlBytes, '回调地址过长')
  .refine((u) => u === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(u), '回调地址须以 http:// 或 https:// 开头')
  .default('')

export const RobotAddBody = z.object({
  groupNumber: GroupNumber,
  name: Name,
  avatar: UploadUrl.or(z.literal('')).default(''),
  description: z.string().trim().max(100, '简介最多100个字').default(''),
  callbackUrl: CallbackUrl,
})
export type RobotAddBody = z.input<typeof RobotAddBody>
export const RobotRefBody = z.object({ groupNumber: GroupNumber, robotId: RobotId })
export type RobotRefBody = z.infer<typeof RobotRefBody>
export const RobotPauseBody = RobotRefBody.extend({ paused: z.boolean() })
export type RobotPauseBody = z.infer<typeof RobotPauseBody>

/** Shown once: the address with the key, and the callback signing secret of an outgoing robot. */
export const RobotSecrets = z.object({ robot: Robot, webhookUrl: z.string(), callbackSecret: z.string() })
export type RobotSecrets = z.infer<typeof RobotSecrets>

export const AdminRobotsQuery = PageQuery.extend({ keyword: z.string().trim().max(ADMIN_FILTER_MAX).default('') })
export const AdminRobotRow = Robot.extend({ groupNumber: z.string(), groupName: z.string(), lastPostAt: z.number().int().nullable() })
export type AdminRobotRow = z.infer<typeof AdminRobotRow>
export const AdminRobotBody = z.object({ robotId: RobotId })
export const AdminRobotPauseBody = AdminRobotBody.extend({ paused: z.boolean() })
export const RobotSwitch = z.object({ enabled: z.boolean() })
export type RobotSwitch = z.infer<typeof RobotSwitch>

/** What the server POSTs to an outgoing robot's callback when a member mentions it. */
export const CallbackRequest = z.object({
  robotId: RobotId,
  group: z.object({ groupNumber: z.string(), name: z.string() }),
  from: z.object({ userId: z.string(), nick: z.string() }),
  text: z.string(),
  messageId: z.string(),
  /** Unix seconds. */
  time: z.number().int(),
})
export type CallbackRequest = z.infer<typeof CallbackRequest>
