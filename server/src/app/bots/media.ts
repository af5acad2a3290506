import { WEBHOOK_LIMITS as L, WeComCode, type WeComUploadAnswer } from '../../../../types/bots.js'
import { insertBotMedia, type BotRow } from '../../data/bots.js'
import { isBannedFile, mimeFor } from '../../domain/files.js'
import { newToken } from '../../domain/tokens.js'
import { recordUpload } from '../../data/uploads.js'
import { addressAllowed, fail, robotForKey, WeComFailure, type WebhookCtx } from './webhook.js'

/** The robot an upload is for, or WeCom's refusal: the address limit, the key, the switch, a pause, the type. */
export async function uploadingRobot(ctx: WebhookCtx, key: string, address: string, type: string): Promise<BotRow | WeComUploadAnswer> {
  try {
    if (!(await addressAllowed(ctx, address))) return fail(WeComCode.FrequencyLimit, 'api freq out of limit')
    const bot = await robotForKey(ctx, key, false)
    if (type !== 'file') return fail(WeComCode.InvalidMessageType, 'invalid media type: file expected')
    return bot
  } catch (err) {
    if (err instanceof WeComFailure) return err.answer
    throw err
  }
}

export interface ReceivedFile {
  /** The upload's ID: its bytes are already under UPLOAD_DIR with this name. */
  id: string
  name: string
  size: number
  sha256: string
  head: Buffer
  truncated: boolean
}

/** Keeps a received file as the robot's upload and answers its media_id; a refused file is for the caller to delete. */
export async function recordMedia(ctx: WebhookCtx, bot: BotRow, f: ReceivedFile): Promise<{ answer: WeComUploadAnswer; kept: boolean }> {
  if (f.truncated || f.size < L.fileMinBytes || f.size > L.fileMaxBytes) return { answer: fail(WeComCode.InvalidMediaSize, 'invalid media size'), kept: false }
  if (isBannedFile(f.name, f.head)) return { answer: fail(WeComCode.InvalidMediaSize, 'invalid media: this file type is not accepted'), kept: false }
  await recordUpload(ctx.db, { id: f.id, owner: bot.bot_id, fileName: f.name, mime: mimeFor(f.name, null), size: f.size, sha256: f.sha256 })
  const mediaId = newToken(24)
  const at = await insertBotMedia(ctx.db, mediaId, bot.bot_id, f.id)
  return { answer: { errcode: WeComCode.Ok, errmsg: 'ok', type: 'file', media_id: mediaId, created_at: String(Math.floor(new Date(at).getTime() / 1000)) }, kept: true }
}
