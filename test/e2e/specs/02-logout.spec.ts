import { expect, test } from '@playwright/test'
import { apiPost, logoutViaMenu, registerUser } from '../support/accounts'
import { expectPath } from '../support/ui'

test('logging out from the settings menu ends the session', async ({ page, request }) => {
  const { login } = await registerUser(page)

  await logoutViaMenu(page)

  // The stored session is gone: a login-only page sends the guest back to /login.
  await page.goto('/messages')
  await expectPath(page, '/login', `?redirect=${encodeURIComponent('/messages')}`)

  // And the server revoked the token.
  const info = await apiPost(request, '/api/user/userConfig/getInfo', {}, login.token)
  expect(info.code).not.toBe(200)
})
