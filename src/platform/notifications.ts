export type NotificationPermission = 'granted' | 'denied' | 'default' | 'unsupported'

export interface NotificationOptions {
  icon?: string
  /** Notifications with the same tag replace each other instead of piling up. */
  tag?: string
  onClick?: () => void
}

/** A notification on screen, which its owner may take away (a call that stopped ringing). */
export interface ShownNotification {
  close(): void
}

/**
 * Desktop notifications (spec: a browser without support logs an error and skips). A click on one
 * brings the app's window to the front.
 */
export interface NotificationsPort {
  supported(): boolean
  permission(): NotificationPermission
  requestPermission(): Promise<NotificationPermission>
  /** Null when nothing was shown (unsupported, or not permitted). */
  show(title: string, body: string, options?: NotificationOptions): ShownNotification | null
}

export declare const notifications: NotificationsPort
