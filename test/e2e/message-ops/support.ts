import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { GroupCreateResult } from '../../../types/group'
import { apiPost } from '../support/accounts'
import { chatPanel, messageRows, textRow, visible, type ChatUser } from '../messaging/support'

/** Opens the message menu of a row by right-click and picks an action. */
export async function menuAction(page: Page, row: Locator, action: string): Promise<void> {
  await row.locator('[data-testid="msg-bubble"]').first().click({ button: 'right' })
  await expect(visible(page, 'msg-menu')).toBeVisible()
  await visible(page, `msg-menu-${action}`).click()
  await expect(visible(page, 'msg-menu')).toHaveCount(0)
}

/** The grey revoked-notice rows of the open chat. */
export function tipRows(page: Page, text: string | RegExp): Locator {
  return chatPanel(page).locator('.msg-tip').filter({ hasText: text })
}

/** A group made through the API: the owner, admins and members; answers its conversation ID. */
export async function apiGroup(request: APIRequestContext, owner: ChatUser, admins: ChatUser[], members: ChatUser[], name: string): Promise<{ groupNumber: string; conversationID: string }> {
  const created = await apiPost<GroupCreateResult>(
    request,
    '/api/user/groupchat/add',
    { groupName: name, groupNotice: '', groupAvatar: '', wtIds: [...admins, ...members].map((u) => u.wtId) },
    owner.login.token,
  )
  expect(created.code, created.msg).toBe(200)
  if (admins.length) {
    const r = await apiPost(request, '/api/user/groupchat/admin/addOrRemove', { groupNumber: created.data.groupNumber, wtIds: admins.map((a) => a.wtId), identity: 2 }, owner.login.token)
    expect(r.code, r.msg).toBe(200)
  }
  return { groupNumber: created.data.groupNumber, conversationID: `GROUP${created.data.txGroupid}` }
}

export { messageRows, textRow }
