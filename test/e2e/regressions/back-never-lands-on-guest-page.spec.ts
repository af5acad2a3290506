import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { openContacts } from '../contacts/support'
import { expect, registerUsers, test, visible, type ChatUser } from '../messaging/support'
import { submitPhoneLogin } from '../support/accounts'
import { expectPath } from '../support/ui'

/**
 * A new-user trial on a phone: 体验网页版 on the home page, the login, 通讯录 → 新的朋友, then
 * the browser's back button showed the guest home page 「/」 to the logged-in user. 体验网页版
 * pushed the app over the home page, and 新的朋友 had no history entry of its own. Back now
 * returns to 通讯录, and the guest pages are not behind the app in the history.
 */
const PHONE = { width: 390, height: 844 }

/** A fresh phone-sized browser for a registered user; closed when `run` ends, pass or fail. */
async function onPhone(browser: Browser, request: APIRequestContext, nick: string, run: (page: Page, me: ChatUser) => Promise<void>): Promise<void> {
  const [me] = await registerUsers(request, [nick])
  const context = await browser.newContext({ viewport: PHONE })
  try {
    await run(await context.newPage(), me!)
  } finally {
    await context.close()
  }
}

test('phone: Back from 新的朋友 returns to 通讯录, and Back never shows the guest home page', async ({ browser, request }) => {
  await onPhone(browser, request, '访客', async (page, me) => {
    await page.goto('/')
    await visible(page, 'home-try-web').click()
    await expectPath(page, '/login')
    await submitPhoneLogin(page, me.phone, me.pwd)
    await expectPath(page, '/messages')
    await expect(visible(page, 'conv-pane')).toBeVisible()

    await openContacts(page)
    await visible(page, 'contacts-entry-applications').click()
    await expect(visible(page, 'contact-detail')).toHaveAttribute('data-view', 'applications')
    await page.screenshot({ path: 'test-results/e2e/regressions/phone-new-friends.png' })

    await page.goBack()
    await expect(visible(page, 'contact-detail')).toHaveCount(0)
    await expect(visible(page, 'contact-list')).toBeVisible()
    await expectPath(page, '/contacts', '')

    // One more Back leaves the app for what came before the home page, never the home page itself.
    await page.goBack()
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/contacts')
    expect(new URL(page.url()).pathname).not.toBe('/')
  })
})

test('phone: the back arrow of 新的朋友 drops its history entry, so Forward does not reopen it', async ({ browser, request }) => {
  await onPhone(browser, request, '前进', async (page, me) => {
    await page.goto('/login')
    await submitPhoneLogin(page, me.phone, me.pwd)
    await expectPath(page, '/messages')
    await openContacts(page)
    await visible(page, 'contacts-entry-applications').click()
    await expect(visible(page, 'contact-detail')).toBeVisible()
    await visible(page, 'contact-detail-back').click()
    await expect(visible(page, 'contact-detail')).toHaveCount(0)
    await page.evaluate(() => window.history.forward())
    await page.waitForTimeout(300)
    await expect(visible(page, 'contact-detail')).toHaveCount(0)
    await expect(visible(page, 'contact-list')).toBeVisible()
  })
})
