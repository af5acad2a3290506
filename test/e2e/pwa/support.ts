import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type Worker } from '@playwright/test'
import type { PushPayload } from '../../../types/push'
import { baseURL, befriend, ProtocolSender, registerUsers, signIn, type ChatUser } from '../messaging/support'

/** The app's service worker once it is active (it precaches the shell while installing). */
export async function activeWorker(context: BrowserContext, page: Page): Promise<Worker> {
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '')
  expect(new URL(script).pathname).toBe('/sw.js')
  const worker = context.serviceWorkers().find((w) => w.url() === script) ?? (await context.waitForEvent('serviceworker'))
  return worker
}

/**
 * Two new friends, `friend` having sent `me` one message; then `me` signs in with notifications
 * allowed and the service worker active.
 */
export async function signedInWithMessage(browser: Browser, request: APIRequestContext, nicknames: [string, string], text: string) {
  const [me, friend] = (await registerUsers(request, nicknames)) as [ChatUser, ChatUser]
  await befriend(request, friend, me)
  const sender = new ProtocolSender(baseURL(), friend.login.token)
  await sender.sendText(`C2C${me.wtId}`, text)
  sender.close()
  const { context, page } = await signIn(browser, me, { beforeLogin: (c) => c.grantPermissions(['notifications'], { origin: baseURL() }) })
  const worker = await activeWorker(context, page)
  return { me, friend, context, page, worker }
}

/** Delivers a push to the worker the way a push service would (Chromium's DevTools protocol). */
export async function deliverPush(context: BrowserContext, page: Page, payload: PushPayload): Promise<void> {
  const cdp = await context.newCDPSession(page)
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${baseURL()}/` && !r.isDeleted)
      if (reg) resolve(reg.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL(), registrationId: await registration, data: JSON.stringify(payload) })
  await cdp.detach()
}
