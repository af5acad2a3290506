import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { GroupCreateResult } from '../../../types/group'
import { apiPost } from '../support/accounts'
import { chatPanel, conversationRow, messageRows, visible, type ChatUser } from '../messaging/support'

/** Helpers of the group management tests: groups made over the API, the panel and its parts. */

export interface CreatedGroup extends GroupCreateResult {
  conversationID: string
  name: string
}

/** A group made by `owner` with the others as members (the UI creation is covered by messaging/group.spec.ts). */
export async function createGroup(request: APIRequestContext, owner: ChatUser, members: ChatUser[], name: string): Promise<CreatedGroup> {
  const answer = await apiPost<GroupCreateResult>(request, '/api/user/groupchat/add', { groupName: name, groupNotice: '', groupAvatar: '', wtIds: members.map((m) => m.wtId) }, owner.login.token)
  expect(answer.code, answer.msg).toBe(200)
  return { ...answer.data, conversationID: `GROUP${answer.data.txGroupid}`, name }
}

export async function openGroup(page: Page, conversationID: string): Promise<void> {
  await conversationRow(page, conversationID).first().click()
  await expect(chatPanel(page)).toHaveAttribute('data-conversation', conversationID)
}

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

/** The native textarea of a Taro Textarea, whichever element the test id landed on. */
export function textareaByTestId(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"] textarea, textarea[data-testid="${testId}"]`).filter({ visible: true }).first()
}

export function memberTile(page: Page, wtId: string): Locator {
  return page.locator(`[data-testid="group-member"][data-id="${wtId}"]`).filter({ visible: true })
}

export function toast(page: Page, text: string): Locator {
  return visible(page, 'toast').filter({ hasText: text })
}
