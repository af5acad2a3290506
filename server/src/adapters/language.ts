import { MessageOpsCode, MessageOpsText } from '../../../types/messageOps.js'
import type { LanguageProviderConfig } from '../config.js'
import type { LanguageProvider } from '../domain/messageOps/languageProvider.js'
import { Refusal } from '../domain/refusal.js'

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
