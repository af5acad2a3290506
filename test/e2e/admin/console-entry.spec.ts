/**
 * 运营后台 in the settings menu: an operator (listed in ADMIN_PHONES) sees it and it opens the
 * console at /admin; an ordinary account's menu has no such entry. On a desktop (the sidebar's
 * menu) and on a phone (the header's). The mini-program hides it through adminConsoleSupported.
 */
import type { BrowserContext, Response } from '@playwright/test'
import type { UserInfo } from '../../../types/auth'
import { expect, registerUsers, test, visible, type ChatUser } from '../messaging/support'
import { expectPath } from '../support/ui'
import { operatorAccount } from './support'

const SHOTS = 'test-results/e2e/admin'
const VIEWPORTS = [['desktop', undefined], ['phone', { width: 390, height: 844 }]] as const

/** Watches the context for the app's GET /api/user/info, which tells it whether the account is an operator. */
function userInfoOf(context: BrowserContext): Promise<UserInfo> {
  return context
    .waitForEvent('response', { predicate: (r: Response) => new URL(r.url()).pathname === '/api/user/info' })
    .then(async (r) => ((await r.json()) as { data: UserInfo }).data)
}

for (const [label, viewport] of VIEWPORTS) {
  test(`an operator opens the console from 运营后台; others have no such entry (${label})`, async ({ login, request }) => {
    const op = await operatorAccount(request)
    const [plain] = await registerUsers(request, ['普'])

    const signIn = async (user: ChatUser) => {
      let info: Promise<UserInfo> | undefined
      const session = await login(user, {
        ...(viewport ? { viewport } : {}),
        beforeLogin: async (context) => {
          info = userInfoOf(context)
        },
      })
      return { page: session.page, info: await info! }
    }

    const other = await signIn(plain)
    expect(other.info.operator).toBe(false)
    await visible(other.page, 'settings-button').click()
    await expect(visible(other.page, 'settings-logout')).toBeVisible()
    await expect(other.page.locator('[data-testid="settings-admin"]')).toHaveCount(0)
    await expect(other.page.getByText('运营后台')).toHaveCount(0)
    await other.page.screenshot({ path: `${SHOTS}/console-entry-absent-${label}.png` })

    const operator = await signIn(op)
    expect(operator.info.operator).toBe(true)
    const { page } = operator
    await visible(page, 'settings-button').click()
    const entry = visible(page, 'settings-admin')
    await expect(entry).toHaveText('运营后台')
    await page.screenshot({ path: `${SHOTS}/console-entry-${label}.png` })
    await entry.click()
    await expectPath(page, '/admin')
    await expect(visible(page, 'admin-console')).toBeVisible()
  })
}
