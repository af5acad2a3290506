import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { openUrlOf, readPushPayload, SW_MESSAGES, type SwOpenMessage } from './messages'

/**
 * The H5 app's service worker (built by workbox's InjectManifest, config/index.ts). It keeps the
 * app shell and the hashed bundles of this build, so a return visit and an offline reload open
 * from cache; it answers nothing else: /api, /ws, uploads and message data always go to the
 * network. It shows the pushes of the server (Web Push) and opens the app where a click points.
 */

interface SwClient {
  url: string
  focus(): Promise<SwClient>
  postMessage(message: unknown): void
}
interface SwNotification {
  tag: string
  data: unknown
  close(): void
}
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void
}
interface SwPushEvent extends ExtendableEvent {
  data: { json(): unknown } | null
}
interface SwNotificationEvent extends ExtendableEvent {
  notification: SwNotification
  action: string
}
interface SwScope {
  location: { origin: string }
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>
    getNotifications(filter?: { tag?: string }): Promise<SwNotification[]>
  }
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<SwClient[]>
    openWindow(url: string): Promise<SwClient | null>
    claim(): Promise<void>
  }
  navigator: { setAppBadge?(n?: number): Promise<void>; clearAppBadge?(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: string, listener: (event: never) => void): void
}

const sw = self as unknown as SwScope

// InjectManifest writes this build's list in place of the literal self.__WB_MANIFEST.
precacheAndRoute((self as unknown as { __WB_MANIFEST: Array<PrecacheEntry | string> }).__WB_MANIFEST)
cleanupOutdatedCaches()
// Every page of the app is the same index.html (history routing); /api and /ws are never pages.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/ws\//, /^\/metrics/] }))

sw.addEventListener('message', (event: MessageEvent) => {
  // The page's 有新版本，点击刷新: the waiting worker takes over, and the page reloads.
  if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.skipWaiting) void sw.skipWaiting()
})

const ICON = '/pwa/icon-192.png'

async function setBadge(count: number): Promise<void> {
  if (!sw.navigator.setAppBadge) return
  await (count > 0 ? sw.navigator.setAppBadge(count) : (sw.navigator.clearAppBadge?.() ?? Promise.resolve())).catch(() => undefined)
}

async function closeTagged(tag: string): Promise<void> {
  for (const n of await sw.registration.getNotifications({ tag })) n.close()
}

async function showPush(raw: unknown): Promise<void> {
  const p = readPushPayload(raw)
  if (!p) return
  if (p.kind === 'callEnd') return closeTagged(p.tag)
  if (p.kind === 'message') await setBadge(p.badge)
  const base = { body: p.body, tag: p.tag, icon: ICON, badge: ICON, lang: 'zh-CN', renotify: true, data: p }
  if (p.kind === 'call') {
    await sw.registration.showNotification(p.title, {
      ...base,
      requireInteraction: true,
      vibrate: [400, 200, 400, 200, 400],
      actions: [
        { action: 'accept', title: '接听' },
        { action: 'reject', title: '拒绝' },
      ],
    })
    return
  }
  await sw.registration.showNotification(p.title, base)
}

sw.addEventListener('push', (event: SwPushEvent) => {
  let raw: unknown = null
  try {
    raw = event.data?.json() ?? null
  } catch {
    raw = null
  }
  event.waitUntil(showPush(raw))
})

/**
 * A click brings an open window of the app forward and tells it where to go (the page routes
 * itself, keeping its state); without one, the app opens at that address.
 */
async function openFromNotification(data: unknown, action: string): Promise<void> {
  const p = readPushPayload(data)
  const url = p ? openUrlOf(p, action) : '/messages'
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((c) => new URL(c.url).origin === sw.location.origin)
  if (open) {
    const message: SwOpenMessage = { type: SW_MESSAGES.open, url }
    open.postMessage(message)
    await open.focus().catch(() => undefined)
    return
  }
  await sw.clients.openWindow(url)
}

sw.addEventListener('notificationclick', (event: SwNotificationEvent) => {
  event.notification.close()
  const opening = openFromNotification(event.notification.data, event.action)
  event.waitUntil(opening)
})
