import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { apiPost } from '../support/accounts'
import { chatPanel, textRow, visible, type ChatUser } from '../messaging/support'

/** Hovers a message row and clicks one of its quick actions (react, translate, to text, pin). */
export async function quickAction(row: Locator, action: 'react' | 'translate' | 'voice' | 'pin'): Promise<void> {
  await row.hover()
  await row.locator(`[data-testid="msg-quick-${action}"]`).click()
}

/** Opens the message menu with a right click and picks an entry; returns the entry's label. */
export async function menuAction(page: Page, row: Locator, action: 'reaction' | 'translate' | 'voiceToText' | 'pin'): Promise<string> {
  await row.locator('[data-testid="msg-bubble"]').first().click({ button: 'right' })
  await expect(visible(page, 'msg-menu')).toBeVisible()
  const entry = visible(page, `msg-menu-${action}`)
  const label = await entry.innerText()
  await entry.click()
  await expect(visible(page, 'msg-menu')).toHaveCount(0)
  return label
}

export function reactionChip(page: Page, text: string, reactionID: string): Locator {
  return textRow(page, text).locator(`[data-testid="msg-reaction"][data-reaction="${reactionID}"]`)
}

/** A work group made through the API by `owner` with the others as ordinary members. */
export async function makeGroup(request: APIRequestContext, owner: ChatUser, members: ChatUser[], name: string): Promise<string> {
  const r = await apiPost<{ txGroupid: string }>(
    request,
    '/api/user/groupchat/add',
    { groupName: name, groupNotice: '', groupAvatar: '', wtIds: members.map((m) => m.wtId) },
    owner.login.token,
  )
  expect(r.code, r.msg).toBe(200)
  return `GROUP${r.data.txGroupid}`
}

export function rowBySeq(page: Page, seq: number): Locator {
  return chatPanel(page).locator(`[data-testid="msg-row"][data-seq="${seq}"]`)
}
