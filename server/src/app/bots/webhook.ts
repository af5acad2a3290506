import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  ROBOT_MARKDOWN_TYPE,
  ROBOT_NEWS_TYPE,
  WEBHOOK_LIMITS as L,
  WeComCode,
  type CallbackReply,
  type WeComAnswer,
  type WebhookMessage,
} from '../../../../types/bots.js'
import { MsgType } from '../../../../types/chat.js'
import { AT_ALL_TAG } from '../../../../types/messageOps.js'
import { OWN_UPLOAD_URL } from '../../../../types/upload.js'
import type { AppContext } from '../../context.js'
import { botByKeyHash, botMedia, countHit, membersNamed, touchBotPost, type BotRow } from '../../data/bots.js'
import type { Queryable } from '../../db/Db.js'
import { imageSize } from '../../domain/bots.js'
import { groupChannel, groupConversationId, parseConversationId, type ConvRef } from '../../domain/conversationIds.js'
import { sniffImage } from '../../domain/files.js'
import type { MessageRow } from '../../domain/messages.js'
import { storeMessage } from '../../data/messages/sendBatcher.js'
import { serverMsgId } from '../../domain/serverMsgIds.js'
import { hashToken, newToken } from '../../domain/tokens.js'
import { recordUpload } from '../../data/uploads.js'

export type WebhookCtx = Pick<AppContext, 'db' | 'moderation' | 'config' | 'sends'>

const OK: WeComAnswer = { errcode: WeComCode.Ok, errmsg: 'ok' }
export const fail = (errcode: number, errmsg: string): WeComAnswer => ({ errcode, errmsg })
const INVALID_WEBHOOK = fail(WeComCode.InvalidWebhook, 'invalid webhook url')

/** A refusal in WeCom's words, thrown while a post is built and answered as it is. */
export class WeComFailure extends Error {
  constructor(readonly answer: WeComAnswer) {
    super(answer.errmsg)
  }
}

/** A stored robot message and where it goes, for the publisher after the commit. */
export interface Posted {
  row: MessageRow
  ref: ConvRef
}

/** The per-address limit of every webhook request, known key or not (key guessing included). */
export async function addressAllowed(ctx: WebhookCtx, address: string): Promise<boolean> {
  return (await countHit(ctx.db, `ip:${address}`)).hits <= ctx.config.bots.addressPerMinute
}

/** The robot a key names, when it may post now: the operator's switch, pause and its own per-minute limit. */
export async function robotForKey(ctx: WebhookCtx, key: string, counted = true): Promise<BotRow> {
  const q = ctx.db
  if (!key) throw new WeComFailure(INVALID_WEBHOOK)
  const bot = await botByKeyHash(q, hashToken(key))
  if (!bot || bot.dissolved) throw new WeComFailure(INVALID_WEBHOOK)
  if (!bot.site_enabled) throw new WeComFailure(fail(WeComCode.InvalidWebhook, 'invalid webhook url, group robots are turned off on this server'))
  if (bot.paused) throw new WeComFailure(fail(WeComCode.InvalidWebhook, 'invalid webhook url, the robot is paused'))
  if (counted && (await countHit(q, `bot:${bot.bot_id}`)).hits > ctx.config.bots.postsPerMinute) throw new WeComFailure(fail(WeComCode.FrequencyLimit, 'api freq out of limit'))
  return bot
}

interface Built {
  type: string
  payload: Record<string, unknown>
  atUserList: string[]
  text: string
}

/** Plain text of a markdown post for the conversation list and the moderation check. */
const markdownText = (md: string) =>
  md
    .replace(/<[^>]*>/g, '')
    .replace(/[#>*`_~[\]]|\]\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim()

async function mentions(q: Queryable, bot: BotRow, ids: string[], phones: string[]): Promise<string[]> {
  if (ids.length === 0 && phones.length === 0) return []
  const all = ids.includes('@all') || phones.includes('@all')
  const named = await membersNamed(
    q,
    bot.group_id,
    ids.filter((i) => i !== '@all'),
    phones.filter((p) => p !== '@all'),
  )
  return all ? [AT_ALL_TAG, ...named] : named
}

async function storeImage(ctx: WebhookCtx, bot: BotRow, b64: string, md5: string): Promise<Record<string, unknown>> {
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(b64)) throw new WeComFailure(fail(WeComCode.InvalidImage, 'invalid image: base64 expected'))
  const bytes = Buffer.from(b64, 'base64')
  if (bytes.length === 0 || bytes.length > L.imageBytes) throw new WeComFailure(fail(WeComCode.InvalidImage, 'invalid image size'))
  if (createHash('md5').update(bytes).digest('hex') !== md5.toLowerCase()) throw new WeComFailure(fail(WeComCode.InvalidImage, 'invalid image: md5 does not match'))
  const format = sniffImage(bytes.subarray(0, 16))
  if (format !== 'png' && format !== 'jpeg') throw new WeComFailure(fail(WeComCode.InvalidImage, 'invalid image type: jpg or png expected'))
  const size = imageSize(bytes)
  if (!size) throw new WeComFailure(fail(WeComCode.InvalidImage, 'invalid image: unreadable'))
  const id = newToken(16)
  await fs.promises.mkdir(ctx.config.uploadDir, { recursive: true })
  await fs.promises.writeFile(path.join(ctx.config.uploadDir, id), bytes)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  await recordUpload(ctx.db, { id, owner: bot.bot_id, fileName: `image.${format === 'jpeg' ? 'jpg' : 'png'}`, mime: `image/${format}`, size: bytes.length, sha256 })
  return { url: `/api/oss/file/${id}`, width: size.width, height: size.height, size: bytes.length, format: format === 'jpeg' ? 'jpg' : 'png' }
}

/** A message body of WeCom's format as the stored message of the robot. */
export async function buildMessage(ctx: WebhookCtx, bot: BotRow, m: WebhookMessage | CallbackReply): Promise<Built> {
  switch (m.msgtype) {
    case 'text':
      return {
        type: MsgType.Text,
        payload: { text: m.text.content },
        atUserList: await mentions(ctx.db, bot, m.text.mentioned_list, m.text.mentioned_mobile_list),
        text: m.text.content,
      }
    case 'markdown': {
      const text = markdownText(m.markdown.content)
      const data = JSON.stringify({ type: ROBOT_MARKDOWN_TYPE, content: m.markdown.content })
      return { type: MsgType.Custom, payload: { data, description: text.slice(0, 200), extension: '' }, atUserList: [], text }
    }
    case 'news': {
      // A picture must be an upload of this server (no client fetches an outside address); another is left out.
      const articles = m.news.articles.map((a) => ({ ...a, picurl: OWN_UPLOAD_URL.test(a.picurl) ? a.picurl : '' }))
      const data = JSON.stringify({ type: ROBOT_NEWS_TYPE, articles })
      const text = articles.map((a) => `${a.title} ${a.description}`).join(' ')
      return { type: MsgType.Custom, payload: { data, description: `[图文] ${articles[0]!.title}`.slice(0, 200), extension: '' }, atUserList: [], text }
    }
    case 'image':
      return { type: MsgType.Image, payload: await storeImage(ctx, bot, m.image.base64, m.image.md5), atUserList: [], text: '' }
    case 'file': {
      const media = await botMedia(ctx.db, m.file.media_id, bot.bot_id, L.mediaSeconds)
      if (!media) throw new WeComFailure(fail(WeComCode.InvalidMediaId, 'invalid media_id'))
      return { type: MsgType.File, payload: { fileUrl: `/api/oss/file/${media.upload_id}`, fileName: media.file_name, fileSize: media.size }, atUserList: [], text: '' }
    }
  }
}

/** Stores a built message as the robot's group message (the same path and ordering as any group send). */
export async function storeRobotMessage(ctx: WebhookCtx, bot: BotRow, built: Built, cloudCustomData = ''): Promise<Posted> {
  if (built.text && ctx.moderation.checkText(built.text) === 'blocked') throw new WeComFailure(fail(WeComCode.InvalidParameter, 'content contains blocked words'))
  const channelId = groupChannel(bot.group_id)
  const conversationID = groupConversationId(bot.group_id)
  const clientMsgId = serverMsgId('robot', newToken(12))
  const stored = await storeMessage(ctx, {
    channelId,
    sender: bot.bot_id,
    clientMsgId,
    type: built.type,
    payload: built.payload,
    cloudCustomData,
    atUserList: built.atUserList,
    needReadReceipt: false,
    senderConversationId: conversationID,
    peer: null,
    peerConversationId: null,
    groupId: bot.group_id,
  })
  await touchBotPost(ctx.db, bot.bot_id)
  const row: MessageRow = {
    channel_id: channelId,
    seq: stored.seq!,
    client_msg_id: clientMsgId,
    sender: bot.bot_id,
    type: built.type,
    payload: built.payload,
    created_at: stored.created_at,
    cloud_custom_data: cloudCustomData,
    at_users: built.atUserList,
    need_read_receipt: false,
    is_revoked: false,
    revoker: '',
    has_risk: false,
    nick: bot.name,
    avatar: bot.avatar,
    name_card: null,
    read_count: null,
    member_count: null,
  }
  return { row, ref: parseConversationId(bot.bot_id, conversationID)! }
}

/** POST /api/webhook/send: WeCom's answer, and the message to publish when one was stored. */
export async function postWebhook(ctx: WebhookCtx, key: string, address: string, body: WebhookMessage): Promise<{ answer: WeComAnswer; posted: Posted | null }> {
  try {
    if (!(await addressAllowed(ctx, address))) return { answer: fail(WeComCode.FrequencyLimit, 'api freq out of limit'), posted: null }
    const bot = await robotForKey(ctx, key)
    const posted = await storeRobotMessage(ctx, bot, await buildMessage(ctx, bot, body))
    return { answer: OK, posted }
  } catch (err) {
    if (err instanceof WeComFailure) return { answer: err.answer, posted: null }
    throw err
  }
}
