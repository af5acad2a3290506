import { befriend, editor, expect, createGroup, openConversation, registerUsers, test, textRow, visible } from '../messaging/support'

test('@ lists the members for a member without everyone, and the mentioned user finds it under @me', async ({ login, request }) => {
  test.setTimeout(120_000)
  const [alice, bob, carol] = await registerUsers(request, ['Amy', 'Ben', 'Cat'])
  await befriend(request, alice!, bob!)
  await befriend(request, alice!, carol!)
  const { conversationID } = await createGroup(request, alice!, [bob!, carol!], `提及${alice!.phone.slice(-3)}`)
  const a = await login(alice!)
  const b = await login(bob!)
  const c = await login(carol!)

  // Bob is an ordinary member: no 'everyone', never himself; the prefix filter ignores case.
  await openConversation(b.page, conversationID)
  await editor(b.page).pressSequentially('@')
  const list = visible(b.page, 'mention-list')
  await expect(list.locator('[data-testid="mention-item"]')).toHaveCount(2)
  await expect(list.locator(`[data-user="${bob!.wtId}"]`)).toHaveCount(0)
  await expect(list.getByText('所有人')).toHaveCount(0)
  await editor(b.page).pressSequentially('cA')
  await expect(list.locator('[data-testid="mention-item"]')).toHaveCount(1)
  await list.locator(`[data-user="${carol!.wtId}"]`).click()
  await expect(editor(b.page)).toHaveValue(`@${carol!.nickName} `)
  await editor(b.page).pressSequentially('晚上开会')
  await editor(b.page).press('Enter')
  const sent = `@${carol!.nickName} 晚上开会`
  await expect(textRow(b.page, sent)).toHaveAttribute('data-status', 'success')

  // Carol: the @me tab holds the group, marked as mentioning her.
  await visible(c.page, 'conv-tab-atme').click()
  const row = c.page.locator(`[data-testid="conv-row"][data-id="${conversationID}"]`).filter({ visible: true })
  await expect(row).toBeVisible()
  await expect(row).toContainText('[有人@我]')

  // Alice owns the group: she is offered everyone.
  await openConversation(a.page, conversationID)
  await editor(a.page).pressSequentially('@')
  await expect(visible(a.page, 'mention-list').getByText('所有人')).toBeVisible()
})
