import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { LoginResult } from '../../../types/auth'
import { byTestId, clickTestId, expectPath, fillInput } from './ui'

export const DEMO_PASSWORD = 'demo1234'

export interface TestUser {
  phone: string
  pwd: string
  nickName: string
}

/** A phone number nobody has registered yet: 1 followed by ten random digits. */
export function randomPhone(): string {
  let digits = ''
  for (let i = 0; i < 10; i++) digits += Math.floor(Math.random() * 10)
  return `1${digits}`
}

export function newUser(): TestUser {
  const phone = randomPhone()
  return { phone, pwd: `pw${phone.slice(-6)}`, nickName: `测试${phone.slice(-4)}` }
}

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** POSTs to the API and returns the whole envelope, whatever its code. */
export async function apiPost<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<Envelope<T>> {
  const res = await request.post(path, {
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
  return (await res.json()) as Envelope<T>
}

export async function apiRegister(request: APIRequestContext, user: TestUser = newUser()): Promise<TestUser & { login: LoginResult }> {
  const answer = await apiPost<LoginResult>(request, '/api/user/login/register', user)
  expect(answer.code, answer.msg).toBe(200)
  return { ...user, login: answer.data }
}

/** Fills the phone login form and submits it; does not wait for the outcome. */
export async function submitPhoneLogin(page: Page, phone: string, pwd: string): Promise<void> {
  await clickTestId(page, 'login-tab-phone')
  await fillInput(page, 'login-phone', phone)
  await fillInput(page, 'login-pwd', pwd)
  await clickTestId(page, 'login-submit')
}

/** Logs in through the phone form and waits for the messages page; returns the server's answer. */
export async function loginByPhone(page: Page, phone: string, pwd: string): Promise<LoginResult> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login')
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/login/pwd'))
  await submitPhoneLogin(page, phone, pwd)
  const body = (await (await answer).json()) as Envelope<LoginResult>
  expect(body.code, body.msg).toBe(200)
  await expectPath(page, '/messages')
  return body.data
}

/** Registers through the register tab (which logs in) and waits for the messages page. */
export async function registerUser(page: Page, user: TestUser = newUser()): Promise<TestUser & { login: LoginResult }> {
  await page.goto('/login')
  await clickTestId(page, 'login-tab-register')
  await fillInput(page, 'register-phone', user.phone)
  await fillInput(page, 'register-pwd', user.pwd)
  await fillInput(page, 'register-nickname', user.nickName)
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/login/register'))
  await clickTestId(page, 'register-submit')
  const body = (await (await answer).json()) as Envelope<LoginResult>
  expect(body.code, body.msg).toBe(200)
  await expectPath(page, '/messages')
  return { ...user, login: body.data }
}

/** Settings menu → log out → confirm, then waits for the login page. */
export async function logoutViaMenu(page: Page): Promise<void> {
  await clickTestId(page, 'settings-button')
  await clickTestId(page, 'settings-logout')
  await clickTestId(page, 'logout-confirm-confirm')
  await expectPath(page, '/login')
  await expect(byTestId(page, 'login-submit')).toBeVisible()
}
