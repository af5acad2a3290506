import { useEffect } from 'react'
import { backEntry } from '@/platform/backEntry'
import { currentRouteName, publicUrl } from '@/router/navigation'
import { CONVERSATION_QUERY, listQuery } from './useConversationInAddress'

/**
 * On a phone the open chat covers the list like a page of its own: opening it adds a browser
 * history entry and the browser's back button closes it. Desktop shows both side by side and
 * keeps one entry. Switching chats while one is open reuses the entry. The entry under it is
 * the list's address, whether the chat was opened from the list, from a link or reload naming
 * it, or was already open when the window narrowed.
 */
export function useChatBackEntry(enabled: boolean, activeID: string | null, close: () => void): void {
  const open = enabled && activeID !== null
  useEffect(() => {
    if (!open || !activeID) return
    const list = listQuery()
    return backEntry.open(
      publicUrl('messages', { ...list, [CONVERSATION_QUERY]: activeID }),
      close,
      () => currentRouteName() === 'messages',
      publicUrl('messages', list),
    )
  }, [open])
}
