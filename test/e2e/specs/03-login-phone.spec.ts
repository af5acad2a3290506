import { expect, test } from '@playwright/test'
import { apiRegister, loginByPhone } from '../support/accounts'
import { byTestId } from '../support/ui'

test('logging in by phone and password opens /messages as that user', async ({ page, request }) => {
  const user = await apiRegister(request)

  const login = await loginByPhone(page, user.phone, user.pwd)

  expect(login.wtId).toBe(user.login.wtId)
  await expect(byTestId(page, 'shell-nickname')).toHaveText(user.nickName)
})
