import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { LoginResult } from '../../../types/auth'
import { registerUser } from '../support/accounts'
import { byTestId, clickTestId, expectToast } from '../support/ui'

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

/** A second device of the same account, logged in through the API as an iPhone's Safari. */
async function loginElsewhere(request: APIRequestContext, phone: string, pwd: string): Promise<string> {
  const res = await request.post('/api/user/login/pwd', { data: { phone, pwd }, headers: { 'user-agent': IPHONE_UA } })
  const answer = (await res.json()) as { code: number; data: LoginResult }
  expect(answer.code).toBe(200)
  return answer.data.token
}

async function getCode(request: APIRequestContext, path: string, token: string): Promise<number> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } })
  return ((await res.json()) as { code: number }).code
}

async function openDevices(page: Page) {
  await clickTestId(page, 'settings-button')
  await clickTestId(page, 'settings-security')
  const list = byTestId(page, 'device-list')
  await list.scrollIntoViewIfNeeded()
  await expect(list).toBeVisible()
  return list
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`the security settings list the logged-in devices and log one out (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    const user = await registerUser(page)
    const other = await loginElsewhere(request, user.phone, user.pwd)

    const list = await openDevices(page)
    const rows = list.getByTestId('device-row')
    await expect(rows).toHaveCount(2)
    const current = list.locator('[data-testid="device-row"][data-current="true"]')
    await expect(current).toContainText('本机')
    const iphone = list.locator('[data-testid="device-row"][data-current="false"]')
    await expect(iphone).toContainText('Safari · iOS')
    await expect(iphone).toContainText('最近使用')

    // Nothing in the list spills out of the dialog.
    const dialogBox = await byTestId(page, 'security-dialog').boundingBox()
    const rowBox = await iphone.boundingBox()
    expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width + 1)

    await iphone.getByTestId('device-logout').click()
    await expectToast(page, '已退出该设备')
    await expect(rows).toHaveCount(1)
    expect(await getCode(request, '/api/user/info', other)).toBe(11012)
    // This device is still logged in.
    expect(await getCode(request, '/api/user/info', user.login.token)).toBe(200)
  })
}
