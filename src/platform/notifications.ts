export type NotificationPermission = 'granted' | 'denied' | 'default' | 'unsupported'

export interface NotificationOptions {
  icon?: string
  /** Notifications with the same tag replace each other instead of piling up. */
  tag?: string
  onClick?: () => void
}

/** Desktop notifications (spec: a browser without support logs an error and skips). */
export interface NotificationsPort {
  supported(): boolean
  permission(): NotificationPermission
  requestPermission(): Promise<NotificationPermission>
  show(title: string, body: string, options?: NotificationOptions): void
}

export declare const notifications: NotificationsPort
