import { expect, test } from '@playwright/test'
import type { LoginResult } from '../../../types/auth'
import { logoutViaMenu, registerUser } from '../support/accounts'
import { byTestId, clickTestId, expectPath, fillInput } from '../support/ui'

test('logging in by ID and password opens /messages as that user', async ({ page }) => {
  const user = await registerUser(page)
  const wtId = user.login.wtId
  await logoutViaMenu(page)

  await clickTestId(page, 'login-tab-id')
  await fillInput(page, 'login-wtid', wtId)
  await fillInput(page, 'login-id-pwd', user.pwd)
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/login/id'))
  await clickTestId(page, 'login-id-submit')
  const body = (await (await answer).json()) as { code: number; data: LoginResult }

  expect(body.code).toBe(200)
  expect(body.data.wtId).toBe(wtId)
  await expectPath(page, '/messages')
  await expect(byTestId(page, 'shell-nickname')).toHaveText(user.nickName)
})
