import { expect, test } from '@playwright/test'
import { apiPost, newUser, registerUser } from '../support/accounts'
import { byTestId, clickTestId, fillInput } from '../support/ui'

test('registering a new account logs in and lands in the shell', async ({ page, request }) => {
  const user = newUser()
  const { login } = await registerUser(page, user)

  await expect(byTestId(page, 'shell-nickname')).toHaveText(user.nickName)
  expect(login.nickName).toBe(user.nickName)
  expect(login.wtId).toMatch(/^\d{5,12}$/)

  const again = await apiPost(request, '/api/user/login/pwd', { phone: user.phone, pwd: user.pwd })
  expect(again.code, 'the new account can log in with its password').toBe(200)
})

test('registering a phone that is taken shows the server message and stays on /login', async ({ page, request }) => {
  const user = newUser()
  expect((await apiPost(request, '/api/user/login/register', user)).code).toBe(200)

  await page.goto('/login')
  await clickTestId(page, 'login-tab-register')
  await fillInput(page, 'register-phone', user.phone)
  await fillInput(page, 'register-pwd', user.pwd)
  await fillInput(page, 'register-nickname', '另一个人')
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/login/register'))
  await clickTestId(page, 'register-submit')
  const body = (await (await answer).json()) as { code: number; msg: string }
  expect(body.code).not.toBe(200)
  await expect(page.getByText(body.msg).filter({ visible: true }).first()).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/login')
})
