import { readFile } from 'node:fs/promises'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { registerUsers, signIn, visible, type ChatUser, type Session, type SignInOptions } from '../messaging/support'
import { recordToasts } from '../support/ui'
import { callScreen, placeCall, recordCallStatuses } from './support'

/**
 * A browser that refuses the camera and microphone. Without --use-fake-ui-for-media-stream
 * Chromium asks the user; headless, with nobody to answer, it refuses at once (getUserMedia
 * rejects with NotAllowedError 'Permission denied' and the permission state turns 'denied').
 * The fake devices stay, so the refusal is the only thing that fails: no 'No camera found'.
 */
let refusing: Browser | null = null
test.beforeAll(async ({ playwright, launchOptions }) => {
  const args = (launchOptions.args ?? []).filter((a) => a !== '--use-fake-ui-for-media-stream')
  expect(args).toContain('--use-fake-device-for-media-stream')
  refusing = await playwright.chromium.launch({ ...launchOptions, args })
})
test.afterAll(async () => {
  await refusing?.close()
  refusing = null
})

let contexts: BrowserContext[] = []
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()))
  contexts = []
})

interface Watched extends Session {
  toasts: () => Promise<string[]>
  statuses: () => Promise<string[]>
}

/** Signs in to the refusing browser, recording the toasts and the call screen's statuses. */
async function signInRefused(user: ChatUser, options: SignInOptions = {}): Promise<Watched> {
  const session = await signIn(refusing!, user, options)
  contexts.push(session.context)
  const toasts = await recordToasts(session.page)
  const statuses = await recordCallStatuses(session.page)
  await session.page.reload()
  await expect(visible(session.page, 'conv-pane')).toBeVisible()
  return { ...session, toasts, statuses }
}

/** The picture the panel shows, as text, whether the build inlined it or serves it. */
const shownPicture = (page: Page) =>
  page.locator('[data-testid="call-permission-image"] img, img[data-testid="call-permission-image"]').first().evaluate(async (img: HTMLImageElement) => (await fetch(img.src)).text())
const picture = (os: 'mac' | 'windows') => readFile(new URL(`../../../src/components/call/icons/permission-${os}.svg`, import.meta.url), 'utf8')

const permissionState = (page: Page, name: 'camera' | 'microphone') => page.evaluate((n) => navigator.permissions.query({ name: n as PermissionName }).then((s) => s.state), name)

/** A call placed, refused by the browser: the toast shows and the call resets without leaving the chat. */
async function expectRefusedCall(w: Watched, toast: string): Promise<void> {
  await expect.poll(async () => (await w.toasts()).some((t) => t.endsWith(toast))).toBe(true)
  await expect(callScreen(w.page)).toHaveCount(0)
  // The dial showed the call screen for a moment, then the failed call reset to idle.
  await expect.poll(w.statuses).toEqual(['calling'])
  await expect(visible(w.page, 'chat-panel')).toBeVisible()
}

test('a refused camera: the no-camera toast, the call resets, and the permission tip with the platform picture, 中文 / English and close', async ({ request }) => {
  const [alice, bob] = await registerUsers(request, ['权', '限'])
  const a = await signInRefused(alice)
  expect(await permissionState(a.page, 'camera')).toBe('prompt')

  await placeCall(a, bob, 'video')
  await expectRefusedCall(a, '无摄像头权限')
  expect(await permissionState(a.page, 'camera')).toBe('denied')

  // Linux is pictured as the windows browser window; the widget speaks the app's Chinese, so the panel starts in Chinese.
  const tip = visible(a.page, 'call-permission-tip')
  await expect(tip).toBeVisible()
  await expect(tip).toHaveAttribute('data-os', 'windows')
  expect((await shownPicture(a.page)).trim()).toBe((await picture('windows')).trim())
  await expect(tip).toHaveAttribute('data-language', 'zh')
  await expect(visible(a.page, 'call-permission-missing')).toHaveText('无摄像头权限')
  await expect(tip).toContainText('允许浏览器使用摄像头和麦克风')
  await expect(tip).toContainText('2. 将“摄像头”和“麦克风”设为“允许”')
  await expect(visible(a.page, 'call-permission-close')).toHaveText('知道了')

  await visible(a.page, 'call-permission-en').click()
  await expect(tip).toHaveAttribute('data-language', 'en')
  await expect(visible(a.page, 'call-permission-missing')).toHaveText('no camera access')
  await expect(tip).toContainText('Allow the browser to use your camera and microphone')
  await expect(tip).toContainText('1. Click the lock icon at the left of the address bar')
  await expect(visible(a.page, 'call-permission-close')).toHaveText('OK')
  await visible(a.page, 'call-permission-zh').click()
  await expect(visible(a.page, 'call-permission-close')).toHaveText('知道了')

  await visible(a.page, 'call-permission-close').click()
  await expect(tip).toHaveCount(0)
  await expect(callScreen(a.page)).toHaveCount(0)
})

test('a refused microphone on a mac in English, the tip left out while the microphone is allowed, and none on a phone', async ({ request }) => {
  const [alice, bob, carol, dave] = await registerUsers(request, ['麦', '克', '风', '机'])

  // A mac: the voice call needs only the microphone; the widget set to English opens the panel in English.
  const mac = await signInRefused(alice, {
    beforeLogin: async (context) => {
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' }))
    },
  })
  await mac.page.evaluate(async () => {
    const kit = (window as unknown as { TUICallKit: { setLanguage(l: string): Promise<void> } }).TUICallKit
    await kit.setLanguage('en')
  })
  await placeCall(mac, bob, 'voice')
  await expectRefusedCall(mac, 'no microphone access')
  const tip = visible(mac.page, 'call-permission-tip')
  await expect(tip).toHaveAttribute('data-os', 'mac')
  expect((await shownPicture(mac.page)).trim()).toBe((await picture('mac')).trim())
  await expect(tip).toHaveAttribute('data-language', 'en')
  await expect(visible(mac.page, 'call-permission-missing')).toHaveText('no microphone access')
  await visible(mac.page, 'call-permission-zh').click()
  await expect(visible(mac.page, 'call-permission-missing')).toHaveText('无麦克风权限')
  await visible(mac.page, 'call-permission-close').click()
  await expect(tip).toHaveCount(0)

  // The microphone allowed, the camera not: the toast, but no panel (the tip is for a refused microphone).
  const micOnly = await signInRefused(carol, { beforeLogin: (context) => context.grantPermissions(['microphone']) })
  await placeCall(micOnly, bob, 'video')
  await expectRefusedCall(micOnly, '无摄像头权限')
  expect(await permissionState(micOnly.page, 'microphone')).toBe('granted')
  await micOnly.page.waitForTimeout(500)
  await expect(visible(micOnly.page, 'call-permission-tip')).toHaveCount(0)

  // A phone has no such settings panel: the toast only.
  const phone = await signInRefused(dave, { viewport: { width: 390, height: 844 } })
  await placeCall(phone, bob, 'video')
  await expectRefusedCall(phone, '无摄像头权限')
  await phone.page.waitForTimeout(500)
  await expect(visible(phone.page, 'call-permission-tip')).toHaveCount(0)
})
