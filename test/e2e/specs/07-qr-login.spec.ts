import { expect, test } from '@playwright/test'
import type { QrCodeResult, QrPollResult } from '../../../types/auth'
import { registerUser } from '../support/accounts'
import { byTestId, clickTestId, expectPath, fillInput } from '../support/ui'

test('a QR code shown in one browser is confirmed from a logged-in browser', async ({ browser }) => {
  const waiting = await browser.newContext()
  const device = await browser.newContext()
  try {
    const pageB = await waiting.newPage()
    const pageA = await device.newPage()
    const user = await registerUser(pageA)

    await pageB.goto('/login')
    const generated = pageB.waitForResponse((r) => r.url().endsWith('/api/user/login/genQrCode'))
    await clickTestId(pageB, 'login-tab-qr')
    const qr = ((await (await generated).json()) as { code: number; data: QrCodeResult }).data
    expect(qr.content).toContain(`qrLogin=${qr.qrCode}`)

    const image = pageB.locator('[data-testid="qr-image"] img, img[data-testid="qr-image"]').filter({ visible: true }).first()
    await expect(image).toHaveAttribute('src', qr.image)
    await expect(byTestId(pageB, 'qr-status')).toHaveText('请使用已登录的设备扫码')

    const polled: QrPollResult['status'][] = []
    pageB.on('response', async (r) => {
      if (!r.url().endsWith('/api/user/login/qrCode')) return
      const body = (await r.json().catch(() => null)) as { data?: QrPollResult } | null
      if (body?.data?.status) polled.push(body.data.status)
    })

    await clickTestId(pageA, 'settings-button')
    await clickTestId(pageA, 'settings-scan-qr')
    await fillInput(pageA, 'qr-confirm-input', qr.content)
    const confirmed = pageA.waitForResponse((r) => r.url().endsWith('/api/user/login/qrCode/confirm'))
    await clickTestId(pageA, 'qr-confirm-submit')
    expect(((await (await confirmed).json()) as { code: number }).code).toBe(200)

    await expectPath(pageB, '/messages')
    await expect(byTestId(pageB, 'shell-nickname')).toHaveText(user.nickName)
    expect(polled).toContain('confirmed')
  } finally {
    await waiting.close()
    await device.close()
  }
})
