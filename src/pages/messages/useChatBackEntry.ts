import { useEffect } from 'react'
import { backEntry } from '@/platform/backEntry'
import { currentQuery, currentRouteName, publicUrl } from '@/router/navigation'
import { CONVERSATION_QUERY } from './useConversationInAddress'

/**
 * On a phone the open chat covers the list like a page of its own: opening it adds a browser
 * history entry and the browser's back button closes it. Desktop shows both side by side and
 * keeps one entry. Switching chats while one is open reuses the entry.
 */
export function useChatBackEntry(narrow: boolean, activeID: string | null, close: () => void): void {
  const open = narrow && activeID !== null
  useEffect(() => {
    if (!open || !activeID) return
    backEntry.open(publicUrl('messages', { ...currentQuery(), [CONVERSATION_QUERY]: activeID }), close, () => currentRouteName() === 'messages')
    return () => backEntry.close()
  }, [open])
}
