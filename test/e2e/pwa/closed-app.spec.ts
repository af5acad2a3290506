import { expect, test } from '@playwright/test'
import { visible } from '../messaging/support'
import { deliverPush, signedInWithMessage } from './support'

/**
 * With no tab of the app open, a click on a push opens a window on the address the push points at.
 * Headless Chromium shows no notification a test could click, and a window opened from a dispatched
 * click has no user activation, so Chromium refuses it: the worker's openWindow is watched where it
 * is called, and the address it asked for is then opened the way the browser would, as a new tab of
 * a signed-in browser with none of the app's tabs open.
 */
test('with the app closed, a click on a message push opens the app on that conversation', async ({ browser, request }) => {
  const { friend, context, page, worker } = await signedInWithMessage(browser, request, ['关着收', '关着发'], '关着应用时来的消息')
  const conversationID = `C2C${friend.wtId}`
  // The app's last tab closes; a blank tab of another origin keeps the browser (and DevTools) open.
  const blank = await context.newPage()
  await page.close()
  await deliverPush(context, blank, { kind: 'message', tag: conversationID, title: '微谈', body: '你有新消息', conversationID, badge: 1 })
  type Scope = { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean; clients: { openWindow(url: string | URL): Promise<unknown> } }
  await expect.poll(() => worker.evaluate(async () => (await (self as unknown as Scope).registration.getNotifications()).length)).toBe(1)

  const asked = await worker.evaluate(async () => {
    const scope = self as unknown as Scope
    const open: string[] = []
    scope.clients.openWindow = async (url: string | URL) => {
      open.push(String(url))
      return null
    }
    const [n] = await scope.registration.getNotifications()
    const Click = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent
    scope.dispatchEvent(new Click('notificationclick', { notification: n! }))
    for (let i = 0; i < 50 && !open.length; i++) await new Promise((r) => setTimeout(r, 100))
    return { open, left: (await scope.registration.getNotifications()).length }
  })
  expect(asked).toEqual({ open: [`/messages?conversationID=${encodeURIComponent(conversationID)}`], left: 0 })

  const app = await context.newPage()
  await app.goto(asked.open[0]!)
  await expect(visible(app, 'chat-header-name')).toHaveText(friend.nickName)
  await expect(app.getByTestId('msg-text').filter({ hasText: '关着应用时来的消息' })).toBeVisible()
  await context.close()
})
