import { apiPost } from '../support/accounts'
import { befriend, chatPanel, conversationRow, expect, openConversation, registerUsers, test } from '../messaging/support'

/**
 * QA: when 张三 blacklisted 王五, 王五 saw the list line 已加入黑名单, the tip 对方已被加入黑名单
 * and an unread 1, from the blacklist notice. The blocker keeps the tip; the blocked person
 * sees nothing of it.
 */
const SHOTS = 'test-results/e2e/regressions'

test('the blocked person sees no sign of the blacklisting; the blocker sees the tip', async ({ request, login, device }) => {
  const [zhang, wang] = await registerUsers(request, ['张三', '王五'])
  await befriend(request, zhang!, wang!)
  await device(zhang!).sendText(`C2C${wang!.wtId}`, '你好')
  const blocked = await login(wang!)
  const row = conversationRow(blocked.page, `C2C${zhang!.wtId}`)
  await expect(row.getByTestId('conv-row-badge')).toHaveText('1')

  const black = await apiPost(request, '/api/user/friendBlack/add', { friendWtId: wang!.wtId }, zhang!.login.token)
  expect(black.code, black.msg).toBe(200)
  const notice = await apiPost(request, '/api/user/sendCustomMessage', { fromWtId: zhang!.wtId, toWtId: wang!.wtId, type: 'CustomMsg_Type_addBlack' }, zhang!.login.token)
  expect(notice.code, notice.msg).toBe(200)

  // The blocker's page shows the tip in the chat.
  const blocker = await login(zhang!, { viewport: { width: 390, height: 844 } })
  await expect(conversationRow(blocker.page, `C2C${wang!.wtId}`).getByTestId('conv-row-summary')).toHaveText('已加入黑名单')
  await openConversation(blocker.page, `C2C${wang!.wtId}`)
  await expect(chatPanel(blocker.page).getByText('对方已被加入黑名单')).toBeVisible()
  await blocker.page.screenshot({ path: `${SHOTS}/blacklist-blocker-phone.png` })

  // The blocked person, after a reload (the server's view): the old line, the old count, no tip.
  await blocked.page.reload()
  await expect(row.getByTestId('conv-row-summary')).toHaveText('你好')
  await expect(row.getByTestId('conv-row-badge')).toHaveText('1')
  await blocked.page.screenshot({ path: `${SHOTS}/blacklist-blocked-list.png` })
  await openConversation(blocked.page, `C2C${zhang!.wtId}`)
  await expect(chatPanel(blocked.page).getByText('你好')).toBeVisible()
  await expect(chatPanel(blocked.page).getByText('黑名单')).toHaveCount(0)
  await blocked.page.screenshot({ path: `${SHOTS}/blacklist-blocked-desktop.png` })
})
