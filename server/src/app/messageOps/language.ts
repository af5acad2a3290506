import fs from 'node:fs/promises'
import path from 'node:path'
import { MsgType } from '../../../../types/chat.js'
import { MessageOpsCode, MessageOpsText, type TranslateBody } from '../../../../types/messageOps.js'
import type { AppContext } from '../../context.js'
import { badRequest, Refusal } from '../../domain/refusal.js'
import type { LanguageProvider } from '../../domain/messageOps/languageProvider.js'
import { openWindow, visibleMessage } from './access.js'

export async function translate(provider: LanguageProvider | null, body: TranslateBody) {
  if (!provider) throw new Refusal(MessageOpsCode.ProviderMissing, MessageOpsText.TranslateMissing)
  return { translatedTextList: await provider.translateText(body) }
}

/** Audio messages point at our own uploads (/api/oss/file/{id}); anything else cannot be read here. */
const UPLOAD_ID = /\/api\/oss\/file\/([\w-]+)/

export async function voiceToText(ctx: AppContext, provider: LanguageProvider | null, me: string, body: { conversationID: string; sequence: number; language: string }) {
  if (!provider) throw new Refusal(MessageOpsCode.ProviderMissing, MessageOpsText.VoiceMissing)
  const { window } = await openWindow(ctx.db, me, body.conversationID)
  const row = await visibleMessage(ctx.db, me, window, body.sequence)
  if (row.type !== MsgType.Audio || row.is_revoked) throw badRequest('只能转换语音消息')
  const id = UPLOAD_ID.exec(String(row.payload.url ?? ''))?.[1]
  const audio = id ? await fs.readFile(path.join(ctx.config.uploadDir, id)).catch(() => null) : null
  if (!audio) throw new Refusal(404, '语音文件不存在')
  const format = /\.(\w{2,5})$/.exec(String(row.payload.url))?.[1] ?? 'webm'
  return { text: await provider.convertVoiceToText({ audio, format, language: body.language }) }
}
