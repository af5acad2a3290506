import type { Message } from '@shared/chat'
import { callStepOfMessage } from '@/engines/call/callStep'
import { notifications } from '@/platform/notifications'
import { tabTitle } from '@/platform/tabTitle'
import { visibility } from '@/platform/visibility'
import { messageSummary } from '@/utils/summary'
import type { ServiceContext } from '../context'

/** Spec 9: the notification title is the product name. */
export const NOTIFICATION_TITLE = '微谈'
/** Spec 9: the text without previews, and the tab title while hidden. */
export const NEW_MESSAGE_TEXT = '你有新消息'
export const newMessagesText = (n: number): string => (n <= 1 ? NEW_MESSAGE_TEXT : `你有 ${n} 条新消息`)

export function createNotify({ me, state }: ServiceContext) {
  let unseen = 0
  let savedTitle: string | null = null
  let unsupportedLogged = false

  /** Spec 9 defaults when the user config has not loaded: notifications allowed, previews off. */
  function settings(): { allow: boolean; previews: boolean } {
    const config = state().userConfig
    return { allow: config?.allowNotifications ?? true, previews: config?.showPreviews ?? false }
  }

  /**
   * A message from someone else arrived. While the app is hidden, the tab title counts what came
   * in, and a desktop notification says so (with the summary only when previews are on). Muted
   * conversations never notify.
   */
  function notifyIncoming(message: Message, onOpen: (conversationID: string) => void): void {
    const viewer = me()
    if (!viewer || message.from === viewer) return
    if (state().conversations[message.conversationID]?.isMuted) return
    if (!visibility.isHidden()) return
    // An invitation is no history card; the call widget notifies it with its own push info.
    if (isCallInvite(message)) return
    unseen += 1
    if (savedTitle === null) savedTitle = tabTitle.get()
    tabTitle.set(newMessagesText(unseen))
    const { allow, previews } = settings()
    if (!allow) return
    if (!notifications.supported()) {
      // Spec 8: a browser without support logs an error and skips (once, not per message).
      if (!unsupportedLogged) console.error('此浏览器不支持桌面通知')
      unsupportedLogged = true
      return
    }
    if (notifications.permission() !== 'granted') return
    const body = previews ? messageSummary(message, viewer, { withSender: message.conversationType === 'GROUP' }) : NEW_MESSAGE_TEXT
    notifications.show(NOTIFICATION_TITLE, body, { tag: message.conversationID, onClick: () => onOpen(message.conversationID) })
  }

  function isCallInvite(message: Message): boolean {
    return callStepOfMessage(message) === 'invite'
  }

  /** Back in front: the title is what it was before. */
  function restoreTitle(): void {
    unseen = 0
    if (savedTitle === null) return
    tabTitle.set(savedTitle)
    savedTitle = null
  }

  /** Asks once, at the start of a session, when notifications are allowed and not yet decided. */
  function requestNotificationPermission(): void {
    if (!settings().allow || !notifications.supported() || notifications.permission() !== 'default') return
    notifications.requestPermission().catch((err: unknown) => console.warn('notification permission request failed', err))
  }

  return { notifyIncoming, restoreTitle, requestNotificationPermission }
}
