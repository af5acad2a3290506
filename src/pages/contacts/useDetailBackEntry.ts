import { useEffect } from 'react'
import { viewQuery, type ContactView } from '@/components/contact/contactView'
import { backEntry } from '@/platform/backEntry'
import { currentQuery, currentRouteName, publicUrl } from '@/router/navigation'

/**
 * On a phone the chosen item (新的朋友, a friend's card…) covers the list like a page of its own,
 * as a chat does on /messages: opening it adds a browser history entry, so the browser's back
 * button returns to the list instead of leaving /contacts. Desktop shows both and keeps one entry.
 */
export function useDetailBackEntry(narrow: boolean, view: ContactView | null, close: () => void): void {
  const open = narrow && view !== null
  useEffect(() => {
    if (!open || !view) return
    const list = currentQuery()
    delete list.view
    delete list.wtId
    return backEntry.open(publicUrl('contacts', { ...list, ...viewQuery(view) }), close, () => currentRouteName() === 'contacts', publicUrl('contacts', list))
  }, [open])
}
