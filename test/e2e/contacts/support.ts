import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { fillInput } from '../support/ui'
import { visible, type ChatUser } from '../messaging/support'

/**
 * Helpers of the contacts end-to-end tests: the contacts page's elements and a recorder that
 * stands in for the browser's desktop notifications.
 */

/** Replaces window.Notification with a granted recorder; read what was shown with shownNotifications. */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: Array<{ title: string; body: string }> = []
    class RecordedNotification {
      static permission = 'granted'
      static requestPermission = async () => 'granted'
      onclick: (() => void) | null = null
      constructor(title: string, options: { body?: string } = {}) {
        shown.push({ title, body: options.body ?? '' })
      }
      close() {}
    }
    Object.assign(window, { Notification: RecordedNotification, __shownNotifications: shown })
  })
}

export async function shownNotifications(page: Page): Promise<Array<{ title: string; body: string }>> {
  return page.evaluate(() => (window as unknown as { __shownNotifications: Array<{ title: string; body: string }> }).__shownNotifications)
}

export async function openContacts(page: Page): Promise<void> {
  await visible(page, 'nav-contacts').click()
  await expect(visible(page, 'contact-list')).toBeVisible()
}

export function contactRow(page: Page, wtId: string): Locator {
  return page.locator(`[data-testid="contact-row"][data-id="${wtId}"]`).filter({ visible: true })
}

/** The friend list's section of one initial letter. */
export function letterGroup(page: Page, letter: string): Locator {
  return page.locator(`[data-testid="contacts-letter-group"][data-letter="${letter}"]`).filter({ visible: true })
}

/** The profile card on screen (the detail pane or the popup). */
export function profileCard(page: Page): Locator {
  return page.locator('[data-testid="profile-card"][data-state="ready"]').filter({ visible: true }).last()
}

/** Opens a friend's card in the contacts page's detail pane. */
export async function openFriend(page: Page, wtId: string): Promise<void> {
  await contactRow(page, wtId).click()
  await expect(profileCard(page)).toHaveAttribute('data-id', wtId)
}

export async function profileAction(page: Page, action: string): Promise<void> {
  await profileCard(page).locator('[data-testid="profile-menu"]').click()
  await visible(page, `profile-action-${action}`).click()
}

/** Searches a phone number or ID on the add-friend view and opens the user's card. */
export async function findUser(page: Page, query: string, user: ChatUser): Promise<void> {
  await visible(page, 'contacts-add').click()
  await fillInput(page, 'add-search', query)
  await visible(page, 'add-search-submit').click()
  await page.locator(`[data-testid="add-result-user"][data-id="${user.wtId}"]`).filter({ visible: true }).click()
  await expect(profileCard(page)).toHaveAttribute('data-id', user.wtId)
}
