import { expectToast, inputByTestId, textareaByTestId } from '../support/ui'
import { chatPanel, conversationRow, createGroup, editor, expect, openConversation, pngImage, registerUsers, sendText, test, textRow, visible } from '../messaging/support'
import { closePanel, memberTile, openPanel, tipRow } from './support'

test('owner, admin and members run a group from creation to dissolution', async ({ login, request }) => {
  test.setTimeout(300_000)
  const [owner, admin, member1, member2, stranger] = await registerUsers(request, ['群主', '管理', '成员甲', '成员乙', '路人'])
  const group = await createGroup(request, owner, [admin, member1, member2], `读书会${owner.phone.slice(-3)}`)
  const o = await login(owner)
  const a = await login(admin)
  const m1 = await login(member1)
  const m2 = await login(member2)
  for (const s of [o, a, m1, m2]) await openConversation(s.page, group.conversationID)

  // The owner makes someone admin from the member card.
  await openPanel(o.page)
  await expect(visible(o.page, 'group-dissolve')).toHaveText('解散群聊')
  await memberTile(o.page, admin.wtId).click()
  await expect(visible(o.page, 'group-member-popup')).toBeVisible()
  await visible(o.page, 'group-member-admin').click()
  await expect(visible(o.page, 'group-member-popup-role')).toHaveText('管理员')
  await visible(o.page, 'group-member-popup').locator('.dialog__close').click()
  for (const s of [o, a, m1, m2]) await expect(tipRow(s.page, '被设置为管理员')).toBeVisible()
  await expect(memberTile(o.page, admin.wtId).locator('[data-testid="group-member-role"]')).toHaveText('管理员')
  await closePanel(o.page)

  // Ordinary members see the notice read-only, no management, and leave with 删除并退出.
  await openPanel(m1.page)
  await expect(visible(m1.page, 'group-notice-value')).toHaveText('暂无群公告')
  await visible(m1.page, 'group-notice-row').click()
  await expect(visible(m1.page, 'group-edit-notice')).toHaveCount(0)
  await expect(visible(m1.page, 'group-manage-row')).toHaveCount(0)
  await expect(visible(m1.page, 'group-quit')).toHaveText('删除并退出')
  await closePanel(m1.page)

  // The admin renames the group, edits the notice and the welcome message.
  const newName = `读书会改名${owner.phone.slice(-2)}`
  await openPanel(a.page)
  await visible(a.page, 'group-name-row').click()
  await visible(a.page, 'group-edit-name-clear').click()
  await visible(a.page, 'group-edit-name-save').click()
  await expect(visible(a.page, 'group-edit-name-error')).toHaveText('群名称不能为空')
  await inputByTestId(a.page, 'group-edit-name-input').fill(newName)
  await visible(a.page, 'group-edit-name-save').click()
  await expectToast(a.page, '修改成功')
  await expect(visible(a.page, 'group-name-value')).toHaveText(newName)

  await visible(a.page, 'group-notice-row').click()
  await textareaByTestId(a.page, 'group-edit-notice-input').fill('x'.repeat(151))
  await visible(a.page, 'group-edit-notice-save').click()
  await expect(visible(a.page, 'group-edit-notice-error')).toHaveText('群公告字数超出限制，最大长度为150')
  await textareaByTestId(a.page, 'group-edit-notice-input').fill('每周六晚上八点线上分享')
  await visible(a.page, 'group-edit-notice-save').click()
  await expect(visible(a.page, 'group-notice-value')).toHaveText('每周六晚上八点线上分享')

  const welcome = '欢迎加入读书会，请先看群公告'
  await visible(a.page, 'group-manage-row').click()
  await expect(visible(a.page, 'group-admins-row')).toHaveCount(0)
  await expect(visible(a.page, 'group-transfer-row')).toHaveCount(0)
  await visible(a.page, 'group-welcome-row').click()
  await textareaByTestId(a.page, 'group-edit-welcome-input').fill(welcome)
  await visible(a.page, 'group-edit-welcome-save').click()
  await expect(visible(a.page, 'group-welcome-row')).toContainText('已设置')
  await visible(a.page, 'gpanel-back').click()

  for (const s of [o, m1, m2]) {
    await expect(tipRow(s.page, `修改群名称为“${newName}”`)).toBeVisible()
    await expect(tipRow(s.page, '修改了群公告')).toBeVisible()
    await expect(visible(s.page, 'chat-header-name')).toHaveText(newName)
  }

  // The admin mutes a member; the member's send is refused.
  await memberTile(a.page, member1.wtId).click()
  await visible(a.page, 'group-member-mute').click()
  await visible(a.page, 'group-mute-choice').first().click()
  await expect(visible(a.page, 'group-member-muted')).toBeVisible()
  await visible(a.page, 'group-member-popup').locator('.dialog__close').click()
  await expect(tipRow(m1.page, '您已被管理员禁言')).toBeVisible()
  // The input gives way to the mute and its time left; the server refuses a send all the same.
  await expect(visible(m1.page, 'group-speak-hint')).toHaveText(/^您已被禁言，\d+ 分钟后解除$/)
  await expect(editor(m1.page)).toHaveCount(0)
  await expect(tipRow(m2.page, '禁言')).toBeVisible()
  await closePanel(a.page)

  // The owner mutes everyone: members are refused with 全员禁言中, the admin still speaks.
  await openPanel(o.page)
  await visible(o.page, 'group-manage-row').click()
  await visible(o.page, 'group-mute-all-switch').click()
  await expect(visible(o.page, 'group-mute-all-switch')).toHaveAttribute('aria-checked', 'true')
  // The toggle rests for 1 s after a change.
  await expect(visible(o.page, 'group-mute-all-switch')).toHaveAttribute('aria-disabled', 'true')
  await expect(visible(o.page, 'group-mute-all-switch')).not.toHaveAttribute('aria-disabled', 'true')
  await expect(tipRow(m2.page, '开启了全员禁言')).toBeVisible()
  await expect(visible(m2.page, 'group-speak-hint')).toHaveText('全员禁言中')
  await expect(editor(m2.page)).toHaveCount(0)
  await expect(visible(a.page, 'group-speak-hint')).toHaveCount(0)
  await sendText(a.page, '管理员照常发言')
  await expect(textRow(m2.page, '管理员照常发言')).toBeVisible()
  await visible(o.page, 'group-mute-all-switch').click()
  await expect(tipRow(m2.page, '关闭了全员禁言')).toBeVisible()
  await expect(visible(m2.page, 'group-speak-hint')).toHaveCount(0)
  await visible(o.page, 'gpanel-back').click()
  await closePanel(o.page)

  // A stranger finds the group by its number and applies.
  const e = await login(stranger)
  await inputByTestId(e.page, 'conv-search').fill(group.groupNumber)
  await visible(e.page, 'search-result-group').first().click()
  await expect(visible(e.page, 'group-card-name')).toHaveText(newName)
  await textareaByTestId(e.page, 'group-card-message').fill('我也想加入读书会')
  await visible(e.page, 'group-card-join').click()
  await expectToast(e.page, '申请已发送')
  await expect(visible(e.page, 'group-card-pending')).toBeVisible()
  await visible(e.page, 'group-card').locator('.dialog__close').click()

  // The admin sees the badge, opens the drawer and agrees; the drawer closes once empty.
  await expect(visible(a.page, 'group-apply-count')).toHaveText('1')
  await visible(a.page, 'group-apply-badge').click()
  await expect(visible(a.page, 'group-apply-drawer')).toBeVisible()
  await expect(visible(a.page, 'group-apply-title')).toContainText('入群申请 (1)')
  await expect(visible(a.page, 'group-apply-row')).toContainText('我也想加入读书会')
  await visible(a.page, 'group-apply-agree').click()
  await expect(visible(a.page, 'group-apply-drawer')).toHaveCount(0)
  await expect(visible(a.page, 'group-apply-badge')).toHaveCount(0)
  for (const s of [o, a, m2]) await expect(tipRow(s.page, `${stranger.nickName}加入了群聊`)).toBeVisible()

  // The new member gets the welcome message.
  await openConversation(e.page, group.conversationID)
  await expect(chatPanel(e.page).locator('[data-testid="msg-row"]').filter({ hasText: welcome })).toBeVisible()
  // It is the newcomer's alone.
  await expect(chatPanel(o.page).locator('[data-testid="msg-row"]').filter({ hasText: welcome })).toHaveCount(0)

  // The owner transfers ownership to the admin, through the confirmation.
  await openPanel(o.page)
  await visible(o.page, 'group-manage-row').click()
  await visible(o.page, 'group-transfer-row').click()
  await o.page.locator(`[data-testid="group-select-item"][data-id="${admin.wtId}"]`).filter({ visible: true }).click()
  await visible(o.page, 'group-select-submit').click()
  await expect(visible(o.page, 'group-transfer-dialog')).toContainText('转让群主')
  await expect(visible(o.page, 'group-transfer-dialog')).toContainText('不可撤销')
  await visible(o.page, 'group-transfer-dialog-confirm').click()
  await expectToast(o.page, '转让成功')
  await expect(visible(o.page, 'group-quit')).toHaveText('删除并退出')
  for (const s of [o, a, m1, e]) await expect(tipRow(s.page, '成为新的群主')).toBeVisible()
  await closePanel(o.page)

  // A member deletes and quits: the leave banner replaces their input; only admins see the quit.
  await openPanel(m2.page)
  await visible(m2.page, 'group-quit').click()
  await visible(m2.page, 'group-leave-dialog-confirm').click()
  await expectToast(m2.page, '退出群聊成功')
  await expect(visible(m2.page, 'leave-banner')).toContainText('您已退出该群聊')
  await expect(visible(m2.page, 'chat-editor')).toHaveCount(0)
  await expect(tipRow(a.page, `${member2.nickName}退出了群聊`)).toBeVisible()
  await expect(tipRow(m1.page, '退出了群聊')).toHaveCount(0)

  // The new owner dissolves the group; everyone sees it and loses the input.
  await openPanel(a.page)
  await visible(a.page, 'group-dissolve').click()
  await expect(visible(a.page, 'group-leave-dialog')).toContainText('解散')
  await visible(a.page, 'group-leave-dialog-confirm').click()
  await expectToast(a.page, '解散群聊成功')
  for (const s of [o, a, m1, e]) {
    await expect(tipRow(s.page, '解散了群聊')).toBeVisible()
    await expect(visible(s.page, 'leave-banner')).toContainText('该群聊已被解散')
  }
  await expect(conversationRow(o.page, group.conversationID)).toBeVisible()
})

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a long group name ends with an ellipsis on 群聊信息 (${label})`, async ({ login, request }) => {
    const [owner, member] = await registerUsers(request, ['群主', '成员'])
    const name = '周末读书会与摄影爱好者交流群一二'
    const group = await createGroup(request, owner, [member], name)
    const o = await login(owner, { viewport })
    await openConversation(o.page, group.conversationID)
    await openPanel(o.page)
    const value = visible(o.page, 'group-name-value')
    await expect(value).toHaveText(name)
    const cut = await value.evaluate((el) => {
      const style = getComputedStyle(el)
      return { ellipsis: style.textOverflow, whiteSpace: style.whiteSpace, truncated: el.scrollWidth > el.clientWidth }
    })
    expect(cut).toEqual({ ellipsis: 'ellipsis', whiteSpace: 'nowrap', truncated: true })
    await o.page.screenshot({ path: `test-results/e2e/groups/group-name-ellipsis-${label}.png` })
  })
}

test('the add-admin picker counts the picks after its label: 完成(1)', async ({ login, request }) => {
  const [owner, member] = await registerUsers(request, ['群主', '成员'])
  const group = await createGroup(request, owner, [member], `管理员${owner.phone.slice(-3)}`)
  const o = await login(owner, { viewport: { width: 390, height: 844 } })
  await openConversation(o.page, group.conversationID)
  await openPanel(o.page)
  await visible(o.page, 'group-manage-row').click()
  await visible(o.page, 'group-admins-row').click()
  await visible(o.page, 'group-admins-add').click()
  const done = visible(o.page, 'group-select-submit')
  await expect(done).toHaveText('完成')
  await o.page.locator(`[data-testid="group-select-item"][data-id="${member.wtId}"]`).filter({ visible: true }).click()
  await expect(done).toHaveText('完成(1)')
  await o.page.screenshot({ path: 'test-results/e2e/groups/add-admin-picked.png' })
  await done.click()
  await expect(o.page.locator(`[data-testid="group-admins-row"][data-id="${member.wtId}"]`).filter({ visible: true })).toBeVisible()
})

test('举报 in 群聊信息 sends a report of the group with its picture and goes back to the panel', async ({ login, request }) => {
  const [owner, member] = await registerUsers(request, ['群主', '成员'])
  const group = await createGroup(request, owner, [member], `举报群${owner.phone.slice(-3)}`)
  const m = await login(member)
  await openConversation(m.page, group.conversationID)
  await openPanel(m.page)
  await visible(m.page, 'group-report-row').click()
  const form = visible(m.page, 'group-panel-report')
  const submit = form.locator('[data-testid="report-submit"]')
  await expect(submit).toHaveClass(/btn--disabled/)
  await form.locator('[data-testid="report-type"]').first().click()
  await form.locator('[data-testid="report-detail"] textarea, textarea[data-testid="report-detail"]').fill('发布违规广告')
  const chooser = m.page.waitForEvent('filechooser')
  await form.locator('[data-testid="report-add-image"]').click()
  await (await chooser).setFiles([{ name: '证据.png', mimeType: 'image/png', buffer: pngImage(60, 40, [200, 40, 40], [250, 250, 250]) }])
  await expect(form.locator('[data-testid="report-image"][data-uploaded="true"]')).toHaveCount(1)
  await expect(submit).not.toHaveClass(/btn--disabled/)
  const sent = m.page.waitForRequest((r) => r.url().endsWith('/api/complaint/add'))
  await submit.click()
  expect((await sent).postDataJSON()).toMatchObject({ targetId: group.groupNumber, type: 1, complaintDetail: '发布违规广告' })
  await expectToast(m.page, '感谢你的反馈，我们会尽快核实')
  await expect(form).toHaveCount(0)
  await expect(visible(m.page, 'group-report-row')).toBeVisible()
})
