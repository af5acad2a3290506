import { SW_MESSAGES, type SwOpenMessage } from './sw/messages'
import { PushUnavailable } from './pushUnavailable'
import type { DeviceSubscription, PushPermission, PushPort } from './push'

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = (text + '='.repeat((4 - (text.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false
  const x = new Uint8Array(a)
  return x.every((v, i) => v === b[i])
}

function toDevice(sub: PushSubscription): DeviceSubscription {
  const json = sub.toJSON()
  return { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null
  // The worker is registered at start-up (platform/pwa.h5.ts); ready waits for it to be active.
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))])
}

/**
 * The worker's registration as it stands, without waiting for it to become active: a device
 * subscribed only through an active worker, so a registration with none holds no subscription.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null
  const reg = await navigator.serviceWorker.getRegistration('/').catch(() => undefined)
  return reg?.active ? reg : null
}

export const push: PushPort = {
  available: true,
  permission(): PushPermission {
    return supported() ? window.Notification.permission : 'unsupported'
  },

  // Settings → 通知 reads this as it opens: waiting for a worker still installing kept it at 读取中….
  async current() {
    const reg = await activeRegistration()
    const sub = await reg?.pushManager.getSubscription()
    return sub ? toDevice(sub) : null
  },

  async subscribe(vapidPublicKey) {
    const reg = await registration()
    if (!reg) throw new PushUnavailable('unsupported', '此浏览器不支持')
    const asked = window.Notification.permission === 'default' ? await window.Notification.requestPermission() : window.Notification.permission
    if (asked !== 'granted') throw new PushUnavailable('denied', '通知被浏览器阻止')
    const key = fromBase64Url(vapidPublicKey)
    const existing = await reg.pushManager.getSubscription()
    if (existing && sameKey(existing.options.applicationServerKey, key)) return toDevice(existing)
    // The server's key changed (rotated): a subscription made with the old one is refused by the push service.
    if (existing) await existing.unsubscribe().catch(() => false)
    try {
      return toDevice(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
    } catch (err) {
      // A browser that reaches no push service (none built in, or blocked) fails here at once.
      console.warn('push subscription failed', err)
      throw new PushUnavailable('noPushService', '此浏览器无法连接推送服务')
    }
  },

  async unsubscribe() {
    const reg = await registration()
    const sub = await reg?.pushManager.getSubscription()
    if (!sub) return null
    await sub.unsubscribe().catch(() => false)
    return sub.endpoint
  },

  onOpenRequest(handler) {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined
    const listener = (event: MessageEvent) => {
      const data = event.data as SwOpenMessage | null
      if (data?.type === SW_MESSAGES.open && typeof data.url === 'string' && data.url.startsWith('/')) handler(data.url)
    }
    navigator.serviceWorker.addEventListener('message', listener)
    return () => navigator.serviceWorker.removeEventListener('message', listener)
  },

  setBadge(count) {
    const nav = navigator as Navigator & { setAppBadge?(n: number): Promise<void>; clearAppBadge?(): Promise<void> }
    if (!nav.setAppBadge) return
    void (count > 0 ? nav.setAppBadge(count) : (nav.clearAppBadge?.() ?? Promise.resolve())).catch(() => undefined)
  },
}
