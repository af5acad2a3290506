import { useEffect } from 'react'
import { useApp } from '@/root/AppContext'

/**
 * Spec 4 "Typing": typing while the editor has content and focus, not typing otherwise. Only
 * changes are reported; the service repeats an ongoing state so the peer's mark does not expire.
 */
export function useTypingReport(conversationID: string, text: string, focused: boolean): void {
  const { setTyping } = useApp().chat
  const typing = focused && text.trim().length > 0
  useEffect(() => {
    setTyping(conversationID, typing)
  }, [conversationID, typing])
  useEffect(() => () => setTyping(conversationID, false), [conversationID])
}
