import type { Locator, Page } from '@playwright/test'
import { chatPanel, textRow } from '../messaging/support'

/** The grey revoked-notice rows of the open chat. */
export function tipRows(page: Page, text: string | RegExp): Locator {
  return chatPanel(page).locator('.msg-tip').filter({ hasText: text })
}

/** Hovers a message row and clicks one of its quick actions (react, translate, to text, pin). */
export async function quickAction(row: Locator, action: 'react' | 'translate' | 'voice' | 'pin'): Promise<void> {
  await row.hover()
  await row.locator(`[data-testid="msg-quick-${action}"]`).click()
}

export function reactionChip(page: Page, text: string, reactionID: string): Locator {
  return textRow(page, text).locator(`[data-testid="msg-reaction"][data-reaction="${reactionID}"]`)
}

export function rowBySeq(page: Page, seq: number): Locator {
  return chatPanel(page).locator(`[data-testid="msg-row"][data-seq="${seq}"]`)
}
