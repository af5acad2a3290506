import { useEffect, useRef } from 'react'
import { push } from '@/platform/push'
import { appLocation } from '@/platform/location'
import { useApp, useAppStore } from '@/root/AppContext'
import { currentQuery, openPath, publicUrl } from '@/router/navigation'
import { selectTotalUnread } from '@/stores/selectors/chat'
import { parseQuery, splitUrl, type Query } from '@/utils/query'
import type { ShellRoute } from './navItems'

/**
 * What a push's notification asks of the open app: the conversation (or call) it was about, and
 * the number on the installed app's icon. Also puts this device's push registration in step with
 * the session once logged in.
 */
export default function PushHost({ route }: { route: ShellRoute }) {
  const app = useApp()
  const unread = useAppStore(selectTotalUnread)
  // The call a notification's 接听 / 拒绝 answered, until the call engine rings with it.
  const pendingCall = useRef<{ inviteID: string; action: string } | null>(null)

  const follow = (query: Query): boolean => {
    const { conversationID, call, callAction } = query
    if (call && (callAction === 'accept' || callAction === 'reject')) pendingCall.current = { inviteID: call, action: callAction }
    if (!conversationID) return false
    app.chat.openConversation(conversationID).catch(() => undefined)
    return true
  }

  useEffect(() => {
    app.push.resume().catch(() => undefined)
    // Opened by a notification (/messages?conversationID=…): that conversation, then a clean address.
    const { conversationID, call, callAction, ...rest } = currentQuery()
    if (follow({ conversationID: conversationID ?? '', call: call ?? '', callAction: callAction ?? '' })) appLocation.replaceUrl(publicUrl(route, rest))
    const offInvite = app.callEngine.on('invited', ({ inviteID }) => {
      const pending = pendingCall.current
      if (!pending || pending.inviteID !== inviteID) return
      pendingCall.current = null
      void (pending.action === 'accept' ? app.callEngine.accept() : app.callEngine.reject()).catch(() => undefined)
    })
    const offOpen = push.onOpenRequest((url) => {
      const { path, search } = splitUrl(url)
      if (follow(parseQuery(search))) {
        if (route !== 'messages') void openPath('/messages')
        return
      }
      void openPath(path + search)
    })
    return () => {
      offInvite()
      offOpen()
    }
  }, [])

  useEffect(() => {
    push.setBadge(unread)
  }, [unread])

  return null
}
