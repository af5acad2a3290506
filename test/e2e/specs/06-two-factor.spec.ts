import { expect, test } from '@playwright/test'
import { logoutViaMenu, registerUser, submitPhoneLogin } from '../support/accounts'
import { byTestId, clickTestId, expectPath, fillInput, inputByTestId } from '../support/ui'

test('with a lock password, login asks for it, shows the hint, then opens /messages', async ({ page }) => {
  const user = await registerUser(page)
  const lockPwd = 'lock-9876'
  const tips = '常用的锁屏数字'

  await clickTestId(page, 'settings-button')
  await clickTestId(page, 'settings-security')
  await fillInput(page, 'security-login-pwd', user.pwd)
  await fillInput(page, 'security-lock-pwd', lockPwd)
  await fillInput(page, 'security-lock-tips', tips)
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/security/lockPwd'))
  await clickTestId(page, 'security-lock-save')
  expect(((await (await saved).json()) as { code: number }).code).toBe(200)
  if (await byTestId(page, 'security-close').isVisible()) await clickTestId(page, 'security-close')

  await logoutViaMenu(page)

  const first = page.waitForResponse((r) => r.url().endsWith('/api/user/login/pwd'))
  await submitPhoneLogin(page, user.phone, user.pwd)
  expect(((await (await first).json()) as { code: number }).code).toBe(712)

  await expect(inputByTestId(page, 'twofactor-lockpwd')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/login')

  await clickTestId(page, 'twofactor-tips-button')
  await expect(byTestId(page, 'twofactor-tips-text')).toContainText(tips)

  await fillInput(page, 'twofactor-lockpwd', lockPwd)
  const second = page.waitForResponse((r) => r.url().endsWith('/api/user/login/step2pwd'))
  await clickTestId(page, 'twofactor-submit')
  expect(((await (await second).json()) as { code: number }).code).toBe(200)

  await expectPath(page, '/messages')
  await expect(byTestId(page, 'shell-nickname')).toHaveText(user.nickName)
})
