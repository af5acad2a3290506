import type { CallEngine } from '@/engines/call/CallEngine'
import { LayoutState } from '@/engines/call/state'
import type { NotificationsPort, ShownNotification } from '@/platform/notifications'
import type { VisibilityPort } from '@/platform/visibility'

export interface CallNotificationDeps {
  notifications: Pick<NotificationsPort, 'show'>
  visibility: Pick<VisibilityPort, 'isHidden'>
  /** The user's notification setting (spec 9 allowNotifications). */
  allowed(): boolean
}

/**
 * The web's stand-in for a call's offline push (calling-widget section 3): an invitation that
 * arrives while the page is hidden shows a desktop notification with the invite's title and
 * description. It is tagged with the inviteID and shown once per invitation; a click brings the
 * window forward (the port's rule), and it goes away when the call stops ringing here.
 */
export function bindCallNotifications(engine: Pick<CallEngine, 'on'>, deps: CallNotificationDeps): () => void {
  let shown: { inviteID: string; notice: ShownNotification | null } | null = null
  const close = () => {
    shown?.notice?.close()
    shown = null
  }
  const offInvited = engine.on('invited', ({ inviteID, offlinePushInfo }) => {
    if (shown?.inviteID === inviteID || !deps.visibility.isHidden() || !deps.allowed()) return
    close()
    shown = { inviteID, notice: deps.notifications.show(offlinePushInfo.title, offlinePushInfo.description, { tag: inviteID }) }
  })
  const offStatus = engine.on('statusChanged', ({ newStatus }) => {
    if (newStatus !== LayoutState.BeInvited) close()
  })
  return () => {
    offInvited()
    offStatus()
    close()
  }
}
