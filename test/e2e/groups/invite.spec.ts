import { expectToast, inputByTestId } from '../support/ui'
import { chatPanel, conversationRow, createGroup, expect, openConversation, registerUsers, sendText, test, textRow, visible } from '../messaging/support'
import { openPanel, tipRow } from './support'

test('a member invited into an existing group sees the join tip and can chat', async ({ login, request }) => {
  test.setTimeout(120_000)
  const [owner, member, newcomer] = await registerUsers(request, ['老王', '小李', '新人'])
  const group = await createGroup(request, owner, [member], `户外群${owner.phone.slice(-3)}`)
  const o = await login(owner)
  const n = await login(newcomer)
  await openConversation(o.page, group.conversationID)
  await sendText(o.page, '邀请前的消息')

  await openPanel(o.page)
  await visible(o.page, 'group-invite-slot').click()
  await expect(visible(o.page, 'group-invite-dialog')).toBeVisible()
  await inputByTestId(o.page, 'picker-search').fill(newcomer.wtId)
  await o.page.locator(`[data-testid="picker-item"][data-id="${newcomer.wtId}"]`).filter({ visible: true }).click()
  await visible(o.page, 'group-invite-submit').click()
  await expectToast(o.page, '邀请成功')
  await expect(o.page.locator(`[data-testid="group-member"][data-id="${newcomer.wtId}"]`).filter({ visible: true })).toBeVisible()
  await expect(visible(o.page, 'chat-member-count')).toHaveText('(3)')

  // The newcomer gets the conversation live, starting at the join tip.
  await expect(conversationRow(n.page, group.conversationID)).toBeVisible()
  await openConversation(n.page, group.conversationID)
  await expect(tipRow(n.page, `${owner.nickName}邀请你加入了群聊`)).toBeVisible()
  await expect(textRow(n.page, '邀请前的消息')).toHaveCount(0)
  await sendText(n.page, '大家好，我是新人')
  await expect(textRow(o.page, '大家好，我是新人')).toBeVisible()

  // Clearing the history empties the chat for the owner only; the group goes on.
  await visible(o.page, 'group-clear-row').click()
  await visible(o.page, 'group-clear-dialog-confirm').click()
  await expectToast(o.page, '清空聊天记录成功')
  await expect(conversationRow(o.page, group.conversationID)).toBeVisible()
  await expect(chatPanel(o.page)).toHaveAttribute('data-conversation', group.conversationID)
  await expect(textRow(o.page, '大家好，我是新人')).toHaveCount(0)
  await expect(textRow(n.page, '大家好，我是新人')).toBeVisible()
  await sendText(n.page, '清空之后')
  await expect(textRow(o.page, '清空之后')).toBeVisible()
})
