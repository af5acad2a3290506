import { useEffect, useState } from 'react'
import { GROUP_LINK_QUERY } from '@shared/group'
import { appLocation } from '@/platform/location'
import { currentQuery, currentRouteName, publicUrl } from '@/router/navigation'
import { useApp, useAppStore } from '@/root/AppContext'
import type { Query } from '@/utils/query'

/** The query key that names the open conversation (/messages?conversationID=C2C10000002). */
export const CONVERSATION_QUERY = 'conversationID'

/** The messages page's query without the open conversation and the keys handled once on arrival. */
export function listQuery(): Query {
  const query = currentQuery()
  // The QR-login key has been handled by the shell and must not come back into the address.
  delete query.qrLogin
  // So is a group link: the conversation list has opened its card.
  delete query[GROUP_LINK_QUERY]
  delete query[CONVERSATION_QUERY]
  return query
}

/**
 * Keeps the open conversation in the address bar, so a reload or a shared link reopens it, and
 * opens the one a link names once the messaging service is ready.
 */
export function useConversationInAddress(): void {
  const app = useApp()
  const { closeConversation, openConversation } = app.chat
  const imReady = useAppStore((s) => s.imReady)
  const activeID = useAppStore((s) => s.activeConversationID)
  // The conversation the address named when the page opened, until the attempt to open it is over.
  const [requested, setRequested] = useState<string | null>(() => currentQuery()[CONVERSATION_QUERY] || null)

  useEffect(() => {
    if (!imReady || !requested) return
    const done = () => setRequested(null)
    if (app.store.getState().activeConversationID === requested) done()
    else openConversation(requested).catch(() => undefined).finally(done)
  }, [imReady, requested])

  useEffect(() => {
    // Until the requested conversation is open (or could not be), the address keeps naming it.
    if (requested) return
    // Pages stay mounted after navigating away (and after a logout the guard has moved on):
    // only the page the address shows may rewrite it.
    if (!app.store.getState().user || currentRouteName() !== 'messages') return
    const query = listQuery()
    if (activeID) query[CONVERSATION_QUERY] = activeID
    appLocation.replaceUrl(publicUrl('messages', query))
  }, [activeID, requested])

  // Leaving the page leaves the conversation: messages arriving meanwhile count as unread.
  useEffect(() => () => closeConversation(), [])
}
