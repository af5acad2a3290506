import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { AdminUserRow } from '../../../types/admin'
import type { LoginResult } from '../../../types/auth'
import { visible, type ChatUser } from '../messaging/support'
import { apiPost, DEMO_PASSWORD } from '../support/accounts'
import { fillInput } from '../support/ui'
import { OPERATOR_PHONE } from '../support/serverEnv'

/** The suite's operator (listed in ADMIN_PHONES, registered by the global setup before the server started). */
export async function operatorAccount(request: APIRequestContext): Promise<ChatUser> {
  const user = { phone: OPERATOR_PHONE, pwd: DEMO_PASSWORD, nickName: '运营' }
  const answer = await apiPost<LoginResult>(request, '/api/user/login/pwd', { phone: user.phone, pwd: user.pwd })
  expect(answer.code, answer.msg).toBe(200)
  return { ...user, login: answer.data, wtId: answer.data.wtId }
}

/** The operator's console in a browser of its own, on one user's management dialog. */
export async function openUserInConsole(page: Page, wtId: string): Promise<void> {
  await page.goto('/admin')
  await expect(visible(page, 'admin-console')).toBeVisible()
  await visible(page, 'admin-nav-users').click()
  await fillInput(page, 'admin-user-search', wtId)
  await visible(page, 'admin-user-search-submit').click()
  // Every row's 管理 names its user to a screen reader.
  await expect(visible(page, `admin-user-${wtId}`).getByRole('button', { name: /^管理 \S/ })).toHaveCount(1)
  await visible(page, `admin-user-${wtId}`).locator('[data-testid="admin-user-open"]').click()
  await expect(visible(page, 'admin-user-dialog')).toContainText(wtId)
}

/** An operator API answer's data, read with the operator's token. */
export async function adminGet<T>(request: APIRequestContext, op: ChatUser, path: string): Promise<T> {
  const answer = await request.get(path, { headers: { Authorization: `Bearer ${op.login.token}` } })
  const body = (await answer.json()) as { code: number; msg: string; data: T }
  expect(body.code, body.msg).toBe(200)
  return body.data
}

/** One account as the console's user list shows it (state, ban reason, membership). */
export async function adminUser(request: APIRequestContext, op: ChatUser, user: ChatUser): Promise<AdminUserRow> {
  const page = await adminGet<{ rows: AdminUserRow[] }>(request, op, `/api/admin/users?keyword=${user.wtId}&pageNum=1&pageSize=20`)
  const row = page.rows.find((r) => r.wtId === user.wtId)
  expect(row, user.wtId).toBeDefined()
  return row!
}

/** Resolves once the dialog has finished fading in, so a screenshot shows it as the user sees it. */
export async function settled(dialog: Locator): Promise<void> {
  await dialog.evaluate((el) =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect instanceof KeyframeEffect && (a.effect.target === el || el.contains(a.effect.target as Node) || (a.effect.target as Element | null)?.contains(el)))
        .map((a) => a.finished),
    ),
  )
}

const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/** A report of `target` (type 欺诈骗钱) by `reporter`, with one uploaded image as the rules require; its id. */
export async function fileReport(request: APIRequestContext, reporter: ChatUser, target: ChatUser): Promise<number> {
  const up = await request.post('/api/oss/upload', {
    headers: { Authorization: `Bearer ${reporter.login.token}` },
    multipart: { kind: 'image', file: { name: 'proof.png', mimeType: 'image/png', buffer: PROOF_PNG } },
  })
  const url = ((await up.json()) as { data: { url: string } }).data.url
  const filed = await apiPost<{ id: number }>(request, '/api/complaint/add', { complaintDetail: '发来诈骗链接', complaintImage: url, complaintType: '2', targetId: target.wtId, type: 0 }, reporter.login.token)
  expect(filed.code, filed.msg).toBe(200)
  return filed.data.id
}
