import type { BrowserContext, WebSocketRoute } from '@playwright/test'
import { editor, expect, openChatWith, registerUsers, test, textRow, visible } from './support'

const BANNER_TEXT = '网络连接已断开，正在重连…'
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

/**
 * A link that goes silent without closing: frames of the sockets already open are swallowed both
 * ways and the sockets stay up (no close reaches either side); new connections fail, as into a
 * network that does not answer. Restoring lets new connections through again.
 */
class SilentLink {
  private silent = false
  private readonly open = new Set<{ page: WebSocketRoute; silent: boolean }>()

  static async install(context: BrowserContext): Promise<SilentLink> {
    const link = new SilentLink()
    await context.routeWebSocket(/\/ws\//, (ws) => link.accept(ws))
    return link
  }

  private accept(ws: WebSocketRoute): void {
    if (this.silent) {
      void ws.close({ code: 1006, reason: 'unreachable' }).catch(() => undefined)
      return
    }
    const server = ws.connectToServer()
    const entry = { page: ws, silent: false }
    this.open.add(entry)
    ws.onMessage((m) => {
      if (!entry.silent) server.send(m)
    })
    server.onMessage((m) => {
      if (!entry.silent) ws.send(m)
    })
    ws.onClose(() => {
      this.open.delete(entry)
      void server.close().catch(() => undefined)
    })
    server.onClose(() => {
      this.open.delete(entry)
      void ws.close().catch(() => undefined)
    })
  }

  goSilent(): void {
    this.silent = true
    for (const entry of this.open) entry.silent = true
  }

  restore(): void {
    this.silent = false
  }
}

for (const { name, viewport } of VIEWPORTS) {
  test(`the connection banner shows within ten seconds of a silent link and clears within two of its return (${name})`, async ({ login, request }) => {
    test.setTimeout(90_000)
    const [alice, bob] = await registerUsers(request, ['甲', '乙'])
    let link: SilentLink | null = null
    const a = await login(alice, { viewport, beforeLogin: async (context) => void (link = await SilentLink.install(context)) })
    await openChatWith(a.page, bob)
    await expect(visible(a.page, 'net-banner')).toHaveCount(0)

    const silentAt = Date.now()
    link!.goSilent()
    await expect(visible(a.page, 'net-banner')).toHaveText(BANNER_TEXT, { timeout: 10_000 })
    const shownAfter = Date.now() - silentAt
    await editor(a.page).fill('断线时写的')
    await editor(a.page).press('Enter')
    await expect(textRow(a.page, '断线时写的')).toHaveAttribute('data-status', 'unSend')

    const backAt = Date.now()
    link!.restore()
    await expect(visible(a.page, 'net-banner')).toHaveCount(0, { timeout: 2_500 })
    const clearedAfter = Date.now() - backAt
    await expect(textRow(a.page, '断线时写的')).toHaveAttribute('data-status', 'success')
    console.log(`${name}: banner ${shownAfter} ms after the link went silent, gone ${clearedAfter} ms after it returned`)
  })
}

test('going offline shows the banner at once; coming back online clears it at once', async ({ login, request }) => {
  const [alice, bob] = await registerUsers(request, ['甲', '乙'])
  let link: SilentLink | null = null
  const a = await login(alice, { beforeLogin: async (context) => void (link = await SilentLink.install(context)) })
  await openChatWith(a.page, bob)
  // The browser's offline event is the device saying the network is gone: no probe is awaited.
  link!.goSilent()
  await a.context.setOffline(true)
  await expect(visible(a.page, 'net-banner')).toHaveText(BANNER_TEXT, { timeout: 2_000 })
  link!.restore()
  await a.context.setOffline(false)
  await expect(visible(a.page, 'net-banner')).toHaveCount(0, { timeout: 2_000 })
})
