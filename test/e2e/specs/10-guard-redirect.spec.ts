import { expect, test } from '@playwright/test'
import { apiRegister, submitPhoneLogin } from '../support/accounts'
import { byTestId, expectPath } from '../support/ui'

test('a guest opening /contacts is sent to login and comes back after logging in', async ({ page, request }) => {
  const user = await apiRegister(request)

  await page.goto('/contacts')
  await expectPath(page, '/login', `?redirect=${encodeURIComponent('/contacts')}`)
  await expect(byTestId(page, 'login-submit')).toBeVisible()

  await submitPhoneLogin(page, user.phone, user.pwd)

  await expectPath(page, '/contacts')
  await expect(byTestId(page, 'shell-nickname')).toHaveText(user.nickName)
})
