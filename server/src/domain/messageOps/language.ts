import fs from 'node:fs/promises'
import path from 'node:path'
import { MsgType } from '../../../../types/chat.js'
import { MessageOpsCode, MessageOpsText, type TranslateBody } from '../../../../types/messageOps.js'
import type { LanguageProviderConfig } from '../../config.js'
import type { AppContext } from '../../context.js'
import { badRequest, Refusal } from '../refusal.js'
import { openWindow, visibleMessage } from './access.js'

/**
 * Translation and speech recognition, behind the two calls of the chat engine the spec uses
 * (translateText and convertVoiceToText). The server owns the provider's key; clients never see it.
 */
export interface LanguageProvider {
  translateText(req: { sourceTextList: string[]; sourceLanguage: string; targetLanguage: string }): Promise<string[]>
  convertVoiceToText(req: { audio: Buffer; format: string; language: string }): Promise<string>
}

/**
 * A provider reached over HTTP: POST {url}/translate {sourceTextList, sourceLanguage,
 * targetLanguage} → {translatedTextList}, and POST {url}/voice-to-text {audioBase64, format,
 * language} → {text}, both with `Authorization: Bearer {key}`. An adapter in front of any
 * vendor's API can speak this.
 */
export function httpLanguageProvider(cfg: LanguageProviderConfig): LanguageProvider {
  async function call<T>(route: string, body: unknown): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${cfg.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cfg.key}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(cfg.timeoutMs),
      })
    } catch {
      throw new Refusal(MessageOpsCode.ProviderFailed, MessageOpsText.ProviderFailed)
    }
    const json = (await res.json().catch(() => null)) as (T & { msg?: string; error?: string }) | null
    if (!res.ok || !json) throw new Refusal(MessageOpsCode.ProviderFailed, json?.msg || json?.error || MessageOpsText.ProviderFailed)
    return json
  }
  return {
    async translateText(req) {
      const { translatedTextList } = await call<{ translatedTextList?: unknown }>('/translate', req)
      if (!Array.isArray(translatedTextList) || translatedTextList.length !== req.sourceTextList.length) {
        throw new Refusal(MessageOpsCode.ProviderFailed, MessageOpsText.ProviderFailed)
      }
      return translatedTextList.map(String)
    },
    async convertVoiceToText(req) {
      const { text } = await call<{ text?: unknown }>('/voice-to-text', { audioBase64: req.audio.toString('base64'), format: req.format, language: req.language })
      if (typeof text !== 'string') throw new Refusal(MessageOpsCode.ProviderFailed, MessageOpsText.ProviderFailed)
      return text
    },
  }
}

export const languageProviderFor = (cfg: LanguageProviderConfig | null): LanguageProvider | null => (cfg ? httpLanguageProvider(cfg) : null)

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
