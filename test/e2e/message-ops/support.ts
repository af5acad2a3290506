import type { Locator, Page } from '@playwright/test'
import { chatPanel } from '../messaging/support'

/** The grey revoked-notice rows of the open chat. */
export function tipRows(page: Page, text: string | RegExp): Locator {
  return chatPanel(page).locator('.msg-tip').filter({ hasText: text })
}
