import { useCallback } from 'react'
import { callText, type CallTextKey } from '@/i18n/call'
import { useAppStore } from '@/root/AppContext'

/** The widget's texts in the language chosen with setLanguage. */
export function useCallText(): (key: CallTextKey, params?: Record<string, string>) => string {
  const language = useAppStore((s) => s.call.language)
  return useCallback((key, params) => callText(language, key, params), [language])
}
