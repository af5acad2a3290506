/**
 * Web Push on this device: the browser's permission, its push subscription, the service
 * worker's requests to open the app somewhere, and the app badge. The mini-program has none of it.
 */

/** 允许 / 被浏览器阻止 / not asked yet / 此浏览器不支持 (no service worker, no PushManager, no Notification). */
export type PushPermission = 'granted' | 'denied' | 'default' | 'unsupported'

/** A subscription as the server takes it (PushSubscription.toJSON()). */
export interface DeviceSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushPort {
  /** Whether this build can have Web Push at all (the web app; a given browser may still lack it). */
  readonly available: boolean
  permission(): PushPermission
  /** The browser's current subscription, when it has one. */
  current(): Promise<DeviceSubscription | null>
  /**
   * Asks for permission when not asked yet, then subscribes with the server's key (a subscription
   * made with an older key is replaced). Rejects with PushUnavailable.
   */
  subscribe(vapidPublicKey: string): Promise<DeviceSubscription>
  /** Ends the browser's subscription; answers its endpoint, if there was one. */
  unsubscribe(): Promise<string | null>
  /** The service worker asks the open app to show an address (a notification was clicked). */
  onOpenRequest(handler: (url: string) => void): () => void
  /** The number on the installed app's icon (Badging API); nothing where there is none. */
  setBadge(count: number): void
}

export declare const push: PushPort
