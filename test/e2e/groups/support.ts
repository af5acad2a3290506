import { expect, type Locator, type Page } from '@playwright/test'
import { expectToast, inputByTestId, textareaByTestId } from '../support/ui'
import { messageRows, visible } from '../messaging/support'

/** Helpers of the group management tests: the group panel and its parts. */

export function panel(page: Page): Locator {
  return visible(page, 'group-panel')
}

export async function openPanel(page: Page): Promise<void> {
  await visible(page, 'group-info-open').click()
  await expect(panel(page)).toBeVisible()
  await expect(visible(page, 'group-name-value')).toBeVisible()
}

export async function closePanel(page: Page): Promise<void> {
  await visible(page, 'gpanel-close').first().click()
  await expect(panel(page)).toHaveCount(0)
}

/** The group tip rows of the open chat containing `text`. */
export function tipRow(page: Page, text: string): Locator {
  return messageRows(page).and(page.locator('[data-type="TIMGroupTipElem"]')).filter({ hasText: text })
}

export function memberTile(page: Page, wtId: string): Locator {
  return page.locator(`[data-testid="group-member"][data-id="${wtId}"]`).filter({ visible: true })
}

/** Finds a group by its number in the conversation search and applies to join with a message. */
export async function applyToJoin(page: Page, groupNumber: string, message: string): Promise<void> {
  await inputByTestId(page, 'conv-search').fill(groupNumber)
  await visible(page, 'search-result-group').first().click()
  await textareaByTestId(page, 'group-card-message').fill(message)
  await visible(page, 'group-card-join').click()
  await expectToast(page, '申请已发送')
  await visible(page, 'group-card').locator('.dialog__close').click()
}
