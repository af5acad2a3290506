import { expect, test } from '@playwright/test'
import { apiRegister, submitPhoneLogin } from '../support/accounts'
import { byTestId } from '../support/ui'

test('a wrong password shows 账号或密码错误 and stays on the login page', async ({ page, request }) => {
  const user = await apiRegister(request)

  await page.goto('/login')
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/login/pwd'))
  await submitPhoneLogin(page, user.phone, `${user.pwd}x`)
  expect(((await (await answer).json()) as { code: number }).code).toBe(400)

  await expect(byTestId(page, 'login-error')).toHaveText('账号或密码错误')
  expect(new URL(page.url()).pathname).toBe('/login')
  await expect(byTestId(page, 'shell-nickname')).toHaveCount(0)
})
