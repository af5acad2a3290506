import { en, type CallTextKey } from './en'
import { jaJP } from './ja_JP'
import { zhCn } from './zh-cn'

export type { CallTextKey } from './en'

/** The widget's languages (setLanguage accepts exactly these). */
export const CALL_LANGUAGES = ['en', 'zh-cn', 'ja_JP'] as const
export type CallLanguage = (typeof CALL_LANGUAGES)[number]

export const CALL_TEXTS: Record<CallLanguage, Record<CallTextKey, string>> = { en, 'zh-cn': zhCn, ja_JP: jaJP }

export const isCallLanguage = (v: unknown): v is CallLanguage => typeof v === 'string' && (CALL_LANGUAGES as readonly string[]).includes(v)

/** A widget text in `language`, with {name} placeholders filled in. */
export function callText(language: CallLanguage, key: CallTextKey, params: Record<string, string> = {}): string {
  const template = CALL_TEXTS[language][key] ?? en[key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}
